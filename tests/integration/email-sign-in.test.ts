import { eq } from "drizzle-orm";
import http from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { createEmailToken } from "~/auth/email-tokens.server";
import { sessions, users } from "~/db/schema";
import { DEMO_USER } from "~/demo/seed.server";
import { linkIn } from "../support/mail-catcher";
import { useMailCatcher } from "../support/use-mail-catcher";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);
const mail = useMailCatcher();


/** The cookies a response sets, as a Cookie header. */
function cookiesOf(response: Response) {
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

async function waitForMail(to: string) {
  for (let i = 0; i < 50; i++) {
    const found = mail.inbox.find((m) => m.to.includes(to));
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to}`);
}

/** The token in a mailed link. */
function tokenOf(link: string) {
  return new URL(link).searchParams.get("token")!;
}

/** The sign-in button of the magic-link page: a form POST carrying the token. */
function signInWith(token: string) {
  return app.fetch("/auth/magic", { method: "POST", headers: { Accept: "text/html" }, body: new URLSearchParams({ token }) });
}

function pathOf(link: string) {
  const url = new URL(link);
  return url.pathname + url.search;
}

describe("magic link", () => {
  it("e-mails a link that signs the person in once, then refuses it", async () => {
    mail.inbox.length = 0;
    const response = await app.fetch("/api/auth/magic-link", jsonInit("POST", { email: DEMO_USER.email }));
    expect(response.status).toBe(200);
    const message = await waitForMail(DEMO_USER.email);
    const link = linkIn(message.raw, "/auth/magic?token=");
    expect(link).toBeTruthy();

    const page = await app.fetch(pathOf(link!));
    expect(page.status).toBe(200);
    const followed = await signInWith(tokenOf(link!));
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/");
    const me = await app.fetch("/api/auth/user", { headers: { Cookie: cookiesOf(followed) } });
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe(DEMO_USER.email);

    const again = await app.fetch(pathOf(link!));
    expect(again.headers.get("location")).toBe("/login?tab=magic");
    expect(again.headers.getSetCookie().some((c) => c.includes("shuk_session"))).toBe(false);
  });

  it("is not spent by opening it: the page asks for a button press, and only that signs in, once", async () => {
    const user = db().select().from(users).where(eq(users.email, DEMO_USER.email)).get()!;
    const token = createEmailToken(db(), { email: user.email, userId: user.id, purpose: "magic" });
    // A mail scanner (or the person) opens the link twice: nothing is spent, no one is signed in.
    for (let i = 0; i < 2; i++) {
      const page = await app.fetch(`/auth/magic?token=${token}`, { headers: { Accept: "text/html" } });
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toContain("no-store");
      expect(page.headers.getSetCookie().some((c) => c.includes("shuk_session"))).toBe(false);
      const html = await page.text();
      expect(html).toContain("כניסה לחשבון");
      // The account it signs in to, masked: "d***@shuk.example" for the demo shopper.
      expect(html).toContain(`${DEMO_USER.email[0]}***@${DEMO_USER.email.split("@")[1]}`);
      expect(html).not.toContain(DEMO_USER.email);
      expect(html).toMatch(/<form(?=[^>]*method="post")(?=[^>]*action="\/auth\/magic")[^>]*>/);
      expect(html).toContain(`name="token" value="${token}"`);
    }
    expect(db().select().from(sessions).all()).toHaveLength(0);

    const signedIn = await signInWith(token);
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/");
    expect((await app.fetch("/api/auth/user", { headers: { Cookie: cookiesOf(signedIn) } })).status).toBe(200);

    const replayed = await signInWith(token);
    expect(replayed.status).toBe(302);
    expect(replayed.headers.get("location")).toBe("/login?tab=magic");
    expect(replayed.headers.getSetCookie().some((c) => c.includes("shuk_session"))).toBe(false);
    // The same message as an old link: the toast says the link expired or was used.
    const login = await app.fetch("/login?tab=magic", { headers: { Cookie: cookiesOf(replayed) } });
    expect(await login.text()).toContain("הקישור פג תוקף או שכבר השתמשו בו");
  });

  it("refuses an unknown, empty or absurdly long token on the button too", async () => {
    for (const token of ["not-a-token", "", "x".repeat(10_000)]) {
      const response = await signInWith(token);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/login?tab=magic");
    }
    expect((await app.fetch("/auth/magic")).headers.get("location")).toBe("/login?tab=magic");
  });

  it("answers the same for an unknown address and sends nothing", async () => {
    mail.inbox.length = 0;
    const response = await app.fetch("/api/auth/magic-link", jsonInit("POST", { email: "nobody-here@example.com" }));
    expect(response.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(mail.inbox).toHaveLength(0);
  });

  it("refuses a bad address with the spec's message", async () => {
    const response = await app.fetch("/api/auth/magic-link", jsonInit("POST", { email: "nope" }));
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("כתובת מייל לא תקינה");
  });

  it("refuses a link older than 15 minutes", async () => {
    const user = db().select().from(users).where(eq(users.email, DEMO_USER.email)).get()!;
    const token = createEmailToken(db(), { email: user.email, userId: user.id, purpose: "magic" }, new Date(Date.now() - 16 * 60_000));
    expect((await app.fetch(`/auth/magic?token=${token}`)).headers.get("location")).toBe("/login?tab=magic");
    expect((await signInWith(token)).headers.get("location")).toBe("/login?tab=magic");
  });
});

/**
 * A request whose Host header says `host`: fetch() refuses to set Host, node:http does not.
 * Answers the status code once the body is read.
 */
function requestWithHost(url: string, host: string, method: string, contentType: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers: { Host: host, "Content-Type": contentType, "Content-Length": Buffer.byteLength(body), Accept: "text/html" } }, (response) => {
      response.resume();
      response.on("end", () => resolve(response.statusCode ?? 0));
    });
    request.on("error", reject);
    request.end(body);
  });
}

describe("mailed links", () => {
  const configured = "https://shuk.example";
  afterEach(() => {
    delete process.env.APP_URL;
  });

  // Whoever can make the server mail a link with their own host in it collects the token
  // when the person clicks: the host must come from APP_URL, whatever the request says.
  it.each([
    { path: "/forgot-password", form: true, link: "/reset-password?token=" },
    { path: "/api/auth/password/reset/request", form: false, link: "/reset-password?token=" },
    { path: "/login", form: true, link: "/auth/magic?token=" },
    { path: "/api/auth/magic-link", form: false, link: "/auth/magic?token=" },
  ])("POST $path with a forged Host mails a link to the configured address", async ({ path, form, link: linkPath }) => {
    process.env.APP_URL = `${configured}/`;
    mail.inbox.length = 0;
    const status = form
      ? await requestWithHost(app.url(path), "evil.example", "POST", "application/x-www-form-urlencoded", new URLSearchParams({ email: DEMO_USER.email, intent: "magic" }).toString())
      : await requestWithHost(app.url(path), "evil.example", "POST", "application/json", JSON.stringify({ email: DEMO_USER.email }));
    expect(status).toBeLessThan(400);
    const message = await waitForMail(DEMO_USER.email);
    expect(message.raw.replace(/=\r?\n/g, "")).not.toContain("evil.example");
    const link = linkIn(message.raw, linkPath);
    expect(new URL(link!).origin).toBe(configured);
  });

  it("uses the local listen address when APP_URL is not set, never the Host header", async () => {
    mail.inbox.length = 0;
    const status = await requestWithHost(app.url("/forgot-password"), "evil.example", "POST", "application/x-www-form-urlencoded", new URLSearchParams({ email: DEMO_USER.email }).toString());
    expect(status).toBe(302);
    const link = linkIn((await waitForMail(DEMO_USER.email)).raw, "/reset-password?token=");
    expect(new URL(link!).origin).toBe(`http://localhost:${process.env.PORT ?? 3000}`);
  });
});

describe("password reset", () => {
  it("e-mails a reset link; the new password works, the old one and every old session do not", async () => {
    mail.inbox.length = 0;
    const oldToken = (await (await app.fetch("/api/auth/login", jsonInit("POST", { email: DEMO_USER.email, password: DEMO_USER.password }))).json()).token;
    const request = await app.fetch("/api/auth/password/reset/request", jsonInit("POST", { email: DEMO_USER.email }));
    expect(request.status).toBe(200);
    const link = linkIn((await waitForMail(DEMO_USER.email)).raw, "/reset-password?token=");
    const token = new URL(link!).searchParams.get("token")!;

    const short = await app.fetch("/reset-password", { method: "POST", body: new URLSearchParams({ token, password: "short", confirmPassword: "short" }) });
    expect(short.status).toBe(400);

    const reset = await app.fetch("/reset-password", {
      method: "POST",
      headers: { Accept: "text/html" },
      body: new URLSearchParams({ token, password: "a-brand-new-password", confirmPassword: "a-brand-new-password" }),
    });
    expect(reset.status).toBe(302);
    expect((await app.fetch("/api/auth/user", jsonInit("GET", undefined, oldToken))).status).toBe(401);
    expect((await app.fetch("/api/auth/login", jsonInit("POST", { email: DEMO_USER.email, password: DEMO_USER.password }))).status).toBe(401);
    expect((await app.fetch("/api/auth/login", jsonInit("POST", { email: DEMO_USER.email, password: "a-brand-new-password" }))).status).toBe(200);
    const me = await app.fetch("/api/auth/user", { headers: { Cookie: cookiesOf(reset) } });
    expect(me.status).toBe(200);

    const reused = await app.fetch("/reset-password", { method: "POST", body: new URLSearchParams({ token, password: "another-password-1", confirmPassword: "another-password-1" }) });
    expect(reused.status).toBe(400);
  });
});

describe("rate limits", () => {
  it("answers 429 in Hebrew once login attempts pass the limit, and counts nothing more", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const response = await app.fetch("/api/auth/login", jsonInit("POST", { email: DEMO_USER.email, password: "wrong-password" }));
      statuses.push(response.status);
      if (response.status === 429) {
        expect((await response.json()).message).toMatch(/יותר מדי ניסיונות/);
        break;
      }
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
    expect(statuses.at(-1)).toBe(429);
    // Even the right password waits out the block.
    expect((await app.fetch("/api/auth/login", jsonInit("POST", { email: DEMO_USER.email, password: DEMO_USER.password }))).status).toBe(429);
    expect(db().select().from(sessions).all()).toHaveLength(0);
  });

  it("limits sign-ups per address", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const init = jsonInit("POST", { email: `many-${i}@example.com`, firstName: "רב", lastName: "ניסיונות", communityId: "x" });
      (init.headers as Record<string, string>)["X-Test-Client"] = "192.0.2.7";
      statuses.push((await app.fetch("/api/auth/signup", init)).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
