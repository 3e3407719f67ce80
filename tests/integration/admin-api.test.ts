import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "~/auth/rate-limit.server";
import { authProviders, contactMessages, deals, orders, users, type OrderStatus } from "~/db/schema";
import { DEMO_ADMIN, DEMO_USER } from "~/demo/seed.server";
import { formatWholeShekel } from "~/domain/money";
import { cookieOf, tokenOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";
import { loadServerBuild, routeFullPath } from "../support/server-build";

const db = useTestDatabase();
const app = useTestServer(db);

const SECRET = "test-admin-secret"; // vitest.config.ts sets ADMIN_SECRET to this

function userCount() {
  return db().get<{ n: number }>(sql`select count(*) as n from ${users}`).n;
}

/** Orders of the demo shopper in the given statuses, `total` in agorot, one minute apart. */
function insertOrders(list: { status: OrderStatus; total: number }[]) {
  const userId = db().select().from(users).where(eq(users.email, DEMO_USER.email)).get()!.id;
  const deal = db().select().from(deals).limit(1).get()!;
  const start = Date.now() - 60 * 60_000;
  return list.map(({ status, total }, i) =>
    db()
      .insert(orders)
      // One unit each, so a total is what the line earned (quantity x unit price, no delivery).
      .values({ userId, dealId: deal.id, qty: 1, unitPriceAtPurchase: total, originalTotal: total, total, status, createdAt: new Date(start + i * 60_000) })
      .returning()
      .get(),
  );
}

function createAdminBody(overrides: Record<string, unknown> = {}) {
  return { email: `ops-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "garden-bed-2026", secretCode: SECRET, ...overrides };
}

describe("GET /api/admin/stats | users | orders", () => {
  it("gives the admin the five numbers, revenue without cancelled or refunded orders", async () => {
    insertOrders([
      { status: "PENDING", total: 1000 },
      { status: "PAID", total: 2550 },
      { status: "FULFILLED", total: 499 },
      { status: "CANCELED", total: 700 },
      { status: "REFUNDED", total: 900 },
    ]);
    const token = await tokenOf(app, DEMO_ADMIN);
    const response = await app.fetch("/api/admin/stats", jsonInit("GET", undefined, token));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const activeDeals = db().select().from(deals).where(eq(deals.status, "ACTIVE")).all().length;
    expect(await response.json()).toEqual({
      totalUsers: userCount(),
      totalOrders: 5,
      totalRevenue: "40.49",
      pendingOrders: 1,
      activeDeals,
    });
  });

  it("lists users newest first with the spec's fields, and searches them", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    const list = await (await app.fetch("/api/admin/users", jsonInit("GET", undefined, token))).json();
    expect(list).toHaveLength(userCount());
    const admin = list.find((u: { email: string }) => u.email === DEMO_ADMIN.email);
    expect(admin).toEqual({
      id: expect.any(String),
      name: `${DEMO_ADMIN.firstName} ${DEMO_ADMIN.lastName}`,
      firstName: DEMO_ADMIN.firstName,
      email: DEMO_ADMIN.email,
      role: "ADMIN",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      lastLoginAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const dates = list.map((u: { createdAt: string }) => u.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());

    const found = await (await app.fetch(`/api/admin/users?q=${encodeURIComponent("DEMO@shuk")}`, jsonInit("GET", undefined, token))).json();
    expect(found.map((u: { email: string }) => u.email)).toEqual([DEMO_USER.email]);
    // LIKE's wildcards in the search are plain characters.
    const none = await (await app.fetch("/api/admin/users?q=%25", jsonInit("GET", undefined, token))).json();
    expect(none).toEqual([]);
  });

  it("lists orders newest first with user, deal, decimal total and status", async () => {
    const [older, newer] = insertOrders([
      { status: "PENDING", total: 1290 },
      { status: "PAID", total: 4500 },
    ]);
    const token = await tokenOf(app, DEMO_ADMIN);
    const response = await app.fetch("/api/admin/orders", jsonInit("GET", undefined, token));
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list.map((o: { id: string }) => o.id)).toEqual([newer.id, older.id]);
    const deal = db().select().from(deals).where(eq(deals.id, older.dealId)).get()!;
    expect(list[1]).toEqual({
      id: older.id,
      user: { name: `${DEMO_USER.firstName} ${DEMO_USER.lastName}`, email: DEMO_USER.email },
      deal: { title: deal.title },
      qty: 1,
      total: "12.90",
      status: "PENDING",
      createdAt: older.createdAt.toISOString(),
    });
    const byId = await (await app.fetch(`/api/admin/orders?q=${newer.id.slice(0, 8).toUpperCase()}`, jsonInit("GET", undefined, token))).json();
    expect(byId.map((o: { id: string }) => o.id)).toEqual([newer.id]);
  });

  it.each(["stats", "users", "orders"])("answers a guest 401 and a USER 403 on /api/admin/%s", async (view) => {
    expect((await app.fetch(`/api/admin/${view}`)).status).toBe(401);
    const forbidden = await app.fetch(`/api/admin/${view}`, jsonInit("GET", undefined, await tokenOf(app, DEMO_USER)));
    expect(forbidden.status).toBe(403);
    expect((await forbidden.json()).message).toBe("רק מנהלים יכולים לגשת לדף זה");
  });

  it("answers 404 for an unknown view", async () => {
    const response = await app.fetch("/api/admin/secrets", jsonInit("GET", undefined, await tokenOf(app, DEMO_ADMIN)));
    expect(response.status).toBe(404);
  });
});

describe("POST /api/admin/create-admin", () => {
  it("creates an ADMIN with a password sign-in and answers 201 { email, userId }", async () => {
    const before = userCount();
    const body = createAdminBody({ email: " New.Ops@Example.com " });
    const response = await app.fetch("/api/admin/create-admin", jsonInit("POST", body));
    expect(response.status).toBe(201);
    const json = await response.json();
    expect(json).toEqual({ email: "new.ops@example.com", userId: expect.any(String) });
    expect(userCount()).toBe(before + 1);
    const stored = db().select().from(users).where(eq(users.id, json.userId)).get()!;
    expect(stored).toMatchObject({ email: "new.ops@example.com", role: "ADMIN" });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(db().select().from(authProviders).where(eq(authProviders.userId, json.userId)).all().map((p) => p.type)).toEqual(["password"]);
    // The new admin signs in and reads the admin API.
    const token = await tokenOf(app, { email: "new.ops@example.com", password: body.password });
    expect((await app.fetch("/api/admin/stats", jsonInit("GET", undefined, token))).status).toBe(200);
  });

  it("refuses a wrong secret with 403 and writes nothing", async () => {
    const before = userCount();
    const response = await app.fetch("/api/admin/create-admin", jsonInit("POST", createAdminBody({ secretCode: "guess" })));
    expect(response.status).toBe(403);
    expect((await response.json()).message).toBe("הקוד הסודי שגוי. בדקו אותו מול מי שמתחזק את השרת ונסו שוב.");
    expect(userCount()).toBe(before);
  });

  it("refuses every attempt with a clear message when ADMIN_SECRET is not set", async () => {
    const before = userCount();
    const saved = process.env.ADMIN_SECRET;
    delete process.env.ADMIN_SECRET;
    try {
      const response = await app.fetch("/api/admin/create-admin", jsonInit("POST", createAdminBody({ secretCode: "" + saved })));
      expect(response.status).toBe(403);
      expect((await response.json()).message).toContain("ADMIN_SECRET");
    } finally {
      process.env.ADMIN_SECRET = saved;
    }
    expect(userCount()).toBe(before);
  });

  it("answers 409 for an e-mail that already has an account", async () => {
    const before = userCount();
    const response = await app.fetch("/api/admin/create-admin", jsonInit("POST", createAdminBody({ email: DEMO_USER.email })));
    expect(response.status).toBe(409);
    const json = await response.json();
    expect(json.message).toContain("כבר קיים חשבון");
    expect(json.errors).toEqual([{ path: ["email"], message: json.message }]);
    expect(userCount()).toBe(before);
    expect(db().select().from(users).where(eq(users.email, DEMO_USER.email)).get()!.role).toBe("USER");
  });

  it.each([
    ["a bad e-mail", { email: "not-an-email" }, "email", "כתובת מייל לא תקינה"],
    ["a 9-character password", { password: "123456789" }, "password", "הסיסמה חייבת להכיל לפחות 10 תווים"],
    ["an empty secret", { secretCode: "" }, "secretCode", "קוד סודי נדרש"],
    ["no secret at all", { secretCode: undefined }, "secretCode", "קוד סודי נדרש"],
  ])("refuses %s with 400 and the spec's message, writing nothing", async (_, override, field, message) => {
    const before = userCount();
    const response = await app.fetch("/api/admin/create-admin", jsonInit("POST", createAdminBody(override)));
    expect(response.status).toBe(400);
    const json = await response.json();
    expect(json.message).toBe(message);
    expect(json.errors).toContainEqual({ path: [field], message });
    expect(userCount()).toBe(before);
  });

  it("answers 429 once one address has used up its attempts, and counts per address", async () => {
    const headers = { "X-Test-Client": "203.0.113.7" };
    const attempt = (client: Record<string, string>, secretCode = "guess") => {
      const init = jsonInit("POST", createAdminBody({ secretCode }));
      return app.fetch("/api/admin/create-admin", { ...init, headers: { ...(init.headers as Record<string, string>), ...client } });
    };
    for (let i = 0; i < RATE_LIMITS["admin-create"].max; i++) expect((await attempt(headers)).status).toBe(403);
    const before = userCount();
    // Blocked, even with the right secret now.
    const blocked = await attempt(headers, SECRET);
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toBe("יותר מדי ניסיונות. נסו שוב בעוד 60 דקות.");
    expect(userCount()).toBe(before);
    // Someone else, from another address, is not blocked.
    expect((await attempt({ "X-Test-Client": "198.51.100.2" }, SECRET)).status).toBe(201);
  });
});

/** Every admin page of the production build, its parameters filled with a made-up id. */
async function adminPagePaths(): Promise<string[]> {
  const build = await loadServerBuild();
  return Object.values(build.routes)
    .filter((route) => route && typeof route.module.default === "function")
    .map((route) => `/${routeFullPath(build.routes, route!.id)}`)
    .filter((page) => /^\/admin(\/|$)/.test(page) && page !== "/admin/create")
    .map((page) => page.replace(/:\w+/g, "no-such-id"));
}

describe("/admin and /admin/create pages", () => {
  it("show a shopper the admins-only page with its title on every admin page, before looking anything up", async () => {
    const pages = await adminPagePaths();
    expect(pages).toEqual(expect.arrayContaining(["/admin", "/admin/cycles", "/admin/cycles/no-such-id", "/admin/deals/no-such-id/edit"]));
    const cookie = await cookieOf(app, DEMO_USER);
    for (const page of pages) {
      const answer = await app.fetch(page, { headers: { Cookie: cookie } });
      const html = await answer.text();
      expect({ page, status: answer.status }).toEqual({ page, status: 403 });
      expect({ page, title: /<title>([^<]*)<\/title>/.exec(html)?.[1] }).toEqual({ page, title: "אין הרשאה | שוק קהילתי" });
      expect({ page, text: html.includes("רק מנהלים יכולים לגשת לדף זה") }).toEqual({ page, text: true });
    }
  });

  it("sends a guest to log in, shows a USER the unauthorized screen with 403, and the admin the dashboard", async () => {
    const guest = await app.fetch("/admin");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe("/login?redirect=%2Fadmin");

    const user = await app.fetch("/admin", { headers: { Cookie: await cookieOf(app, DEMO_USER) } });
    expect(user.status).toBe(403);
    const userHtml = await user.text();
    expect(userHtml).toContain("אין הרשאה");
    expect(userHtml).toContain("רק מנהלים יכולים לגשת לדף זה");

    db().insert(contactMessages).values({ name: "שירה", email: "shira@example.com", subject: "איסוף ביום שישי", message: "אפשר לאסוף גם ביום שישי בבוקר?" }).run();
    insertOrders([{ status: "PAID", total: 154_744 }]);
    const admin = await app.fetch("/admin?tab=messages", { headers: { Cookie: await cookieOf(app, DEMO_ADMIN) } });
    expect(admin.status).toBe(200);
    const html = await admin.text();
    expect(html).toContain("סה״כ הכנסות");
    expect(html).toContain("איסוף ביום שישי");
    // The spec's revenue card counts whole shekels (accounts-admin.md, constants), not agorot.
    const { totalRevenue } = await (await app.fetch("/api/admin/stats", jsonInit("GET", undefined, await tokenOf(app, DEMO_ADMIN)))).json();
    const card = html.slice(html.indexOf("סה״כ הכנסות"), html.indexOf("סה״כ הכנסות") + 400);
    expect(card).toContain(formatWholeShekel(Math.round(Number(totalRevenue) * 100), "he"));
    expect(card).not.toMatch(/\d\.\d\d/);
  });

  it("creates an admin without JavaScript: redirect to /login with the success toast", async () => {
    const email = `ops-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const form = new URLSearchParams({ email, password: "garden-bed-2026", confirmPassword: "garden-bed-2026", secretCode: SECRET });
    const response = await app.fetch("/admin/create", { method: "POST", body: form, headers: { Accept: "text/html" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/login");
    const login = await app.fetch("/login", { headers: { Cookie: response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ") } });
    expect(await login.text()).toContain("אדמין נוצר בהצלחה!");
    expect(db().select().from(users).where(eq(users.email, email)).get()?.role).toBe("ADMIN");
  });

  it("shows the spec's field messages, and the server's refusal under 'שגיאה ביצירת אדמין'", async () => {
    const before = userCount();
    const bad = new URLSearchParams({ email: "x", password: "12345", confirmPassword: "54321", secretCode: "" });
    const invalid = await app.fetch("/admin/create", { method: "POST", body: bad, headers: { Accept: "text/html" } });
    expect(invalid.status).toBe(400);
    const html = await invalid.text();
    for (const message of ["כתובת מייל לא תקינה", "הסיסמה חייבת להכיל לפחות 10 תווים", "קוד סודי נדרש"]) expect(html).toContain(message);

    const mismatch = new URLSearchParams({ email: "ops@example.com", password: "garden-bed-2026", confirmPassword: "garden-bed-2027", secretCode: SECRET });
    expect(await (await app.fetch("/admin/create", { method: "POST", body: mismatch })).text()).toContain("הסיסמאות אינן תואמות");

    const wrong = new URLSearchParams({ email: "ops@example.com", password: "garden-bed-2026", confirmPassword: "garden-bed-2026", secretCode: "guess" });
    const refused = await app.fetch("/admin/create", { method: "POST", body: wrong, headers: { Accept: "text/html" } });
    expect(refused.status).toBe(403);
    const refusedHtml = await refused.text();
    expect(refusedHtml).toContain("שגיאה ביצירת אדמין");
    expect(refusedHtml).toContain("הקוד הסודי שגוי");
    expect(userCount()).toBe(before);
  });
});
