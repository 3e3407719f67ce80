// The back office (issue #17) against the real database and the built server: the admin lists'
// search and paging, the confirmation that guards ending a deal, the deal form's unit list, and
// the layout (no shop header or footer on the admin and vendor pages).
import { asc, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { communities, deals, eventLogs, vendorApplications, users, vendors } from "~/db/schema";
import { DEMO_ADMIN, DEMO_VENDOR } from "~/demo/seed.server";
import { LIST_PAGE_SIZE, listWindow, parseListQuery } from "~/domain/list-query";
import { adminDealLists } from "~/services/deal-editor.server";
import { countAdminCommunities, listAdminCommunities } from "~/services/admin-communities.server";
import { countVendorApplications, listVendorApplications } from "~/services/vendor-applications.server";
import { countCycles, recentCycles } from "~/services/packing.server";
import { cookieOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

const query = (search: string) => parseListQuery(new URLSearchParams(search));
const dealRow = (id: string) => db().select().from(deals).where(eq(deals.id, id)).get()!;
const auditCount = (id: string) =>
  db().select({ n: sql<number>`count(*)` }).from(eventLogs).where(sql`json_extract(${eventLogs.payload}, '$.entityId') = ${id}`).get()!.n;

describe("admin lists: search and paging in SQL", () => {
  it("pages every deal without gaps or repeats, and searches titles and vendor names", () => {
    const total = db().select({ n: sql<number>`count(*)` }).from(deals).get()!.n;
    expect(total).toBeGreaterThan(LIST_PAGE_SIZE);
    const seen: string[] = [];
    const pages = Math.ceil(total / LIST_PAGE_SIZE);
    for (let page = 1; page <= pages; page++) {
      const lists = adminDealLists(db(), { status: null, q: "", page });
      expect(lists.total).toBe(total);
      expect(lists.paging).toMatchObject({ page, pageCount: pages, total });
      expect(lists.deals.length).toBe(page < pages ? LIST_PAGE_SIZE : total - LIST_PAGE_SIZE * (pages - 1));
      seen.push(...lists.deals.map((d) => d.id));
    }
    expect(new Set(seen).size).toBe(total);
    expect(adminDealLists(db(), { status: null, q: "", page: pages + 1 }).deals).toEqual([]);

    const one = db().select().from(deals).orderBy(asc(deals.title)).limit(1).get()!;
    const byTitle = adminDealLists(db(), { status: null, q: one.title, page: 1 });
    expect(byTitle.deals.map((d) => d.id)).toContain(one.id);
    expect(byTitle.deals.every((d) => d.title.includes(one.title))).toBe(true);

    const vendor = db().select().from(vendors).limit(1).get()!;
    const byVendor = adminDealLists(db(), { status: null, q: vendor.name, page: 1 });
    const ofVendor = db().select({ n: sql<number>`count(*)` }).from(deals).where(eq(deals.vendorId, vendor.id)).get()!.n;
    expect(byVendor.total).toBeGreaterThanOrEqual(ofVendor);
    expect(byVendor.deals.every((d) => d.vendorName.includes(vendor.name) || d.title.includes(vendor.name))).toBe(true);

    // The status filter and the search together; LIKE's wildcards are plain text.
    const active = adminDealLists(db(), { status: "ACTIVE", q: one.title.slice(0, 2), page: 1 });
    expect(active.deals.every((d) => d.status === "ACTIVE" && d.title.includes(one.title.slice(0, 2)))).toBe(true);
    expect(adminDealLists(db(), { status: null, q: "%", page: 1 }).total).toBe(0);
    expect(adminDealLists(db(), { status: null, q: "_", page: 1 }).total).toBe(0);
  });

  it("searches and pages the communities, the vendor applications and the cycles", () => {
    const all = db().select().from(communities).orderBy(desc(communities.isActive), asc(communities.name), asc(communities.id)).all();
    expect(countAdminCommunities(db())).toBe(all.length);
    expect(listAdminCommunities(db(), { q: "", limit: 2, offset: 1 }).map((c) => c.id)).toEqual(all.slice(1, 3).map((c) => c.id));
    const name = all[0]!.name;
    expect(listAdminCommunities(db(), listWindow(query(`q=${encodeURIComponent(name)}`))).map((c) => c.id)).toContain(all[0]!.id);
    expect(countAdminCommunities(db(), "no community is called this")).toBe(0);

    const applicant = db().insert(users).values({ email: `orchard-${crypto.randomUUID().slice(0, 6)}@example.com`, role: "USER" }).returning().get();
    const business = `מטע התפוחים ${crypto.randomUUID().slice(0, 6)}`;
    db().insert(vendorApplications).values({ userId: applicant.id, businessName: business, contactName: "נועה", phone: "050-0000000", email: "noa@example.com", description: "תפוחים מהגליל" }).run();
    expect(listVendorApplications(db(), { q: business }).map((a) => a.businessName)).toEqual([business]);
    expect(listVendorApplications(db(), { q: applicant.email }).map((a) => a.businessName)).toEqual([business]);
    expect(countVendorApplications(db(), business)).toEqual({ total: 1, pending: 1 });
    expect(countVendorApplications(db(), "nobody by this name")).toEqual({ total: 0, pending: 0 });

    const cycles = countCycles(db());
    expect(cycles).toBeGreaterThan(0);
    expect(recentCycles(db(), { limit: 1, offset: 0 })).toHaveLength(1);
    const inName = recentCycles(db(), { q: name, limit: 100, offset: 0 });
    expect(inName.length).toBe(countCycles(db(), name));
    expect(inName.every((c) => c.communityName.includes(name))).toBe(true);
  });

  it("serves the list pages with the search and page from the URL, and odd values as page 1", async () => {
    const cookie = await cookieOf(app, DEMO_ADMIN);
    const one = db().select().from(deals).orderBy(asc(deals.title)).limit(1).get()!;
    const found = await app.fetch(`/admin/deals?q=${encodeURIComponent(one.title)}`, { headers: { Cookie: cookie } });
    expect(found.status).toBe(200);
    const html = await found.text();
    expect(html).toContain(one.title);
    expect((html.match(/data-testid="admin-deal-row"/g) ?? []).length).toBe(adminDealLists(db(), { status: null, q: one.title, page: 1 }).deals.length);

    const second = await (await app.fetch("/admin/deals?page=2", { headers: { Cookie: cookie } })).text();
    expect(second).toMatch(/מוצגים 21–\d+ מתוך \d+/);
    for (const path of ["/admin/deals?page=abc", "/admin/communities?page=-1&q=", "/admin/vendor-applications?q=%25%25", "/admin/cycles?page=99999999", "/admin/cycles?page=500"]) {
      expect((await app.fetch(path, { headers: { Cookie: cookie } })).status, path).toBe(200);
    }
  });
});

describe("ending a deal asks first, on the server too", () => {
  it("an end POST without the confirmation changes nothing and answers 400 with the question open; with it the deal ends", async () => {
    const cookie = await cookieOf(app, DEMO_ADMIN);
    const live = db().select().from(deals).where(eq(deals.status, "ACTIVE")).orderBy(asc(deals.title)).limit(1).get()!;
    const audits = auditCount(live.id);
    // The page's forms post to the list as it is shown (here: searched down to this deal).
    const post = (fields: Record<string, string>) =>
      app.fetch(`/admin/deals?q=${encodeURIComponent(live.title)}`, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie, Accept: "text/html" } });

    for (const confirmed of [undefined, "", "on", "no"]) {
      const refused = await post({ intent: "action", action: "end", dealId: live.id, redirectTo: "/admin/deals", ...(confirmed === undefined ? {} : { confirmed }) });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toMatch(/<details(?=[^>]*data-testid="deal-action-end")(?=[^>]*\sopen[=\s>])[^>]*>/);
      expect(dealRow(live.id).status).toBe("ACTIVE");
    }
    expect(auditCount(live.id)).toBe(audits);

    const ended = await post({ intent: "action", action: "end", dealId: live.id, redirectTo: "/admin/deals", confirmed: "yes" });
    expect(ended.status).toBe(302);
    expect(dealRow(live.id).status).toBe("ENDED");
    expect(auditCount(live.id)).toBe(audits + 1);

    // Archiving asks too.
    expect((await post({ intent: "action", action: "archive", dealId: live.id })).status).toBe(400);
    expect(dealRow(live.id).status).toBe("ENDED");
  });
});

describe("the deal form's unit list", () => {
  const fields = (extra: Record<string, string>) => {
    const form = new FormData();
    const base = { intent: "save", title: `שזיפים ${crypto.randomUUID().slice(0, 6)}`, description: "שזיפים אדומים ועסיסיים מהמטע.", category: "fruits", basePrice: "12", minQty: "1", maxQty: "20" };
    for (const [key, value] of Object.entries({ ...base, ...extra })) form.set(key, value);
    return form;
  };

  it("stores the list's name for a chosen unit and the typed text for 'other'; an empty 'other' is refused", async () => {
    const cookie = await cookieOf(app, DEMO_VENDOR);
    const kg = fields({ unitChoice: "kg", unitOther: "" });
    expect((await app.fetch("/vendor/new-deal", { method: "POST", body: kg, headers: { Cookie: cookie } })).status).toBe(302);
    expect(db().select().from(deals).where(eq(deals.title, String(kg.get("title")))).get()!.unit).toBe("ק״ג");

    const basket = fields({ unitChoice: "other", unitOther: "סלסלה 400 גרם" });
    expect((await app.fetch("/vendor/new-deal", { method: "POST", body: basket, headers: { Cookie: cookie } })).status).toBe(302);
    expect(db().select().from(deals).where(eq(deals.title, String(basket.get("title")))).get()!.unit).toBe("סלסלה 400 גרם");

    const before = db().select({ n: sql<number>`count(*)` }).from(deals).get()!.n;
    for (const bad of [{ unitChoice: "other", unitOther: " " }, { unitChoice: "", unitOther: "" }, { unitChoice: "tonne", unitOther: "" }]) {
      const refused = await app.fetch("/vendor/new-deal", { method: "POST", body: fields(bad), headers: { Cookie: cookie, Accept: "text/html" } });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain("בחרו יחידת מכירה מהרשימה");
    }
    expect(db().select({ n: sql<number>`count(*)` }).from(deals).get()!.n).toBe(before);
  });

  it("opens a deal whose unit was typed before the list with the list's unit, or as 'other' with its text", async () => {
    const cookie = await cookieOf(app, DEMO_VENDOR);
    const vendor = db().select().from(vendors).innerJoin(users, eq(users.id, vendors.userId)).where(eq(users.email, DEMO_VENDOR.email)).get()!.vendors;
    const make = (unit: string) =>
      db().insert(deals).values({ vendorId: vendor.id, title: `דבש ${crypto.randomUUID().slice(0, 6)}`, slug: `honey-${crypto.randomUUID().slice(0, 8)}`, description: "דבש פרחי בר", category: "fruits", unit, basePrice: 3500, minQty: 1, maxQty: 10, status: "DRAFT" }).returning().get();
    const known = await (await app.fetch(`/vendor/deals/${make("קילו").id}/edit`, { headers: { Cookie: cookie } })).text();
    expect(known).toMatch(/<option value="kg" selected="">/);
    const odd = await (await app.fetch(`/vendor/deals/${make("צנצנת 350 גרם").id}/edit`, { headers: { Cookie: cookie } })).text();
    expect(odd).toMatch(/<option value="other" selected="">/);
    expect(odd).toContain('value="צנצנת 350 גרם"');
    // A vendor is never asked for the address.
    expect(odd).not.toContain('name="slug"');
  });
});

describe("the back office's layout", () => {
  it("gives admin and vendor pages their own header and tabs, without the shop's cart, search or footer", async () => {
    const admin = await cookieOf(app, DEMO_ADMIN);
    const vendor = await cookieOf(app, DEMO_VENDOR);
    for (const [path, cookie, nav] of [["/admin", admin, "admin-nav"], ["/admin/deals", admin, "admin-nav"], ["/vendor/dashboard", vendor, "vendor-nav"], ["/vendor/new-deal", vendor, "vendor-nav"]] as const) {
      const html = await (await app.fetch(path, { headers: { Cookie: cookie } })).text();
      expect(html, path).toContain('data-testid="back-office-header"');
      expect(html, path).toContain(`data-testid="${nav}"`);
      expect(html, path).not.toContain('data-testid="cart-link"');
      expect(html, path).not.toContain('action="/deals"');
      expect(html, path).not.toContain("<footer");
      expect(html, path).toContain('href="#main"');
      expect((html.match(/id="main"/g) ?? []).length, path).toBe(1);
    }
    const shop = await (await app.fetch("/deals", { headers: { Cookie: admin } })).text();
    expect(shop).toContain('data-testid="cart-link"');
    expect(shop).not.toContain('data-testid="back-office-header"');
  });
});
