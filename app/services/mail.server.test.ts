import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const LINK = "http://localhost:3000/auth/magic?token=secret-token-value";
let dir: string;

/** mail.server.ts as a fresh import, so it reads NODE_ENV (through config.server.ts) anew. */
async function sendWith(nodeEnv: string) {
  vi.stubEnv("NODE_ENV", nodeEnv);
  vi.resetModules();
  const { sendMail } = await import("./mail.server");
  const info = vi.spyOn(console, "info").mockImplementation(() => {});
  await sendMail({ to: "noa@example.com", subject: "s", text: `t ${LINK}`, html: `<a href="${LINK}">x</a>`, link: LINK });
  return info.mock.calls.map((call) => call.join(" ")).join("\n");
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-mail-"));
  vi.stubEnv("DATABASE_PATH", path.join(dir, "app.db"));
  vi.stubEnv("SMTP_URL", "");
});
afterEach(() => {
  vi.unstubAllEnvs();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("mail without an SMTP server", () => {
  it("in production logs where the mail was written, never its link", async () => {
    const logged = await sendWith("production");
    const file = /written to (\S+\.eml)/.exec(logged)?.[1];
    expect(logged).toContain("mail to noa@example.com written to");
    expect(logged).not.toContain("secret-token-value");
    // The operator still finds the link in the outbox file.
    expect(fs.readFileSync(file!, "utf8").replace(/=\r?\n/g, "")).toContain("secret-token-value");
  });

  it("outside production logs the link too, for whoever runs it locally", async () => {
    expect(await sendWith("development")).toContain(`link: ${LINK}`);
  });
});
