import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  communities,
  contactMessages,
  deals,
  eventLogs,
  groups,
  orders,
  pickupPoints,
  reviews,
  users,
  vendorApplications,
  vendors,
  weeklyCycles,
  type User,
} from "~/db/schema";
import { DEMO_ADMIN, DEMO_USER, DEMO_VENDOR } from "~/demo/seed.server";
import { placeOrder } from "~/services/orders.server";
import { vendorGuideValues } from "~/domain/vendor-guide";
import { linkIn } from "../support/mail-catcher";
import { useMailCatcher } from "../support/use-mail-catcher";
import { tokenOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);
const mail = useMailCatcher();


const application = {
  businessName: "משק אלון",
  contactName: "אלון ברק",
  phone: "050-1234567",
  email: "alon.farm@example.com",
  description: "ירקות עלים ועשבי תיבול מהמשק שלנו בעמק, קטיף בבוקר ומשלוח באותו יום.",
};

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A new shopper through the signup API: their token and id. */
async function newShopper() {
  const community = db().select().from(communities).limit(1).get()!;
  const email = `grower-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await app.fetch(
    "/api/auth/signup",
    jsonInit("POST", { email, password: "a-long-enough-password", firstName: "אלון", lastName: "ברק", communityId: community.id }),
  );
  expect(response.status).toBe(201);
  const body = await response.json();
  return { token: body.token as string, userId: body.userId as string, email };
}

function postForm(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

const applicationsOf = (userId: string) => db().select().from(vendorApplications).where(eq(vendorApplications.userId, userId)).all();
const auditRows = (type: string) => db().select().from(eventLogs).where(eq(eventLogs.type, type)).all();

/** Signs up, applies through the API and has the demo admin approve: a new vendor. */
async function approvedVendor() {
  const person = await newShopper();
  const applied = await app.fetch("/api/vendor/applications", jsonInit("POST", application, person.token));
  expect(applied.status).toBe(201);
  const { id } = await applied.json();
  const admin = await tokenOf(app, DEMO_ADMIN);
  const approved = await app.fetch(`/api/admin/vendor-applications/${id}/approve`, jsonInit("POST", {}, admin));
  expect(approved.status).toBe(200);
  const vendor = db().select().from(vendors).where(eq(vendors.userId, person.userId)).get()!;
  return { ...person, applicationId: id as string, vendor, adminToken: admin };
}

describe("applying on /vendor", () => {
  it.each([
    ["a one-letter business name", { businessName: "מ" }, "שם העסק חייב להכיל לפחות 2 תווים"],
    ["a bad phone", { phone: "12ab" }, "מספר טלפון לא תקין"],
    ["a bad e-mail", { email: "not-an-email" }, "כתובת מייל לא תקינה"],
    ["a short description", { description: "ירקות" }, "ספרו לנו קצת יותר"],
  ])("refuses %s with 400 and the Hebrew message, on the page and the API, storing nothing", async (_, override, text) => {
    const person = await newShopper();
    const page = await postForm("/vendor", { ...application, ...override, website: "" }, bearer(person.token));
    expect(page.status).toBe(400);
    expect(await page.text()).toContain(text);
    const api = await app.fetch("/api/vendor/applications", jsonInit("POST", { ...application, ...override }, person.token));
    expect(api.status).toBe(400);
    expect((await api.json()).message).toContain(text);
    expect(applicationsOf(person.userId)).toHaveLength(0);
    expect(auditRows("vendor_application.submitted")).toHaveLength(0);
  });

  it("stores the application from the form, shows its status instead of the form, and refuses a second one", async () => {
    const person = await newShopper();
    const response = await postForm("/vendor", { ...application, website: "" }, bearer(person.token));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/vendor#apply");
    expect(applicationsOf(person.userId)).toEqual([expect.objectContaining({ ...application, status: "PENDING", reviewedAt: null })]);
    const [submitted] = auditRows("vendor_application.submitted");
    expect(submitted).toMatchObject({ actorUserId: person.userId, payload: expect.objectContaining({ entityId: applicationsOf(person.userId)[0]!.id }) });

    const html = await (await app.fetch("/vendor", { headers: bearer(person.token) })).text();
    expect(html).toContain("הבקשה שלכם ממתינה לבדיקה");
    expect(html).not.toContain('name="businessName"');

    const again = await app.fetch("/api/vendor/applications", jsonInit("POST", application, person.token));
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe("כבר הגשתם בקשה והיא ממתינה לבדיקה. נחזור אליכם בהקדם.");
    const againPage = await postForm("/vendor", { ...application, website: "" }, bearer(person.token));
    expect(againPage.status).toBe(409);
    expect(applicationsOf(person.userId)).toHaveLength(1);

    const own = await app.fetch("/api/vendor/applications", { headers: bearer(person.token) });
    expect(own.status).toBe(200);
    expect(await own.json()).toMatchObject({ businessName: application.businessName, status: "PENDING" });
  });

  it("drops an application whose honeypot is filled", async () => {
    const person = await newShopper();
    const response = await postForm("/vendor", { ...application, website: "http://spam.example" }, bearer(person.token));
    expect(response.status).toBe(302);
    expect(applicationsOf(person.userId)).toHaveLength(0);
  });

  it("shows a guest the page with a sign-in link that comes back, and a vendor the dashboard link", async () => {
    const guest = await (await app.fetch("/vendor")).text();
    expect(guest).toContain("איך זה עובד למגדל");
    expect(guest).toContain(`/login?redirect=${encodeURIComponent("/vendor#apply")}`);
    expect(guest).not.toContain('name="businessName"');
    const post = await postForm("/vendor", application);
    expect(post.status).toBe(302);
    expect(post.headers.get("location")).toMatch(/^\/login\?redirect=/);

    const vendorHtml = await (await app.fetch("/vendor", { headers: bearer(await tokenOf(app, DEMO_VENDOR)) })).text();
    expect(vendorHtml).toContain('href="/vendor/dashboard"');
    expect(vendorHtml).not.toContain('name="businessName"');
  });
});

describe("the admins' review", () => {
  it("approves: the applicant becomes a VENDOR with a linked vendors row, audited with actor and before/after, and is told by mail", async () => {
    const { userId, applicationId, vendor, adminToken, email } = await approvedVendor();
    const admin = db().select().from(users).where(eq(users.email, DEMO_ADMIN.email)).get()!;
    expect(db().select().from(users).where(eq(users.id, userId)).get()!.role).toBe("VENDOR");
    expect(vendor).toMatchObject({ name: application.businessName, email: application.email, description: application.description, userId });
    expect(vendor.contact).toContain(application.contactName);
    expect(db().select().from(vendorApplications).where(eq(vendorApplications.id, applicationId)).get()).toMatchObject({
      status: "APPROVED",
      vendorId: vendor.id,
      reviewedByUserId: admin.id,
      reviewedAt: expect.any(Date),
    });
    const [approved] = auditRows("vendor_application.approved");
    expect(approved).toMatchObject({ actorUserId: admin.id, payload: { actorUserId: admin.id, entityId: applicationId, before: { status: "PENDING" }, after: { status: "APPROVED", vendorId: vendor.id } } });
    const [roleChanged] = auditRows("user.role_changed");
    expect(roleChanged).toMatchObject({ actorUserId: admin.id, payload: { entityId: userId, before: { role: "USER" }, after: { role: "VENDOR" } } });

    // A second approval is refused and changes nothing.
    const again = await app.fetch(`/api/admin/vendor-applications/${applicationId}/approve`, jsonInit("POST", {}, adminToken));
    expect(again.status).toBe(409);
    expect((await again.json()).message).toContain("הבקשה כבר נבדקה");
    expect(db().select().from(vendors).where(eq(vendors.userId, userId)).all()).toHaveLength(1);
    expect(auditRows("vendor_application.approved")).toHaveLength(1);
    expect(auditRows("user.role_changed")).toHaveLength(1);

    // The mail goes out after the commit, in Hebrew by default.
    let sent = mail.inbox.find((m) => m.to.includes(application.email));
    for (let i = 0; i < 50 && !sent; i++) {
      await new Promise((r) => setTimeout(r, 50));
      sent = mail.inbox.find((m) => m.to.includes(application.email));
    }
    expect(sent, `a mail to ${application.email}`).toBeTruthy();
    expect(linkIn(sent!.raw, "/vendor/dashboard")).toBeTruthy();
    expect(email).toMatch(/@example\.com$/);
  });

  it("approves from the page form with a toast, and the new vendor reaches the dashboard", async () => {
    const person = await newShopper();
    await app.fetch("/api/vendor/applications", jsonInit("POST", application, person.token));
    const [row] = applicationsOf(person.userId);
    const admin = await tokenOf(app, DEMO_ADMIN);
    const list = await (await app.fetch("/admin/vendor-applications", { headers: bearer(admin) })).text();
    expect(list).toContain(application.businessName);
    const response = await postForm("/admin/vendor-applications", { applicationId: row!.id, decision: "approve" }, bearer(admin));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/vendor-applications");
    expect(response.headers.get("set-cookie")).toContain("shuk_toast=");
    const dashboard = await app.fetch("/vendor/dashboard", { headers: bearer(person.token) });
    expect(dashboard.status).toBe(200);
    const html = await dashboard.text();
    expect(html).toContain("עוד אין לכם מבצעים");
    expect(html).toContain('href="/vendor/new-deal"');
  });

  it("rejects with a note, requires the note, and lets the person apply again", async () => {
    const person = await newShopper();
    const applied = await app.fetch("/api/vendor/applications", jsonInit("POST", application, person.token));
    const { id } = await applied.json();
    const admin = await tokenOf(app, DEMO_ADMIN);

    const noNote = await app.fetch(`/api/admin/vendor-applications/${id}/reject`, jsonInit("POST", { confirmed: "yes" }, admin));
    expect(noNote.status).toBe(400);
    expect((await noNote.json()).message).toContain("כתבו הערה קצרה למגיש");
    expect(applicationsOf(person.userId)[0]!.status).toBe("PENDING");

    const unknown = await app.fetch(`/api/admin/vendor-applications/${id}/delete`, jsonInit("POST", {}, admin));
    expect(unknown.status).toBe(404);
    const missing = await app.fetch(`/api/admin/vendor-applications/${crypto.randomUUID()}/approve`, jsonInit("POST", {}, admin));
    expect(missing.status).toBe(404);

    const rejected = await app.fetch(`/api/admin/vendor-applications/${id}/reject`, jsonInit("POST", { confirmed: "yes", note: "חסרות תמונות מהמשק" }, admin));
    expect(rejected.status).toBe(200);
    expect(await rejected.json()).toMatchObject({ status: "REJECTED", reviewNote: "חסרות תמונות מהמשק" });
    expect(db().select().from(users).where(eq(users.id, person.userId)).get()!.role).toBe("USER");
    expect(db().select().from(vendors).where(eq(vendors.userId, person.userId)).all()).toHaveLength(0);
    expect(auditRows("vendor_application.rejected")).toEqual([expect.objectContaining({ payload: expect.objectContaining({ entityId: id, note: "חסרות תמונות מהמשק" }) })]);

    const approveAfter = await app.fetch(`/api/admin/vendor-applications/${id}/approve`, jsonInit("POST", {}, admin));
    expect(approveAfter.status).toBe(409);

    const html = await (await app.fetch("/vendor", { headers: bearer(person.token) })).text();
    expect(html).toContain("חסרות תמונות מהמשק");
    expect(html).toContain('name="businessName"');

    const list = await (await app.fetch("/api/admin/vendor-applications", { headers: bearer(admin) })).json();
    expect(list.find((a: { id: string }) => a.id === id)).toMatchObject({ status: "REJECTED" });
  });

  it("lists pending applications before reviewed ones", async () => {
    const first = await newShopper();
    const second = await newShopper();
    const a = await (await app.fetch("/api/vendor/applications", jsonInit("POST", application, first.token))).json();
    const b = await (await app.fetch("/api/vendor/applications", jsonInit("POST", { ...application, businessName: "גן הירק" }, second.token))).json();
    const admin = await tokenOf(app, DEMO_ADMIN);
    await app.fetch(`/api/admin/vendor-applications/${a.id}/reject`, jsonInit("POST", { confirmed: "yes", note: "לא מגדלים בעצמם" }, admin));
    const list: { id: string; status: string }[] = await (await app.fetch("/api/admin/vendor-applications", { headers: bearer(admin) })).json();
    expect(list.map((x) => x.id)).toEqual([b.id, a.id]);
  });
});

describe("who may enter", () => {
  it("gives a USER 403 on the vendor and review pages and their APIs", async () => {
    const user = await tokenOf(app, DEMO_USER);
    for (const path of ["/vendor/dashboard", "/vendor/support", "/vendor/dashboard/packing.csv"]) {
      const response = await app.fetch(path, { headers: bearer(user) });
      expect(response.status, path).toBe(403);
    }
    const forbidden = await (await app.fetch("/vendor/dashboard", { headers: bearer(user) })).text();
    expect(forbidden).toContain("האזור הזה לספקים בלבד");
    expect(forbidden).toContain('href="/vendor"');
    expect((await app.fetch("/admin/vendor-applications", { headers: bearer(user) })).status).toBe(403);
    expect((await postForm("/vendor/support", { subject: "שאלה", message: "הודעה ארוכה מספיק" }, bearer(user))).status).toBe(403);

    const apis: [string, RequestInit][] = [
      ["/api/vendor/dashboard", { headers: bearer(user) }],
      ["/api/vendor/support", jsonInit("POST", { name: "נועה", email: "n@example.com", subject: "שאלה", message: "הודעה ארוכה מספיק" }, user)],
      ["/api/admin/vendor-applications", { headers: bearer(user) }],
      [`/api/admin/vendor-applications/${crypto.randomUUID()}/approve`, jsonInit("POST", {}, user)],
    ];
    for (const [path, init] of apis) {
      const response = await app.fetch(path, init);
      expect(response.status, path).toBe(403);
    }
    expect(db().select().from(contactMessages).all()).toHaveLength(0);
  });

  it("gives a guest 401 on the APIs and a redirect to /login on the pages", async () => {
    const apis: [string, RequestInit][] = [
      ["/api/vendor/applications", { method: "GET" }],
      ["/api/vendor/applications", jsonInit("POST", application)],
      ["/api/vendor/dashboard", { method: "GET" }],
      ["/api/vendor/support", jsonInit("POST", { subject: "שאלה", message: "הודעה ארוכה מספיק" })],
      ["/api/admin/vendor-applications", { method: "GET" }],
      [`/api/admin/vendor-applications/${crypto.randomUUID()}/approve`, jsonInit("POST", {})],
    ];
    for (const [path, init] of apis) {
      const response = await app.fetch(path, init);
      expect(response.status, path).toBe(401);
      expect((await response.json()).message).toBe("יש להתחבר למערכת");
    }
    for (const path of ["/vendor/dashboard", "/vendor/support", "/admin/vendor-applications", "/vendor/dashboard/packing.csv"]) {
      const response = await app.fetch(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location"), path).toBe(`/login?redirect=${encodeURIComponent(path)}`);
    }
  });
});

describe("the vendor dashboard", () => {
  /** An ACTIVE deal of this vendor with an open group in every community's open cycle. */
  function activeDeal(vendorId: string, title: string, basePrice: number, unit = "ק״ג") {
    const deal = db()
      .insert(deals)
      .values({ vendorId, title, slug: `deal-${crypto.randomUUID().slice(0, 8)}`, category: "vegetables", basePrice, unit, status: "ACTIVE" })
      .returning()
      .get();
    for (const cycle of db().select().from(weeklyCycles).where(eq(weeklyCycles.isActive, true)).all()) {
      db().insert(groups).values({ communityId: cycle.communityId, weeklyCycleId: cycle.id, dealId: deal.id }).run();
    }
    return deal;
  }

  function shopperIn(communityId: string): User {
    return db().insert(users).values({ email: `buyer-${crypto.randomUUID().slice(0, 8)}@example.com`, communityId, firstName: "דנה", lastName: "לוי" }).returning().get();
  }

  function groupOf(dealId: string, communityId: string) {
    const cycle = db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, communityId), eq(weeklyCycles.isActive, true))).get()!;
    return db().select().from(groups).where(and(eq(groups.dealId, dealId), eq(groups.weeklyCycleId, cycle.id))).get()!;
  }

  it("counts this week's quantities, revenue and packing per community and pickup point, leaving out cancelled orders and other vendors' deals", async () => {
    const { token, vendor } = await approvedVendor();
    const tomatoes = activeDeal(vendor.id, "עגבניות שרי", 1200);
    // Sold by the bunch, so nothing may add its quantities to the kilos (issue #49).
    const cucumbers = activeDeal(vendor.id, "מלפפונים", 800, "צרור");
    const [north, south] = db().select().from(communities).limit(2).all();
    const northPoint = db().select().from(pickupPoints).where(eq(pickupPoints.communityId, north!.id)).get()!;
    const southPoint = db().select().from(pickupPoints).where(eq(pickupPoints.communityId, south!.id)).get()!;
    const order = (user: User, dealId: string, qty: number, pickupPointId: string | null) =>
      placeOrder(db(), user, { dealId, groupId: groupOf(dealId, user.communityId!).id, qty }, pickupPointId ? { deliveryType: "PICKUP", pickupPointId } : { deliveryType: "DELIVERY", deliveryAddress: "הרצל 1", deliveryPhone: "0501234567" });

    const a = shopperIn(north!.id);
    const b = shopperIn(north!.id);
    const c = shopperIn(south!.id);
    await order(a, tomatoes.id, 3, northPoint.id);
    await order(b, tomatoes.id, 2, northPoint.id);
    await order(b, cucumbers.id, 4, null);
    await order(c, tomatoes.id, 5, southPoint.id);
    const canceled = await order(c, cucumbers.id, 7, southPoint.id);
    // Cancelled (status only: the dashboard reads the orders themselves).
    db().update(orders).set({ status: "CANCELED", canceledAt: new Date() }).where(eq(orders.id, canceled.id)).run();
    // Another vendor's deal in the same week stays off this dashboard.
    const other = db().select().from(deals).where(and(eq(deals.status, "ACTIVE"), sql`${deals.vendorId} != ${vendor.id}`)).get()!;
    await order(a, other.id, 9, northPoint.id);
    // A review of this vendor's deal, and one of someone else's.
    db().insert(reviews).values({ userId: a.id, dealId: tomatoes.id, rating: 5, comment: "מתוקות כמו סוכריות" }).run();
    db().insert(reviews).values({ userId: a.id, dealId: other.id, rating: 1, comment: "לא שלי" }).run();

    const response = await app.fetch("/api/vendor/dashboard", { headers: bearer(token) });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.vendor).toEqual({ id: vendor.id, name: application.businessName });
    expect(body.deals.map((d: { title: string; status: string }) => [d.title, d.status]).sort()).toEqual([["מלפפונים", "ACTIVE"], ["עגבניות שרי", "ACTIVE"]]);
    // No market share set: all of what shoppers paid is the farmer's (domain/farmer-money.ts).
    expect(body.totals).toEqual({ quantities: [{ unit: "ק״ג", qty: 10 }, { unit: "צרור", qty: 4 }], revenue: "152.00", share: "0.00", farmer: "152.00", orders: 4 });
    expect(body.marketSharePercent).toBe(0);
    expect(body.pick).toEqual([
      { dealId: cucumbers.id, dealTitle: "מלפפונים", unit: "צרור", qty: 4 },
      { dealId: tomatoes.id, dealTitle: "עגבניות שרי", unit: "ק״ג", qty: 10 },
    ]);

    const northWeek = body.weeks.find((w: { communityId: string }) => w.communityId === north!.id);
    expect(northWeek).toMatchObject({ quantities: [{ unit: "ק״ג", qty: 5 }, { unit: "צרור", qty: 4 }], revenue: "92.00" });
    expect(northWeek.sales).toEqual([
      { dealId: cucumbers.id, dealTitle: "מלפפונים", unit: "צרור", qty: 4, revenue: "32.00", share: "0.00", farmer: "32.00", orders: 1 },
      { dealId: tomatoes.id, dealTitle: "עגבניות שרי", unit: "ק״ג", qty: 5, revenue: "60.00", share: "0.00", farmer: "60.00", orders: 2 },
    ]);
    expect(northWeek.packing).toEqual([
      { pickupPointId: null, deliveryType: "DELIVERY", address: null, lines: [{ dealId: cucumbers.id, dealTitle: "מלפפונים", unit: "צרור", qty: 4 }] },
      { pickupPointId: northPoint.id, deliveryType: "PICKUP", address: northPoint.address, lines: [{ dealId: tomatoes.id, dealTitle: "עגבניות שרי", unit: "ק״ג", qty: 5 }] },
    ]);
    const southWeek = body.weeks.find((w: { communityId: string }) => w.communityId === south!.id);
    expect(southWeek).toMatchObject({ quantities: [{ unit: "ק״ג", qty: 5 }], revenue: "60.00", sales: [expect.objectContaining({ dealId: tomatoes.id, qty: 5 })] });
    expect(body.reviews).toEqual([expect.objectContaining({ dealTitle: "עגבניות שרי", rating: 5, reviewer: "דנה לוי", comment: "מתוקות כמו סוכריות" })]);

    const csvResponse = await app.fetch("/vendor/dashboard/packing.csv", { headers: bearer(token) });
    expect(csvResponse.status).toBe(200);
    expect(csvResponse.headers.get("content-type")).toContain("text/csv");
    const csv = (await csvResponse.text()).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(csv[0]).toBe("קהילה,נקודת איסוף,מוצר,יחידה,כמות כוללת");
    const quoted = (cells: (string | number)[]) => cells.map((cell) => (/[",]/.test(String(cell)) ? `"${cell}"` : cell)).join(",");
    expect(csv.slice(1).sort()).toEqual(
      [
        [north!.name, "משלוח עד הבית", "מלפפונים", "צרור", 4],
        [north!.name, northPoint.address, "עגבניות שרי", "ק״ג", 5],
        [south!.name, southPoint.address, "עגבניות שרי", "ק״ג", 5],
      ]
        .map(quoted)
        .sort(),
    );

    const html = await (await app.fetch("/vendor/dashboard", { headers: bearer(token) })).text();
    expect(html).toContain("עגבניות שרי");
    expect(html).toContain(`href="/vendor/deals/${tomatoes.id}/edit"`);
    // What to pick comes first, each product once in its own unit; figures never add kilos to bunches.
    expect(html.indexOf('id="vendor-this-week"')).toBeGreaterThan(0);
    expect(html.indexOf('id="vendor-this-week"')).toBeLessThan(html.indexOf("השבוע במספרים"));
    expect(html.indexOf('id="vendor-this-week"')).toBeLessThan(html.indexOf('id="vendor-deals"'));
    expect(html).toContain("10 ק״ג · 4 צרורות");
    expect(html).not.toMatch(/>14</);
    // One date style, no stray hyphens: "ההזמנות נסגרות ביום רביעי, 02/12 בשעה 20:00 · איסוף ביום שישי, 04/12".
    expect(html).toMatch(/ההזמנות נסגרות ביום [^,<]+, \d\d\/\d\d בשעה \d\d:\d\d/);
    expect(html).toMatch(/איסוף ביום [^,<]+, \d\d\/\d\d/);
    expect(html).not.toContain("ב-יום");
    expect(html).toContain("מתוקות כמו סוכריות");
    expect(html).not.toContain("לא שלי");
  });

  it("shows a draft in review and a sent-back draft with the admin's note", async () => {
    const { token, vendor } = await approvedVendor();
    db().insert(deals).values([
      { vendorId: vendor.id, title: "חסה", slug: `d-${crypto.randomUUID().slice(0, 8)}`, category: "vegetables", basePrice: 500, unit: "יח׳", submittedAt: new Date() },
      { vendorId: vendor.id, title: "בזיליקום", slug: `d-${crypto.randomUUID().slice(0, 8)}`, category: "herbs", basePrice: 700, unit: "צרור", reviewNote: "חסרה תמונה" },
    ]).run();
    const body = await (await app.fetch("/api/vendor/dashboard", { headers: bearer(token) })).json();
    expect(body.deals.find((d: { title: string }) => d.title === "חסה")).toMatchObject({ status: "DRAFT", inReview: true });
    expect(body.deals.find((d: { title: string }) => d.title === "בזיליקום")).toMatchObject({ status: "DRAFT", inReview: false, reviewNote: "חסרה תמונה" });
    expect(body.weeks).toEqual([]);
    const html = await (await app.fetch("/vendor/dashboard", { headers: bearer(token) })).text();
    expect(html).toContain("בבדיקה");
    expect(html).toContain("הערת הצוות: חסרה תמונה");
    expect(html).toContain("עוד אין הזמנות השבוע");
  });
});

describe("vendor support", () => {
  it("stores the message with kind vendor-support and the account, from the form and the API", async () => {
    const vendorToken = await tokenOf(app, DEMO_VENDOR);
    const vendorUser = db().select().from(users).where(eq(users.email, DEMO_VENDOR.email)).get()!;
    const page = await app.fetch("/vendor/support", { headers: bearer(vendorToken) });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`value="${DEMO_VENDOR.email}"`);

    const bad = await postForm("/vendor/support", { name: "יוסי מזרחי", email: DEMO_VENDOR.email, subject: "הי", message: "קצר" }, bearer(vendorToken));
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("נושא חייב להכיל לפחות 3 תווים");
    expect(db().select().from(contactMessages).all()).toHaveLength(0);

    const sent = await postForm("/vendor/support", { name: "יוסי מזרחי", email: DEMO_VENDOR.email, phone: "", subject: "רשימת ליקוט", message: "חסרה נקודת איסוף ברשימה של השבוע", website: "" }, bearer(vendorToken));
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe("/vendor/dashboard");
    expect(sent.headers.get("set-cookie")).toContain("shuk_toast=");

    const api = await app.fetch("/api/vendor/support", jsonInit("POST", { name: "יוסי מזרחי", email: DEMO_VENDOR.email, subject: "תשלום", message: "מתי מגיע התשלום על השבוע שעבר?" }, vendorToken));
    expect(api.status).toBe(201);
    expect(await api.json()).toMatchObject({ kind: "vendor-support", subject: "תשלום" });

    const rows = db().select().from(contactMessages).all();
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.kind === "vendor-support" && row.userId === vendorUser.id)).toBe(true);
  });
});

describe("/vendor/guide", () => {
  it("prints the delivery, cut-off, tier and picture numbers from the constants, and ships no script", async () => {
    const response = await app.fetch("/vendor/guide");
    expect(response.status).toBe(200);
    const html = await response.text();
    const values = vendorGuideValues("he", (key) => key);
    // Delivery is each community's own (issue #45): the guide says each community decides.
    for (const value of ["כל קהילה מחליטה אם יש בה משלוחים", "זמני המשלוח נקבעים בכל קהילה", `${values.cutoffHours} שעות`, `${values.hotPercent}%`, `עד ${values.maxImages} תמונות`, values.imageTypes]) {
      expect(html, String(value)).toContain(String(value));
    }
    expect(html).not.toContain("{{");
    expect(html).not.toContain("<script");
  });
});
