import { eq } from "drizzle-orm";
import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicOrigin } from "~/config.server";
import { authProviders, users } from "~/db/schema";
import { DEMO_USER } from "~/demo/seed.server";
import { useTestDatabase } from "../support/test-db";
import { useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);
const provider = new OAuth2Server();
let person = { sub: "", email: "", given_name: "יעל", family_name: "שמיר" };

beforeAll(async () => {
  await provider.issuer.keys.generate("RS256");
  await provider.start(0, "127.0.0.1");
  const issuer = provider.issuer.url!;
  Object.assign(process.env, {
    OAUTH_CLIENT_ID: "shuk-test",
    OAUTH_CLIENT_SECRET: "shuk-test-secret",
    OAUTH_AUTHORIZATION_URL: `${issuer}/authorize`,
    OAUTH_TOKEN_URL: `${issuer}/token`,
    OAUTH_USERINFO_URL: `${issuer}/userinfo`,
    OAUTH_PROVIDER: "google",
    OAUTH_PROVIDER_NAME: "Google",
  });
  provider.service.on("beforeUserinfo", (userInfo) => {
    userInfo.body = person;
  });
});

afterAll(async () => {
  for (const key of ["OAUTH_CLIENT_ID", "OAUTH_CLIENT_SECRET", "OAUTH_AUTHORIZATION_URL", "OAUTH_TOKEN_URL", "OAUTH_USERINFO_URL", "OAUTH_PROVIDER", "OAUTH_PROVIDER_NAME"]) delete process.env[key];
  await provider.stop();
});

function cookieHeader(response: Response) {
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

/** /api/login -> the provider -> /api/login/callback, following redirects by hand. */
async function signInThroughProvider() {
  const start = await app.fetch("/api/login");
  expect(start.status).toBe(302);
  const authorize = start.headers.get("location")!;
  expect(authorize.startsWith(provider.issuer.url!)).toBe(true);
  // The provider sends the person back to the configured address, not to the request's Host.
  expect(new URL(authorize).searchParams.get("redirect_uri")).toBe(`${publicOrigin()}/api/login/callback`);
  const stateCookie = cookieHeader(start);
  const back = await fetch(authorize, { redirect: "manual" });
  const callback = new URL(back.headers.get("location")!);
  expect(callback.pathname).toBe("/api/login/callback");
  return app.fetch(callback.pathname + callback.search, { headers: { Cookie: stateCookie } });
}

describe("external sign-in (OAuth2 / OpenID Connect)", () => {
  it("creates an account for a new person, links the provider, and sends them to choose a community", async () => {
    person = { ...person, sub: "google-123", email: "yael@example.com" };
    const done = await signInThroughProvider();
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe("/onboarding/community");
    const me = await app.fetch("/api/auth/user", { headers: { Cookie: cookieHeader(done) } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: "yael@example.com", firstName: "יעל", communityId: null });
    const user = db().select().from(users).where(eq(users.email, "yael@example.com")).get()!;
    expect(db().select().from(authProviders).where(eq(authProviders.userId, user.id)).get()).toMatchObject({ type: "google", providerId: "google-123" });
  });

  it("links to an existing account with the same e-mail, and signs in by the link afterwards", async () => {
    person = { ...person, sub: "google-demo", email: DEMO_USER.email.toUpperCase() };
    const first = await signInThroughProvider();
    expect(first.headers.get("location")).toBe("/");
    const demo = db().select().from(users).where(eq(users.email, DEMO_USER.email)).get()!;
    expect(db().select().from(authProviders).where(eq(authProviders.providerId, "google-demo")).get()?.userId).toBe(demo.id);
    const countBefore = db().select().from(users).all().length;
    person = { ...person, email: "changed-address@example.com" };
    const again = await signInThroughProvider();
    const me = await (await app.fetch("/api/auth/user", { headers: { Cookie: cookieHeader(again) } })).json();
    expect(me.email).toBe(DEMO_USER.email);
    expect(db().select().from(users).all()).toHaveLength(countBefore);
  });

  it("returns to /login with a message when the provider sends no e-mail", async () => {
    person = { ...person, sub: "google-no-mail", email: "" };
    const done = await signInThroughProvider();
    expect(done.headers.get("location")).toBe("/login");
    expect(done.headers.getSetCookie().some((c) => c.includes("shuk_session"))).toBe(false);
  });

  it("says it is not configured when the variables are unset", async () => {
    const saved = process.env.OAUTH_CLIENT_ID;
    delete process.env.OAUTH_CLIENT_ID;
    try {
      const response = await app.fetch("/api/login");
      expect(response.headers.get("location")).toBe("/login?tab=password");
    } finally {
      process.env.OAUTH_CLIENT_ID = saved;
    }
  });
});
