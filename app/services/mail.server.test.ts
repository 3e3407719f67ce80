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
  await sendMail({ to: "noa@example.com", subject: "s", text: `t ${LINK}`, html: `<a href="${LINK}">x</a>` });
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
  it("in production logs the mail's id, never its recipient or its link", async () => {
    const logged = await sendWith("production");
    const id = /mail (\S+) written to the outbox/.exec(logged)?.[1];
    const file = path.join(dir, "outbox", `${id}.eml`);
    expect(logged).not.toContain("noa@example.com");
    expect(logged).not.toContain("secret-token-value");
    // The operator still finds the link in the outbox file.
    expect(fs.readFileSync(file!, "utf8").replace(/=\r?\n/g, "")).toContain("secret-token-value");
  });

  it("outside production names the recipient and the file, for whoever runs it locally", async () => {
    const logged = await sendWith("development");
    expect(logged).toContain("mail to noa@example.com written to");
    const file = /written to (\S+\.eml)/.exec(logged)?.[1];
    expect(fs.readFileSync(file!, "utf8").replace(/=\r?\n/g, "")).toContain("secret-token-value");
  });

  it("forgets the mails to one address and keeps the others", async () => {
    vi.stubEnv("NODE_ENV", "development");
    vi.resetModules();
    const { sendMail, forgetMailsTo } = await import("./mail.server");
    vi.spyOn(console, "info").mockImplementation(() => {});
    for (const to of ["noa@example.com", "NOA@example.com", "dan@example.com", "noa@example.com.evil"]) await sendMail({ to, subject: "s", text: "t", html: "<p>t</p>" });
    expect(forgetMailsTo(["noa@example.com", "noa.shop@example.com"])).toBe(2);
    const left = fs.readdirSync(path.join(dir, "outbox")).map((name) => fs.readFileSync(path.join(dir, "outbox", name), "utf8"));
    expect(left).toHaveLength(2);
    expect(left.join("\n")).not.toMatch(/^To: noa@example\.com$/im);
  });
});
