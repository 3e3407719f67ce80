// The organiser's first hour (#45), as a browser without JavaScript meets it: /login's first
// tab and its external button follow what is configured, a farmer signs up without a
// shoppers' community, the audit log speaks the organiser's words, an empty admin list says so
// once, the admin's order search finds a farm, and plain HTTP on a LAN address says why a
// sign-in will not stick.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { deals, orders, users, vendorApplications, vendors } from "~/db/schema";
import { DEMO_ADMIN, DEMO_USER } from "~/demo/seed.server";
import { recordAuditEvent } from "~/services/audit.server";
import { startBuiltServer, type BuiltServer } from "../support/built-server";
import { cookieOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

const OAUTH = ["OAUTH_CLIENT_ID", "OAUTH_AUTHORIZATION_URL", "OAUTH_TOKEN_URL", "OAUTH_USERINFO_URL", "OAUTH_PROVIDER_NAME", "SMTP_URL"] as const;
const saved = Object.fromEntries(OAUTH.map((name) => [name, process.env[name]]));
afterEach(() => {
  for (const name of OAUTH) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const page = async (path: string, cookie?: string) => {
  const response = await app.fetch(path, { headers: { Accept: "text/html", ...(cookie ? { Cookie: cookie } : {}) } });
  return { status: response.status, html: await response.text() };
};

/** The tab links of /login in the order the page gives them, with the current one. */
function loginTabs(html: string) {
  const nav = /<nav[^>]*>([\s\S]*?)<\/nav>/.exec(html.slice(html.indexOf("<main")))?.[1] ?? "";
  const links = [...nav.matchAll(/<a([^>]*)>/g)].map((m) => ({ tab: /href="\/login\?tab=(\w+)/.exec(m[1]!)?.[1], current: m[1]!.includes('aria-current="page"') }));
  return { order: links.map((link) => link.tab), current: links.find((link) => link.current)?.tab };
}

describe("/login follows what the server is configured for", () => {
  it("opens on the password tab when mail goes to a folder on disk (no SMTP_URL)", async () => {
    delete process.env.SMTP_URL;
    const { html } = await page("/login");
    expect(loginTabs(html)).toEqual({ order: ["password", "magic"], current: "password" });
    expect(html).toMatch(/<input[^>]*type="password"[^>]*name="password"/);
    // The e-mail link stays one click away.
    expect(loginTabs((await page("/login?tab=magic")).html).current).toBe("magic");
  });

  it("keeps the e-mail-link tab first and open when SMTP_URL is set", async () => {
    process.env.SMTP_URL = "smtp://127.0.0.1:2525";
    const { html } = await page("/login");
    expect(loginTabs(html)).toEqual({ order: ["magic", "password"], current: "magic" });
    expect(html).not.toMatch(/<input[^>]*name="password"/);
  });

  it("shows the external sign-in button only when OAuth is configured", async () => {
    for (const name of OAUTH) delete process.env[name];
    for (const path of ["/login", "/signup"]) {
      const { html } = await page(path);
      expect(html, path).not.toContain('data-testid="external-sign-in"');
      expect(html, path).not.toContain('href="/api/login');
    }
    Object.assign(process.env, { OAUTH_CLIENT_ID: "c", OAUTH_AUTHORIZATION_URL: "https://id.example/a", OAUTH_TOKEN_URL: "https://id.example/t", OAUTH_USERINFO_URL: "https://id.example/u", OAUTH_PROVIDER_NAME: "Google" });
    for (const path of ["/login", "/signup"]) {
      const { html } = await page(path);
      expect(html, path).toContain('data-testid="external-sign-in"');
      expect(html, path).toContain("התחברות עם \u2068Google\u2069");
    }
  });
});

describe("a farmer's way in (/vendor, /signup?as=vendor)", () => {
  it("puts the apply button in the page's header and the vendor sign-up behind the guest's link", async () => {
    const { html } = await page("/vendor");
    const header = html.slice(html.indexOf("<main"), html.indexOf("vendor-how"));
    expect(header).toContain('data-testid="vendor-apply-top"');
    expect(header).toContain('href="#apply"');
    expect(html).toContain(`href="/signup?as=vendor&amp;redirect=${encodeURIComponent("/vendor#apply")}"`);
  });

  it("signs a farmer up without a community and takes her on to the application", async () => {
    const signup = await page("/signup?as=vendor");
    expect(signup.html).toContain("הרשמה לספקים");
    expect(signup.html).not.toContain('name="communityId"');

    const email = `farmer-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const form = new URLSearchParams({ as: "vendor", firstName: "רחל", lastName: "גנן", email, password: "olive-grove-2026", confirmPassword: "olive-grove-2026", acceptTerms: "on", redirectTo: "/vendor#apply" });
    const created = await app.fetch("/signup", { method: "POST", body: form, headers: { Accept: "text/html" } });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/vendor#apply");
    const farmer = db().select().from(users).where(eq(users.email, email)).get();
    expect(farmer?.communityId).toBeNull();
    expect(farmer?.role).toBe("USER");

    const cookie = created.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const application = new URLSearchParams({ businessName: "משק הזיתים של רחל", contactName: "רחל גנן", phone: "050-1234567", email, description: "זיתים, שמן זית כבישה ראשונה וירקות עונה מהמשק שלנו בגליל." });
    const applied = await app.fetch("/vendor", { method: "POST", body: application, headers: { Accept: "text/html", Cookie: cookie } });
    expect(applied.status).toBe(302);
    expect(db().select().from(vendorApplications).where(eq(vendorApplications.userId, farmer!.id)).all()).toHaveLength(1);
  });

  it("still asks a shopper for her community", async () => {
    const form = new URLSearchParams({ firstName: "דנה", lastName: "לוי", email: "shopper-x@example.com", password: "olive-grove-2026", confirmPassword: "olive-grove-2026", acceptTerms: "on" });
    const refused = await app.fetch("/signup", { method: "POST", body: form, headers: { Accept: "text/html" } });
    expect(refused.status).toBe(400);
    expect(db().select().from(users).where(eq(users.email, "shopper-x@example.com")).get()).toBeUndefined();
  });
});

describe("the admin's figures and lists (#45)", () => {
  it("labels the revenue card paid and all time, in whole shekels", async () => {
    const userId = db().select().from(users).where(eq(users.email, DEMO_USER.email)).get()!.id;
    const deal = db().select().from(deals).limit(1).get()!;
    db().delete(orders).run();
    db().insert(orders).values({ userId, dealId: deal.id, qty: 1, unitPriceAtPurchase: 123456, originalTotal: 123456, total: 123456, status: "PAID" }).run();
    const { html } = await page("/admin", await cookieOf(app, DEMO_ADMIN));
    expect(html).toContain("סה״כ הכנסות ששולמו");
    expect(html).toContain("מחירים ששולמו בפועל, מכל הזמנים");
    expect(html).toContain("\u20661,235 ₪\u2069");
    expect(html).not.toContain("1,234.56");
  });

  it("labels the cycles' revenue as the week's, at base prices, in whole shekels", async () => {
    const { html } = await page("/admin/cycles", await cookieOf(app, DEMO_ADMIN));
    expect(html).toContain("הכנסות השבוע (מחיר בסיס) / יעד");
    const cell = (/data-testid="cycle-revenue">(.*?)<\/td>/.exec(html)?.[1] ?? "").replace(/<!-- -->/g, "");
    expect(cell).toMatch(/^\u2066[\d,]+ ₪\u2069 \/ \u2066[\d,]+ ₪\u2069$/);
  });

  it("shows an order's new price in shekels under its Hebrew field name", async () => {
    const admin = db().select().from(users).where(eq(users.email, DEMO_ADMIN.email)).get()!;
    db().transaction((tx) => recordAuditEvent(tx, { type: "order.repriced", actorUserId: admin.id, entityId: "order-1", before: { unitPriceAtPurchase: 890, isActive: true }, after: { unitPriceAtPurchase: 990, isActive: false } }));
    const { html } = await page("/admin/audit", await cookieOf(app, DEMO_ADMIN));
    const changes = [...html.matchAll(/<li[^>]*data-testid="audit-change"[^>]*>([\s\S]*?)<\/li>/g)].map((m) => m[1]!.replace(/<!-- -->/g, "").replace(/<[^>]+>/g, ""));
    expect(changes).toContain("מחיר ליחידה: \u20668.90 ₪\u2069→הפך ל-\u20669.90 ₪\u2069");
    expect(changes).toContain("פעיל: כן→הפך ל-לא");
    // Not the stored name on screen (the page's data, in a script, may still carry it).
    expect(html.slice(html.indexOf("<main"), html.indexOf("</main>"))).not.toContain("unitPriceAtPurchase");
  });

  it("prints one empty state for an empty list, not a second 'nothing to show'", async () => {
    const cookie = await cookieOf(app, DEMO_ADMIN);
    for (const path of ["/admin/communities", "/admin/cycles", "/admin/deals", "/admin/vendor-applications"]) {
      const { status, html } = await page(`${path}?q=zz-nothing-matches-zz`, cookie);
      expect(status, path).toBe(200);
      expect(html, path).toContain("לא נמצא דבר שמתאים לחיפוש");
      expect(html, path).not.toContain("אין מה להציג");
    }
  });

  it("finds orders by the farm's name on the admin's orders tab", async () => {
    const cookie = await cookieOf(app, DEMO_ADMIN);
    const userId = db().select().from(users).where(eq(users.email, DEMO_USER.email)).get()!.id;
    const deal = db().select().from(deals).limit(1).get()!;
    const farm = db().select().from(vendors).where(eq(vendors.id, deal.vendorId)).get()!;
    db().insert(orders).values({ userId, dealId: deal.id, qty: 1, unitPriceAtPurchase: 1000, originalTotal: 1000, total: 1000, status: "PENDING" }).run();
    const word = farm.name.split(",")[0]!;
    const { html } = await page(`/admin?tab=orders&q=${encodeURIComponent(word)}`, cookie);
    expect(html).toContain('data-testid="admin-order-row"');
    expect(html).toContain(deal.title);
    expect(html).toContain(farm.name);
  });
});

describe("plain HTTP on a LAN address (the production server)", () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer({ ALLOWED_HOSTS: "192.168.1.20", WEB_CONCURRENCY: "1" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("says on /login why a sign-in will not stick, and what to set", async () => {
    const lan = await server.raw("/login", { headers: { Host: `192.168.1.20:${server.port}`, Accept: "text/html" } });
    expect(lan.status).toBe(200);
    const html = lan.body.toString();
    expect(html).toContain('data-testid="plain-http-notice"');
    expect(html).toContain("ההתחברות לא תחזיק בכתובת הזאת");
    expect(html).toContain("INSECURE_COOKIES=1");
    expect(html).toContain("HTTPS");
  });

  it("says nothing on localhost, where the browser keeps the Secure cookie, whatever was asked before", async () => {
    const local = await server.raw("/login", { headers: { Host: `localhost:${server.port}`, Accept: "text/html" } });
    expect(local.status).toBe(200);
    expect(local.body.toString()).not.toContain('data-testid="plain-http-notice"');
  });
});
