import { afterEach, describe, expect, it, vi } from "vitest";

/** The `lng` cookie as set under the given environment (config.server.ts reads it at import). */
async function languageCookie(env: Record<string, string>) {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  const { localeCookie } = await import("./language.server");
  return localeCookie.serialize("en");
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the language cookie", () => {
  it("is Secure in production", async () => {
    expect(await languageCookie({ NODE_ENV: "production" })).toMatch(/; Secure/);
  });

  it("is not Secure when the operator serves plain HTTP (INSECURE_COOKIES=1) or outside production", async () => {
    expect(await languageCookie({ NODE_ENV: "production", INSECURE_COOKIES: "1" })).not.toMatch(/Secure/);
    expect(await languageCookie({ NODE_ENV: "development" })).not.toMatch(/Secure/);
  });
});
