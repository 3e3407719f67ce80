// A new market, as a self-hoster starts it: no DEMO_DATA, no ADMIN_SECRET. The start makes no
// demo accounts and prints a one-time setup link; that link, and nothing else, makes the first
// admin, once. The forms are posted as a browser without JavaScript posts them.
import { eq, sql } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_SETUP_DAYS, prepareAdminSetup } from "~/auth/admin-setup.server";
import { migrateDatabase, openDatabase, type Db } from "~/db/client.server";
import { communities, magicTokens, users } from "~/db/schema";
import { DEMO_ADMIN } from "~/demo/seed.server";
import { jsonInit, useTestServer } from "../support/test-server";
import { loadServerBuild } from "../support/server-build";

interface AppEntry {
  prepareServer(): Promise<{ adminSetupPath: string | null; adminSetupUrl: string | null }>;
  stopServer(): void;
}

const PASSWORD = "garden-bed-2026";
const SETUP_PATH = /^\/admin\/create\?setup=([A-Za-z0-9_-]{43})$/;

let dir = "";
let current: Db | undefined;
const saved = { ADMIN_SECRET: process.env.ADMIN_SECRET, DEMO_DATA: process.env.DEMO_DATA, DATABASE_PATH: process.env.DATABASE_PATH };

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-first-admin-"));
  // The server reads these at start and at every attempt.
  delete process.env.ADMIN_SECRET;
  delete process.env.DEMO_DATA;
});
afterAll(() => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  fs.rmSync(dir, { recursive: true, force: true });
});

let counter = 0;
/** An empty, migrated database: what a new market starts from. */
function emptyDatabase(): Db {
  const db = openDatabase(path.join(dir, `market-${++counter}.db`));
  migrateDatabase(db);
  return db;
}

const db = () => {
  if (!current) throw new Error("no database outside a test");
  return current;
};
const app = useTestServer(db);

beforeEach(() => {
  current = emptyDatabase();
});
afterEach(() => {
  current?.$client.close();
  current = undefined;
});

const adminCount = () => db().get<{ n: number }>(sql`select count(*) as n from ${users} where ${users.role} = 'ADMIN'`).n;

function adminForm(email: string, secretCode: string) {
  return new URLSearchParams({ email, password: PASSWORD, confirmPassword: PASSWORD, secretCode });
}

/** Posts the /admin/create form to `pathname`, from its own client address (the rate limit counts per address). */
function postForm(pathname: string, form: URLSearchParams) {
  return app.fetch(pathname, { method: "POST", body: form, headers: { Accept: "text/html", "X-Test-Client": `198.51.100.${++counter}` } });
}

function setupLink(): { path: string; token: string } {
  const setupPath = prepareAdminSetup(db(), undefined);
  const token = SETUP_PATH.exec(setupPath ?? "")?.[1];
  if (!setupPath || !token) throw new Error(`no setup link: ${setupPath}`);
  return { path: setupPath, token };
}

describe("starting the production build on an empty database", () => {
  it("migrates without demo data and returns a one-time setup link, keeping only its hash", async () => {
    const file = path.join(dir, "started.db");
    process.env.DATABASE_PATH = file;
    const build = await loadServerBuild();
    const entry = build.entry.module as unknown as AppEntry;
    const start = await entry.prepareServer();
    entry.stopServer();
    process.env.DATABASE_PATH = saved.DATABASE_PATH;

    expect(start.adminSetupPath).toMatch(SETUP_PATH);
    expect(start.adminSetupUrl).toBe(`http://localhost:${process.env.PORT ?? 3000}${start.adminSetupPath}`);
    const token = SETUP_PATH.exec(start.adminSetupPath!)![1]!;

    const started = openDatabase(file);
    try {
      expect(started.get<{ n: number }>(sql`select count(*) as n from ${users}`).n).toBe(0);
      expect(started.get<{ n: number }>(sql`select count(*) as n from ${communities}`).n).toBe(0);
      const rows = started.select().from(magicTokens).all();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.meta).toEqual({ purpose: "admin-setup" });
      expect(JSON.stringify(rows)).not.toContain(token);
      const days = (rows[0]!.expiresAt.getTime() - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(ADMIN_SETUP_DAYS - 0.1);
      expect(days).toBeLessThanOrEqual(ADMIN_SETUP_DAYS);
    } finally {
      started.$client.close();
    }
  });

  it("makes no link when ADMIN_SECRET is set or an admin exists, and retires the last one at each start", async () => {
    const first = setupLink();
    const second = setupLink();
    expect(second.token).not.toBe(first.token);
    // The first link, from an older log, no longer opens the form.
    expect(await (await app.fetch(first.path)).text()).toContain('data-testid="admin-setup-spent"');

    expect(prepareAdminSetup(db(), "a-configured-secret")).toBeNull();
    expect(await (await app.fetch(second.path)).text()).toContain('data-testid="admin-setup-spent"');

    db().insert(users).values({ email: "owner@example.com", role: "ADMIN" }).run();
    expect(prepareAdminSetup(db(), undefined)).toBeNull();
    expect(db().select().from(magicTokens).all()).toHaveLength(0);
  });
});

describe("a new market's pages", () => {
  it("answer 200 with their empty states, and the demo admin's password opens nothing", async () => {
    const home = await app.fetch("/");
    expect(home.status).toBe(200);
    const homeHtml = await home.text();
    expect(homeHtml).toContain('data-testid="hot-vegetables-empty"');
    expect(homeHtml).toContain("עוד אין כאן מבצעים");

    const deals = await app.fetch("/deals");
    expect(deals.status).toBe(200);
    expect(await deals.text()).toContain("עוד אין מבצעים");
    // A search that finds nothing is still "no matching deals", with the way back.
    expect(await (await app.fetch("/deals?q=zzz")).text()).toContain('data-testid="deals-empty"');

    const signup = await app.fetch("/signup");
    expect(signup.status).toBe(200);
    expect(await signup.text()).toContain("עוד לא נפתחה אף קהילה בשוק");

    expect((await app.fetch("/login")).status).toBe(200);
    const demo = await app.fetch("/api/auth/login", jsonInit("POST", { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }));
    expect(demo.status).toBe(401);
  });
});

describe("/admin/create on a new market", () => {
  it("refuses every code without ADMIN_SECRET and without the setup token", async () => {
    setupLink();
    const form = await postForm("/admin/create", adminForm("guess@example.com", "guess"));
    expect(form.status).toBe(403);
    const html = await form.text();
    expect(html).toContain("שגיאה ביצירת אדמין");
    expect(html).toContain("ADMIN_SECRET");

    const api = await app.fetch("/api/admin/create-admin", jsonInit("POST", { email: "guess@example.com", password: PASSWORD, secretCode: "guess" }));
    expect(api.status).toBe(403);
    expect(adminCount()).toBe(0);
  });

  it("opens from the setup link asking only for an e-mail and a password, kept out of caches", async () => {
    const link = setupLink();
    const page = await app.fetch(link.path);
    expect(page.status).toBe(200);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(page.headers.get("referrer-policy")).toBe("same-origin");
    const html = await page.text();
    expect(html).toContain("זה יהיה המנהל הראשון של השוק");
    // The code arrives with the link, hidden: the only secretCode field in the page.
    expect(html.match(/<input[^>]*name="secretCode"[^>]*>/g)).toEqual([`<input type="hidden" name="secretCode" value="${link.token}"/>`]);
    // Without JavaScript the form posts to the same address, token and all.
    expect(html).toMatch(/<form[^>]+action="\/admin\/create\?setup=/);
  });

  it("creates exactly one admin from the link, who is signed in at once; a second use is refused", async () => {
    const link = setupLink();
    const created = await postForm(link.path, adminForm("owner@example.com", link.token));
    expect(created.status).toBe(302);
    // Signed in (#45): straight to her dashboard with a session, not to /login to type it again.
    expect(created.headers.get("location")).toBe("/admin");
    const session = created.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    expect(session).toContain("shuk_session=");
    const dashboard = await app.fetch("/admin", { headers: { Accept: "text/html", Cookie: session } });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("התחברת בתור owner@example.com");
    const owner = db().select().from(users).where(eq(users.email, "owner@example.com")).get();
    expect(owner?.role).toBe("ADMIN");
    expect(adminCount()).toBe(1);
    const login = await app.fetch("/api/auth/login", jsonInit("POST", { email: "owner@example.com", password: PASSWORD }));
    expect(login.status).toBe(200);

    const again = await postForm(link.path, adminForm("second@example.com", link.token));
    expect(again.status).toBe(403);
    expect(await again.text()).toContain("קישור ההקמה הזה כבר לא פעיל");
    const api = await app.fetch("/api/admin/create-admin", jsonInit("POST", { email: "third@example.com", password: PASSWORD, secretCode: link.token }));
    expect(api.status).toBe(403);
    expect((await api.json()).message).toContain("קישור ההקמה הזה כבר לא פעיל");
    // The page itself says so, and asks for the secret code instead.
    const page = await (await app.fetch(link.path)).text();
    expect(page).toContain('data-testid="admin-setup-spent"');
    expect(page).toMatch(/<input[^>]*type="password"[^>]*name="secretCode"/);
    expect(page).not.toContain(`value="${link.token}"`);
    expect(adminCount()).toBe(1);
  });

  it("keeps the link when the e-mail is taken, so the person can choose another", async () => {
    const link = setupLink();
    db().insert(users).values({ email: "taken@example.com", role: "USER" }).run();
    const taken = await postForm(link.path, adminForm("taken@example.com", link.token));
    expect(taken.status).toBe(409);
    expect(adminCount()).toBe(0);
    expect((await postForm(link.path, adminForm("owner@example.com", link.token))).status).toBe(302);
    expect(adminCount()).toBe(1);
  });

  it("refuses a first admin's 6-character password, as it refuses a shopper's (#45)", async () => {
    const link = setupLink();
    const form = new URLSearchParams({ email: "owner@example.com", password: "garden", confirmPassword: "garden", secretCode: link.token });
    const short = await postForm(link.path, form);
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("הסיסמה חייבת להכיל לפחות 10 תווים");
    expect(adminCount()).toBe(0);
  });

  it("gives one admin when two people use the link at once", async () => {
    const link = setupLink();
    const answers = await Promise.all(
      ["a@example.com", "b@example.com", "c@example.com"].map((email, i) =>
        app.fetch("/api/admin/create-admin", { ...jsonInit("POST", { email, password: PASSWORD, secretCode: link.token }), headers: { "Content-Type": "application/json", "X-Test-Client": `203.0.113.${i + 1}` } }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 403, 403]);
    expect(adminCount()).toBe(1);
  });

  it("refuses the link once an admin exists by another way, and after its expiry", async () => {
    const link = setupLink();
    db().insert(users).values({ email: "owner@example.com", role: "ADMIN" }).run();
    expect((await postForm(link.path, adminForm("late@example.com", link.token))).status).toBe(403);
    expect(adminCount()).toBe(1);

    current?.$client.close();
    current = emptyDatabase();
    const old = prepareAdminSetup(db(), undefined, new Date(Date.now() - (ADMIN_SETUP_DAYS + 1) * 86_400_000))!;
    const token = SETUP_PATH.exec(old)![1]!;
    expect((await postForm(old, adminForm("late@example.com", token))).status).toBe(403);
    expect(adminCount()).toBe(0);
  });
});
