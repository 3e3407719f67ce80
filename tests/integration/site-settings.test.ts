// Site settings (issue #45): a fresh install names no business on /contact, /about, /privacy or a
// receipt; the admin's settings form (a plain form post) fills them in everywhere; bad input is
// refused with its message and changes nothing; only an admin may save.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventLogs, groups, pickupPoints, siteSettings, users, weeklyCycles } from "~/db/schema";
import { DEMO_ADMIN, DEMO_USER } from "~/demo/seed.server";
import { placeOrder } from "~/services/orders.server";
import { getPageAs, postFormAs, tokenOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

/** What the code used to print on every install, and the demo's own values. */
const INVENTED = ["שוק קהילתי בע״מ", "רחוב השוק 12", "03-555-0199", "hello@shuk.example", "privacy@shuk.example", "יוסי אברהמי", "ראשון עד חמישי 8:00-18:00", "(הדגמה)"];

const FORM = {
  "businessName.he": "ירקות השכונה בע״מ",
  "businessName.en": "Neighbourhood Greens Ltd.",
  registrationNumber: "514123456",
  "address.he": "הרימון 4, חדרה",
  "address.en": "4 HaRimon St, Hadera",
  phone: "04-6123456",
  email: "office@greens.example",
  privacyEmail: "",
  "hours.he": "ראשון עד חמישי 9:00-16:00",
  "hours.en": "Sunday to Thursday 9:00-16:00",
  "aboutStory.he": "התחלנו בחצר של בית הספר.\n\nהיום אנחנו שלוש שכונות.",
  "aboutStory.en": "",
  "receiptFooter.he": "החזרות תוך 7 ימים בתיאום טלפוני",
  "receiptFooter.en": "",
};

/** The demo shopper's order, so there is a receipt to read. */
function demoOrder() {
  const shopper = db().select().from(users).where(eq(users.email, DEMO_USER.email)).get()!;
  const cycle = db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, shopper.communityId!), eq(weeklyCycles.isActive, true))).get()!;
  const group = db().select().from(groups).where(eq(groups.weeklyCycleId, cycle.id)).get()!;
  const point = db().select().from(pickupPoints).where(eq(pickupPoints.communityId, shopper.communityId!)).get()!;
  return placeOrder(db(), shopper, { dealId: group.dealId!, groupId: group.id, qty: 1 }, { deliveryType: "PICKUP", pickupPointId: point.id });
}

async function pages(token: string, orderId: string) {
  const read = async (path: string) => {
    const response = await getPageAs(app, path, token);
    expect(response.status, path).toBe(200);
    return response.text();
  };
  return { contact: await read("/contact"), about: await read("/about"), privacy: await read("/privacy"), receipt: await read(`/orders/${orderId}/receipt`) };
}

describe("site settings", () => {
  it("names no business on a fresh install, and shows what the admin saves from the form", async () => {
    // A real install starts with no settings (the demo seed fills them, marked as a demo).
    db().delete(siteSettings).run();
    const order = demoOrder();
    const shopper = await tokenOf(app, DEMO_USER);
    const admin = await tokenOf(app, DEMO_ADMIN);

    const empty = await pages(shopper, order.id);
    for (const [page, html] of Object.entries(empty)) {
      for (const value of INVENTED) expect(html, `${page} names ${value}`).not.toContain(value);
    }
    expect(empty.contact).toContain('name="message"');
    expect(empty.contact).not.toContain('data-testid="contact-info"');
    expect(empty.about).toContain("איך השוק עובד");
    expect(empty.privacy).toContain("דרך טופס הפנייה בדף צור קשר");
    expect(empty.receipt).not.toContain("באמצעות");
    expect(empty.receipt).not.toContain("ע.מ.");
    expect(empty.receipt).not.toContain('data-testid="receipt-footer"');

    // The dashboard says what is missing and links to the settings.
    const dashboard = await (await getPageAs(app, "/admin", admin)).text();
    expect(dashboard).toContain('data-testid="admin-settings-missing"');
    expect(dashboard).toContain('href="/admin/settings"');

    const saved = await postFormAs(app, "/admin/settings", FORM, admin);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/admin/settings");

    const filled = await pages(shopper, order.id);
    expect(filled.contact).toContain("04-6123456");
    expect(filled.contact).toContain('href="tel:+97246123456"');
    expect(filled.contact).toContain("office@greens.example");
    expect(filled.contact).toContain("הרימון 4, חדרה");
    expect(filled.contact).toContain("ראשון עד חמישי 9:00-16:00");
    expect(filled.about).toContain("התחלנו בחצר של בית הספר.");
    expect(filled.about).toContain("היום אנחנו שלוש שכונות.");
    expect(filled.about).not.toContain("איך השוק עובד");
    // No privacy e-mail of its own: privacy requests go to the main one.
    expect(filled.privacy).toContain("office@greens.example");
    expect(filled.privacy).toContain("ירקות השכונה בע״מ");
    expect(filled.receipt).toContain("ירקות השכונה בע״מ");
    expect(filled.receipt).toContain("ח.פ./ע.מ. 514123456");
    expect(filled.receipt).toContain("הרימון 4, חדרה");
    expect(filled.receipt).toContain("החזרות תוך 7 ימים בתיאום טלפוני");
    expect((await (await getPageAs(app, "/admin", admin)).text())).not.toContain('data-testid="admin-settings-missing"');

    // One audit row, naming the admin and what changed.
    const rows = db().select().from(eventLogs).where(eq(eventLogs.type, "site_settings.updated")).all();
    expect(rows).toHaveLength(1);
    const payload = rows[0]!.payload as { after: Record<string, unknown> };
    expect(rows[0]!.actorUserId).toBeTruthy();
    expect(payload.after).toMatchObject({ phone: "04-6123456", registrationNumber: "514123456" });
  });

  it.each([
    ["a registration number of 8 digits", { registrationNumber: "51412345" }, "מספר ח.פ. או ע.מ. הוא 9 ספרות"],
    ["an e-mail without @", { email: "office.greens.example" }, "כתובת המייל לא תקינה"],
    ["a phone of words", { phone: "call us" }, "מספר הטלפון לא נראה תקין"],
    ["a name too long", { "businessName.he": "א".repeat(121) }, "הטקסט ארוך מדי"],
  ])("refuses %s with 400 and the message, and changes nothing", async (_, override, message) => {
    const admin = await tokenOf(app, DEMO_ADMIN);
    const before = db().select().from(siteSettings).all();
    const response = await postFormAs(app, "/admin/settings", { ...FORM, ...override }, admin);
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain(message);
    // The page comes back with what was typed.
    expect(html).toContain("Neighbourhood Greens Ltd.");
    expect(db().select().from(siteSettings).all()).toEqual(before);
    expect(db().select().from(eventLogs).where(eq(eventLogs.type, "site_settings.updated")).all()).toHaveLength(0);
  });

  it("lets no one but an admin save", async () => {
    const before = db().select().from(siteSettings).all();
    const shopper = await tokenOf(app, DEMO_USER);
    expect((await postFormAs(app, "/admin/settings", FORM, shopper)).status).toBe(403);
    expect((await getPageAs(app, "/admin/settings", shopper)).status).toBe(403);
    const guest = await app.fetch("/admin/settings", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" }, body: new URLSearchParams(FORM).toString() });
    expect(guest.status).not.toBe(200);
    expect(guest.status).toBeLessThan(500);
    expect(db().select().from(siteSettings).all()).toEqual(before);
  });

  it("shows the demo's values, each marked as a demo", async () => {
    const html = await (await app.fetch("/about", { headers: { Accept: "text/html" } })).text();
    expect(html).toContain("זהו אתר הדגמה של שוק קהילתי");
    expect(html).toContain("שוק קהילתי (הדגמה)");
  });
});
