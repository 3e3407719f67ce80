// Home delivery is each community's own (issue #45), over real HTTP and a real database: the
// admin sets it (page form and API, with an audit row), a pickup-only community offers delivery
// nowhere and refuses a delivery checkout at every door, and a changed fee or threshold is what
// the cart says and checkout charges.
import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartItems, communities, eventLogs, orders } from "~/db/schema";
import { DEMO_ADMIN } from "~/demo/seed.server";
import { formatShekel } from "~/domain/money";
import { cookieOf, getPageAs, postFormAs, signUpShopper, tokenOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

type Listed = { id: string; slug: string; basePrice: string; minQty: number; maxQty: number; groups: { id: string }[] };

function firstCommunity() {
  return db().select().from(communities).orderBy(communities.name).limit(1).get()!;
}

/** Sets a community's delivery straight in the database: the state a test starts from. */
function setDelivery(communityId: string, values: Partial<typeof communities.$inferInsert>) {
  db().update(communities).set(values).where(eq(communities.id, communityId)).run();
}

/** A new shopper of the first community with one deal (qty units) in her cart. */
async function shopperWithCart(qty = 2) {
  const shopper = await signUpShopper(app, firstCommunity().id, { emailPrefix: "cd", addressPrefix: "10.45" });
  const list: Listed[] = await (await app.fetch("/api/deals?limit=100", jsonInit("GET", undefined, shopper.token))).json();
  const deal = list.find((d) => d.minQty <= qty && d.maxQty >= qty)!;
  expect((await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, qty, groupId: deal.groups[0]!.id }, shopper.token))).status).toBe(201);
  return { ...shopper, deal };
}

/** Every table a checkout could write, in a fixed order. */
function snapshot() {
  return ["orders", "cart_items", "weekly_cycles", "groups", "event_logs"].map((table) => db().all(sql`select * from ${sql.identifier(table)} order by id`));
}

const deliveryBody = { fullName: "פנינה כהן", phone: "0521234567", address: "הרצל 10", city: "חיפה", postalCode: "", notes: "", paymentMethod: "CASH" };
const deliveryForm = { deliveryType: "DELIVERY", ...deliveryBody };
const PICKUP_ONLY_ERROR = "בקהילה שלכם יש איסוף עצמי בלבד";
const ON = { deliveryEnabled: true, deliveryFee: 1500, freeDeliveryFrom: 15_000, deliveryDaysMin: 2, deliveryDaysMax: 5 };

describe("the admin sets a community's delivery", () => {
  it("through the page form without JavaScript: off, then on with its own fee, never free and days; each with an audit row", async () => {
    const community = firstCommunity();
    setDelivery(community.id, ON);
    const cookie = await cookieOf(app, DEMO_ADMIN);
    const post = (fields: Record<string, string>) =>
      app.fetch(`/admin/communities/${community.id}`, { method: "POST", body: new URLSearchParams(fields), headers: { Accept: "text/html", Cookie: cookie } });

    const off = await post({ intent: "delivery", deliveryFee: "15.00", freeDeliveryFrom: "150.00", deliveryDaysMin: "2", deliveryDaysMax: "5" });
    expect(off.status).toBe(302);
    expect(firstCommunity().deliveryEnabled).toBe(false);

    const on = await post({ intent: "delivery", deliveryEnabled: "on", deliveryFee: "22.50", freeDeliveryFrom: "", deliveryDaysMin: "1", deliveryDaysMax: "3" });
    expect(on.status).toBe(302);
    expect(firstCommunity()).toMatchObject({ deliveryEnabled: true, deliveryFee: 2250, freeDeliveryFrom: null, deliveryDaysMin: 1, deliveryDaysMax: 3 });

    const audit = db().select().from(eventLogs).where(eq(eventLogs.type, "delivery_settings.updated")).orderBy(desc(eventLogs.createdAt)).all();
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect(audit[0]!.payload).toMatchObject({ entityId: community.id, before: { enabled: false }, after: { enabled: true, fee: 2250, freeFrom: null, daysMin: 1, daysMax: 3 } });

    // The page shows what is set.
    const page = await (await app.fetch(`/admin/communities/${community.id}`, { headers: { Accept: "text/html", Cookie: cookie } })).text();
    expect(page).toContain('value="22.50"');
    expect(page).toContain("משלוח פעיל");
    setDelivery(community.id, ON);
  });

  it("refuses bad values with 400 and a Hebrew message, page and API alike, changing nothing", async () => {
    const community = firstCommunity();
    setDelivery(community.id, ON);
    const before = firstCommunity();
    const cookie = await cookieOf(app, DEMO_ADMIN);
    const page = await app.fetch(`/admin/communities/${community.id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "delivery", deliveryEnabled: "on", deliveryFee: "-3", freeDeliveryFrom: "150", deliveryDaysMin: "5", deliveryDaysMax: "2" }),
      headers: { Accept: "text/html", Cookie: cookie },
    });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain("הזינו דמי משלוח בשקלים");
    const days = await app.fetch(`/admin/communities/${community.id}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "delivery", deliveryEnabled: "on", deliveryFee: "12", deliveryDaysMin: "5", deliveryDaysMax: "2" }),
      headers: { Accept: "text/html", Cookie: cookie },
    });
    expect(days.status).toBe(400);
    expect(await days.text()).toContain("המספר המרבי של הימים לא יכול להיות קטן מהמזערי");

    const token = await tokenOf(app, DEMO_ADMIN);
    const put = (body: unknown) => app.fetch(`/api/admin/communities/${community.id}/delivery`, jsonInit("PUT", body, token));
    const bad = await put({ deliveryEnabled: true, deliveryFee: "abc", freeDeliveryFrom: null, deliveryDaysMin: 2, deliveryDaysMax: 5 });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain("הזינו דמי משלוח");
    expect((await put({ deliveryEnabled: true, deliveryFee: "10", deliveryDaysMin: 0, deliveryDaysMax: 5 })).status).toBe(400);
    expect((await put({ deliveryEnabled: true, deliveryFee: "10", deliveryDaysMin: 1, deliveryDaysMax: 5, vans: 1 })).status).toBe(400);
    expect(firstCommunity()).toEqual(before);
    expect(db().select().from(eventLogs).where(eq(eventLogs.type, "delivery_settings.updated")).all().filter((r) => r.createdAt > before.createdAt && (r.payload as { entityId?: string }).entityId === community.id && JSON.stringify(r.payload).includes('"fee":1000')).length).toBe(0);
  });

  it("through the API: the answer carries the settings; a new community starts pickup only", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    const created = await app.fetch("/api/admin/communities", jsonInit("POST", { name: "קהילת בלי טנדר", pickupDay: 5, pickupTime: "10:00", pickupAddress: "רחוב האלון 4" }, token));
    expect(created.status).toBe(201);
    const fresh = await created.json();
    expect(fresh.delivery).toMatchObject({ enabled: false });
    const put = await app.fetch(`/api/admin/communities/${fresh.id}/delivery`, jsonInit("PUT", { deliveryEnabled: true, deliveryFee: "9.90", freeDeliveryFrom: "0", deliveryDaysMin: 3, deliveryDaysMax: 3 }, token));
    expect(put.status).toBe(200);
    expect((await put.json()).delivery).toEqual({ enabled: true, fee: "9.90", freeFrom: "0.00", daysMin: 3, daysMax: 3 });
    expect(db().select().from(communities).where(eq(communities.id, fresh.id)).get()).toMatchObject({ deliveryEnabled: true, deliveryFee: 990, freeDeliveryFrom: 0 });
  });
});

describe("a community that delivers", () => {
  it("marks the deal page's delivery address as required, as the spec's delivery card does (issue 50)", async () => {
    setDelivery(firstCommunity().id, ON);
    const { token, deal } = await shopperWithCart();
    const html = await (await getPageAs(app, `/deals/${deal.slug}`, token)).text();
    expect(html).toContain('value="DELIVERY"');
    expect(html).toMatch(/<textarea id="delivery-address"[^>]*aria-required="true"/);
    expect(html).toMatch(/<label for="delivery-address"[^>]*>כתובת מלאה<span[^>]*>\(חובה\)<\/span><\/label>/);
  });
});

describe("a pickup-only community", () => {
  it("offers no delivery on the deal page, the cart or /shipping", async () => {
    setDelivery(firstCommunity().id, { ...ON, deliveryEnabled: false });
    const { token, deal } = await shopperWithCart();
    for (const path of [`/deals/${deal.slug}`, "/cart", "/shipping"]) {
      const html = await (await getPageAs(app, path, token)).text();
      expect(html, path).not.toContain('value="DELIVERY"');
      expect(html, path).toContain("איסוף עצמי בלבד");
      expect(html, path).not.toContain('data-testid="cart-free-delivery"');
    }
    // An old link to the delivery step starts over at /shipping.
    const step2 = await getPageAs(app, "/checkout?deliveryType=DELIVERY", token);
    expect(step2.status).toBe(302);
    expect(step2.headers.get("Location")).toBe("/shipping");
    setDelivery(firstCommunity().id, ON);
  });

  it("refuses a delivery checkout through the page forms and the API with 422 and its message, placing nothing", async () => {
    setDelivery(firstCommunity().id, { ...ON, deliveryEnabled: false });
    const { token, userId, communityId, deal } = await shopperWithCart();
    const before = snapshot();

    const shipping = await postFormAs(app, "/shipping", { deliveryType: "DELIVERY", communityId }, token);
    expect(shipping.status).toBe(422);
    expect(await shipping.text()).toContain(PICKUP_ONLY_ERROR);
    // The checkout's own form is refused too; its page then sends her back to /shipping.
    for (const intent of ["review", "place"]) {
      const answer = await postFormAs(app, "/checkout?deliveryType=DELIVERY", { ...deliveryForm, intent }, token);
      expect([302, 422], intent).toContain(answer.status);
      if (answer.status === 302) expect(answer.headers.get("Location")).toBe("/shipping");
    }
    const api = await app.fetch("/api/checkout", jsonInit("POST", deliveryBody, token));
    expect(api.status).toBe(422);
    expect((await api.json()).message).toContain(PICKUP_ONLY_ERROR);
    const one = await app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0]!.id, qty: 2, deliveryType: "DELIVERY", deliveryAddress: "הרצל 10, חיפה", deliveryPhone: "0521234567" }, token));
    expect(one.status).toBe(422);

    expect(snapshot()).toEqual(before);
    expect(db().select().from(orders).where(eq(orders.userId, userId)).all()).toHaveLength(0);
    expect(db().select().from(cartItems).where(eq(cartItems.userId, userId)).all()).toHaveLength(1);
    setDelivery(firstCommunity().id, ON);
  });
});

describe("a community's own fee and threshold", () => {
  it("are what the cart says and what checkout charges", async () => {
    const { token, userId } = await shopperWithCart(1);
    const lines = (await (await app.fetch("/api/cart", jsonInit("GET", undefined, token))).json()) as { lineTotal: string }[];
    const agorot = lines.reduce((sum, line) => sum + Math.round(Number(line.lineTotal) * 100), 0);
    // Free from 10 ₪ more than this cart: the cart names the gap; the fee is 9.90 ₪.
    setDelivery(firstCommunity().id, { ...ON, deliveryFee: 990, freeDeliveryFrom: agorot + 1000 });
    const cart = await (await getPageAs(app, "/cart", token)).text();
    expect(cart).toContain('data-testid="cart-free-delivery"');
    expect(cart).toContain(formatShekel(1000));
    const shipping = await (await getPageAs(app, "/shipping", token)).text();
    expect(shipping).toContain(formatShekel(990));
    expect(shipping).toContain(formatShekel(agorot + 1000));

    const placed = await app.fetch("/api/checkout", jsonInit("POST", deliveryBody, token));
    expect(placed.status).toBe(201);
    const [order] = db().select().from(orders).where(eq(orders.userId, userId)).all();
    expect(order!.deliveryFee).toBe(990);
    expect(order!.total).toBe(agorot + 990);
    setDelivery(firstCommunity().id, ON);
  });

  it("never free: a big cart still pays the fee, and the cart says so without a gap", async () => {
    setDelivery(firstCommunity().id, { ...ON, deliveryFee: 2000, freeDeliveryFrom: null });
    const { token, userId } = await shopperWithCart(10);
    const cart = await (await getPageAs(app, "/cart", token)).text();
    expect(cart).not.toContain('data-testid="cart-free-delivery"');
    expect(cart).toContain('data-testid="cart-delivery-fee"');
    const answer = await postFormAs(app, "/checkout?deliveryType=DELIVERY", { ...deliveryForm, intent: "place" }, token);
    expect(answer.status).toBe(302);
    const placed = db().select().from(orders).where(eq(orders.userId, userId)).all();
    expect(placed.reduce((sum, o) => sum + o.deliveryFee, 0)).toBe(2000);
    setDelivery(firstCommunity().id, ON);
  });

  it("the FAQ tells a member her community's own terms, and a guest that each community decides", async () => {
    setDelivery(firstCommunity().id, { ...ON, deliveryFee: 1234, freeDeliveryFrom: 34_500, deliveryDaysMin: 1, deliveryDaysMax: 4 });
    const { token } = await shopperWithCart(1);
    const member = await (await getPageAs(app, "/faq?category=shipping", token)).text();
    expect(member).toContain(formatShekel(1234));
    expect(member).toContain(formatShekel(34_500));
    expect(member).toContain("1-4");
    const guest = await (await app.fetch("/faq?category=shipping", { headers: { Accept: "text/html" } })).text();
    expect(guest).toContain("כל קהילה מחליטה אם יש בה משלוחים");
    expect(guest).not.toContain(formatShekel(1234));
    setDelivery(firstCommunity().id, { ...ON, deliveryEnabled: false });
    const off = await (await getPageAs(app, "/terms", token)).text();
    expect(off).toContain("בקהילה שלכם יש איסוף עצמי בלבד");
    setDelivery(firstCommunity().id, ON);
  });
});
