// The one checkout (docs/decisions/011) over real HTTP and a real database, posted as a browser
// without JavaScript posts it: /shipping (pickup at a point of her own community, or delivery),
// /checkout (details, then the review, then the order), the success page; and a placed order's
// quantity changed or refused by the 24-hour cut-off, with the week's revenue kept exact.
import { and, eq, ne, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartItems, communities, deals, dealTiers, eventLogs, favorites, groups, orders, pickupPoints, users, weeklyCycles } from "~/db/schema";
import { formatDay } from "~/domain/dates";
import { formatShekel } from "~/domain/money";
import { pointDateInWeek } from "~/domain/pickup-point";
import { formatTimeRange } from "~/domain/time";
import { orderNumber } from "~/domain/order-status";
import { deadlineDaysAway, useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

const HOUR = 3_600_000;
let people = 0;

function communitiesByName() {
  return db().select().from(communities).orderBy(communities.name).all();
}

function activePointsOf(communityId: string) {
  return db().select().from(pickupPoints).where(and(eq(pickupPoints.communityId, communityId), eq(pickupPoints.isActive, true))).all();
}

/** A new shopper in the first community, with `lines` deals (two of each) in her cart. */
async function shopperWithCart(lines = 2) {
  const communityId = communitiesByName()[0]!.id;
  const init = jsonInit("POST", { email: `flow-${++people}-${crypto.randomUUID().slice(0, 6)}@example.com`, password: "long-enough-pw", firstName: "דנה", lastName: "לוי", communityId });
  (init.headers as Record<string, string>)["X-Test-Client"] = `10.7.${people >> 8}.${people & 255}`;
  const signup = await app.fetch("/api/auth/signup", init);
  expect(signup.status).toBe(201);
  const { token, userId } = (await signup.json()) as { token: string; userId: string };
  const list: { id: string; minQty: number; maxQty: number; basePrice: string; groups: { id: string }[] }[] = await (
    await app.fetch("/api/deals?limit=100", jsonInit("GET", undefined, token))
  ).json();
  const picked = list.filter((d) => d.minQty <= 1 && d.maxQty >= 6).slice(0, lines);
  expect(picked).toHaveLength(lines);
  for (const deal of picked) {
    expect((await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, qty: 2, groupId: deal.groups[0]!.id }, token))).status).toBe(201);
  }
  return { token, userId, communityId, picked };
}

/** A page form as a browser without JavaScript sends it, signed in by bearer token. */
function postForm(path: string, fields: Record<string, string> | URLSearchParams, token: string) {
  return app.fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", Authorization: `Bearer ${token}` },
    body: new URLSearchParams(fields).toString(),
  });
}

const getPage = (path: string, token: string) => app.fetch(path, { headers: { Accept: "text/html", Authorization: `Bearer ${token}` } });

/** Every table a checkout step or an order change could write, in a fixed order. */
function snapshot() {
  return ["users", "orders", "cart_items", "weekly_cycles", "groups", "event_logs"].map((table) => db().all(sql`select * from ${sql.identifier(table)} order by id`));
}

describe("/shipping, the checkout's first step", () => {
  it("offers only her own community's pickup points, pickup first, each with its day of the week", async () => {
    const { token, communityId } = await shopperWithCart(1);
    const html = await (await getPage("/shipping", token)).text();
    const own = activePointsOf(communityId);
    const others = db().select().from(pickupPoints).where(ne(pickupPoints.communityId, communityId)).all();
    expect(own.length).toBeGreaterThan(0);
    for (const point of own) expect(html).toContain(`value="${point.id}"`);
    for (const point of others) expect(html).not.toContain(point.id);
    expect(html).toMatch(/value="PICKUP"[^>]*checked|checked[^>]*value="PICKUP"/);
    // Each point on its own day this week and its hours (issue #45), as the other pages show it.
    const deadline = db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, communityId), eq(weeklyCycles.isActive, true))).get()!.orderDeadline;
    for (const point of own) expect(html).toContain(`${formatDay(pointDateInWeek(point, deadline)!, "he")} · ${formatTimeRange(point.pickupStartTime, point.pickupEndTime)}`);
  });

  it("never moves her to another community: a form naming another one is refused with 409 and changes nothing", async () => {
    const { token, userId, communityId } = await shopperWithCart(1);
    const other = communitiesByName().find((c) => c.id !== communityId)!;
    const theirPoint = activePointsOf(other.id)[0]!;
    const before = snapshot();

    const moved = await postForm("/shipping", { deliveryType: "PICKUP", communityId: other.id, pickupPointId: theirPoint.id }, token);
    expect(moved.status).toBe(409);
    expect(await moved.text()).toContain("אפשר לאסוף רק בנקודות של הקהילה שלכם");
    // Her own community with another community's point: refused too.
    const foreignPoint = await postForm("/shipping", { deliveryType: "PICKUP", communityId, pickupPointId: theirPoint.id }, token);
    expect(foreignPoint.status).toBe(422);
    expect(await foreignPoint.text()).toContain("נקודת האיסוף לא שייכת לקהילה שלכם");
    // And the next step will not take that point either.
    const step2 = await getPage(`/checkout?deliveryType=PICKUP&pickupPointId=${theirPoint.id}`, token);
    expect(step2.status).toBe(302);
    expect(step2.headers.get("Location")).toBe("/shipping");

    expect(db().select().from(users).where(eq(users.id, userId)).get()!.communityId).toBe(communityId);
    expect(snapshot()).toEqual(before);
  });

  it("refuses bad input with the spec's messages and 400", async () => {
    const { token, communityId } = await shopperWithCart(1);
    const before = snapshot();
    const cases: [Record<string, string>, string][] = [
      [{ deliveryType: "PICKUP", communityId }, "מלאו את כל פרטי המשלוח הנדרשים"],
      [{ deliveryType: "BOAT", communityId }, "בחרו איסוף עצמי או משלוח"],
      [{ deliveryType: "PICKUP", communityId: "", pickupPointId: "x" }, "בחרו קהילה"],
      [{ deliveryType: "PICKUP", communityId, pickupPointId: "p".repeat(65) }, "מלאו את כל פרטי המשלוח הנדרשים"],
    ];
    for (const [fields, message] of cases) {
      const answer = await postForm("/shipping", fields, token);
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(await answer.text()).toContain(message);
    }
    expect(snapshot()).toEqual(before);
  });

  it("sends her on to /checkout with her choice in the address; /checkout without one starts at /shipping", async () => {
    const { token, communityId } = await shopperWithCart(1);
    const point = activePointsOf(communityId)[0]!;
    const pickup = await postForm("/shipping", { deliveryType: "PICKUP", communityId, pickupPointId: point.id }, token);
    expect(pickup.status).toBe(302);
    expect(pickup.headers.get("Location")).toBe(`/checkout?deliveryType=PICKUP&pickupPointId=${point.id}`);
    const delivery = await postForm("/shipping", { deliveryType: "DELIVERY", communityId }, token);
    expect(delivery.headers.get("Location")).toBe("/checkout?deliveryType=DELIVERY");
    const bare = await getPage("/checkout", token);
    expect(bare.status).toBe(302);
    expect(bare.headers.get("Location")).toBe("/shipping");
  });
});

describe("/checkout: details, review, order", () => {
  it("reviews a pickup order (items, savings, no fee, total, pickup day), then places one order per line", async () => {
    const { token, userId, communityId } = await shopperWithCart(2);
    const point = activePointsOf(communityId)[0]!;
    const details = { deliveryType: "PICKUP", pickupPointId: point.id, phone: "0521234567", notes: "", paymentMethod: "CASH" };

    // The browser posts to the page's own address, which carries step 1's choice.
    const step2 = `/checkout?deliveryType=PICKUP&pickupPointId=${point.id}`;
    const review = await postForm(step2, { ...details, intent: "review" }, token);
    expect(review.status).toBe(200);
    const page = await review.text();
    expect(page).toContain('data-testid="checkout-review"');
    expect(page).toContain(point.address);
    expect(page).toMatch(/data-testid="review-fee"[^>]*>חינם</);
    expect(page.match(/data-testid="review-line"/g)).toHaveLength(2);
    expect(db().select().from(orders).where(eq(orders.userId, userId)).all()).toHaveLength(0);

    const placed = await postForm(step2, { ...details, intent: "place" }, token);
    expect(placed.status).toBe(302);
    const location = new URL(placed.headers.get("Location")!, "http://x");
    expect(location.pathname).toBe("/order-success");
    const ids = location.searchParams.getAll("orderId");
    const mine = db().select().from(orders).where(eq(orders.userId, userId)).all();
    expect(ids.sort()).toEqual(mine.map((o) => o.id).sort());
    expect(mine.every((o) => o.deliveryType === "PICKUP" && o.pickupPointId === point.id && o.deliveryFee === 0 && o.deliveryPhone === "0521234567")).toBe(true);

    // The success page shows every order of the checkout, its status in the orders list's words.
    const success = await (await getPage(location.pathname + location.search, token)).text();
    for (const order of mine) expect(success).toContain(orderNumber(order.id));
    expect(success.match(/data-testid="success-order"/g)).toHaveLength(2);
    expect(success).toContain("לתשלום באיסוף");
    expect(success).toContain("תשלום: מזומן באיסוף");
    expect(success).not.toContain("ממתינה לאישור");
    expect(success).toContain(point.address);
  });

  it("starts her next checkout's details with the phone she gave last time, when her profile has none (#47)", async () => {
    const { token, userId, communityId, picked } = await shopperWithCart(1);
    const point = activePointsOf(communityId)[0]!;
    const step2 = `/checkout?deliveryType=PICKUP&pickupPointId=${point.id}`;
    const phoneInput = (html: string) => /<input[^>]*name="phone"[^>]*>/.exec(html)?.[0] ?? "";
    // No profile phone and no checkout yet: the box is empty.
    expect(phoneInput(await (await getPage(step2, token)).text())).not.toContain("value=\"05");
    const placed = await postForm(step2, { deliveryType: "PICKUP", pickupPointId: point.id, phone: "0547654321", notes: "", paymentMethod: "CASH", intent: "place" }, token);
    expect(placed.status).toBe(302);

    const deal = picked[0]!;
    expect((await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, qty: 1, groupId: deal.groups[0]!.id }, token))).status).toBe(201);
    expect(phoneInput(await (await getPage(step2, token)).text())).toContain('value="0547654321"');
    // Her profile's phone, once she has one, comes first.
    db().update(users).set({ phone: "0501112222" }).where(eq(users.id, userId)).run();
    expect(phoneInput(await (await getPage(step2, token)).text())).toContain('value="0501112222"');
  });

  it("charges the delivery fee once for a small delivery order, as the review said", async () => {
    const { token, userId } = await shopperWithCart(1);
    const details = { deliveryType: "DELIVERY", fullName: "דנה לוי", phone: "0521234567", address: "הרצל 10", city: "חיפה", postalCode: "", notes: "", paymentMethod: "CASH" };
    const review = await (await postForm("/checkout?deliveryType=DELIVERY", { ...details, intent: "review" }, token)).text();
    const placed = await postForm("/checkout?deliveryType=DELIVERY", { ...details, intent: "place" }, token);
    expect(placed.status).toBe(302);
    const [order] = db().select().from(orders).where(eq(orders.userId, userId)).all();
    expect(order!.deliveryAddress).toBe("דנה לוי, הרצל 10, חיפה");
    if (order!.total - order!.deliveryFee < 15_000) expect(order!.deliveryFee).toBe(1500);
    expect(review).toContain(formatShekel(order!.total));
  });

  it("refuses bad details with the spec's messages and 400, placing nothing", async () => {
    const { token, communityId } = await shopperWithCart(1);
    const point = activePointsOf(communityId)[0]!;
    const before = snapshot();
    const cases: [Record<string, string>, string[]][] = [
      [{ deliveryType: "PICKUP", pickupPointId: point.id, phone: "12" }, ["נדרש מספר טלפון תקין"]],
      [{ deliveryType: "DELIVERY", fullName: "ד", phone: "0521234567", address: "אב", city: "ח" }, ["נדרש שם מלא", "נדרשת כתובת (לפחות 5 תווים)", "נדרשת עיר"]],
      [{ deliveryType: "PICKUP", pickupPointId: "", phone: "0521234567" }, ["מלאו את כל פרטי המשלוח הנדרשים"]],
      [{ deliveryType: "SPACE", phone: "0521234567" }, ["בחרו איסוף עצמי או משלוח"]],
    ];
    for (const [fields, messages] of cases) {
      for (const intent of ["review", "place"]) {
        const answer = await postForm(`/checkout?deliveryType=PICKUP&pickupPointId=${point.id}`, { ...fields, intent }, token);
        expect(answer.status, `${intent} ${JSON.stringify(fields)}`).toBe(400);
        const html = await answer.text();
        for (const message of messages) expect(html).toContain(message);
      }
    }
    expect(snapshot()).toEqual(before);
  });
});

describe("changing a placed order", () => {
  async function placedOrder() {
    const shopper = await shopperWithCart(1);
    const point = activePointsOf(shopper.communityId)[0]!;
    const placed = await postForm(`/checkout?deliveryType=PICKUP&pickupPointId=${point.id}`, { deliveryType: "PICKUP", pickupPointId: point.id, phone: "0521234567", intent: "place" }, shopper.token);
    expect(placed.status).toBe(302);
    const order = db().select().from(orders).where(eq(orders.userId, shopper.userId)).get()!;
    // Whatever day the suite runs, the deadline is days away unless a test says otherwise.
    deadlineDaysAway(db(), order.weeklyCycleId!);
    return { ...shopper, order, deal: shopper.picked[0]! };
  }

  /** The week's revenue is the base totals of its orders that still count: exactly. */
  function expectRevenueExact(cycleId: string) {
    const counted = db().get<{ n: number }>(sql`select coalesce(sum(original_total), 0) as n from orders where weekly_cycle_id = ${cycleId} and status not in ('CANCELED', 'REFUNDED')`).n;
    expect(db().select().from(weeklyCycles).where(eq(weeklyCycles.id, cycleId)).get()!.currentRevenue).toBe(counted);
  }

  it("takes a larger and then a smaller quantity before the cut-off: priced again, revenue exact, audited", async () => {
    const { token, order, deal } = await placedOrder();
    const cycleId = order.weeklyCycleId!;
    const base = Math.round(Number(deal.basePrice) * 100);
    expectRevenueExact(cycleId);
    const groupBefore = db().select().from(groups).where(eq(groups.id, order.groupId!)).get()!;

    for (const qty of [5, 1]) {
      // Down to 1 may lose a quantity tier: she has been asked (the next test) and accepts.
      const answer = await postForm(`/orders/${order.id}`, { intent: "change-qty", qty: String(qty), acceptPrice: "1" }, token);
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe(`/orders/${order.id}`);
      const now = db().select().from(orders).where(eq(orders.id, order.id)).get()!;
      expect(now.qty).toBe(qty);
      expect(now.originalTotal).toBe(base * qty);
      expect(now.total).toBe(now.unitPriceAtPurchase * qty + now.deliveryFee);
      expect(now.unitPriceAtPurchase).toBeLessThanOrEqual(base);
      expectRevenueExact(cycleId);
      const group = db().select().from(groups).where(eq(groups.id, order.groupId!)).get()!;
      expect(group.currentQty - groupBefore.currentQty).toBe(qty - order.qty);
      expect(group.currentRevenue - groupBefore.currentRevenue).toBe(base * qty - order.originalTotal);
    }
    const audit = db().select().from(eventLogs).where(eq(eventLogs.type, "order.qty_changed")).all();
    expect(audit).toHaveLength(2);
    expect(audit.map((row) => (row.payload as { after: { qty: number } }).after.qty).sort()).toEqual([1, 5]);
  });

  it("refuses a change less than 24 hours before the deadline with 409 and a clear message, changing nothing", async () => {
    const { token, order } = await placedOrder();
    db().update(weeklyCycles).set({ orderDeadline: new Date(Date.now() + 23 * HOUR) }).where(eq(weeklyCycles.id, order.weeklyCycleId!)).run();
    const before = snapshot();
    const answer = await postForm(`/orders/${order.id}`, { intent: "change-qty", qty: "3" }, token);
    expect(answer.status).toBe(409);
    expect(await answer.text()).toContain("אי אפשר לשנות או לבטל פחות מ-24 שעות לפני סגירת הקבוצה");
    expect(snapshot()).toEqual(before);
    // The page no longer offers the form, and says the order is final.
    const page = await (await getPage(`/orders/${order.id}`, token)).text();
    expect(page).not.toContain('data-testid="change-qty-form"');
    expect(page).toContain('data-testid="order-final"');
  });

  it("asks before a smaller quantity raises the price per unit (the quantity tier is lost), and changes nothing until she accepts", async () => {
    const { token, order, deal } = await placedOrder();
    const base = Math.round(Number(deal.basePrice) * 100);
    db().delete(dealTiers).where(eq(dealTiers.dealId, deal.id)).run();
    db().insert(dealTiers).values({ id: crypto.randomUUID(), dealId: deal.id, thresholdQty: 4, unitPrice: base - 100 }).run();
    // Up to 5: the price falls, nothing to ask.
    expect((await postForm(`/orders/${order.id}`, { intent: "change-qty", qty: "5" }, token)).status).toBe(302);
    const atFive = db().select().from(orders).where(eq(orders.id, order.id)).get()!;
    expect(atFive.qty).toBe(5);

    const before = snapshot();
    const asked = await postForm(`/orders/${order.id}`, { intent: "change-qty", qty: "2" }, token);
    expect(asked.status).toBe(409);
    const html = await asked.text();
    expect(html).toContain('data-testid="order-price-rise"');
    expect(html).toContain(`בכמות 2 המחיר ליחידה יעלה`);
    expect(html).toContain(`(עכשיו ${formatShekel(atFive.unitPriceAtPurchase, "he")})`);
    expect(html).toContain('name="acceptPrice" value="1"');
    expect(snapshot()).toEqual(before);
    // An accept for a lower price than the one that applies now (the price rose again since she
    // was asked) asks again and changes nothing.
    const shown = Number(html.match(/name="shownPrice" value="(\d+)"/)![1]);
    const stale = await postForm(`/orders/${order.id}`, { intent: "change-qty", qty: "2", acceptPrice: "1", shownPrice: String(shown - 1) }, token);
    expect(stale.status).toBe(409);
    expect(snapshot()).toEqual(before);

    expect((await postForm(`/orders/${order.id}`, { intent: "change-qty", qty: "2", acceptPrice: "1" }, token)).status).toBe(302);
    const atTwo = db().select().from(orders).where(eq(orders.id, order.id)).get()!;
    expect(atTwo.qty).toBe(2);
    expect(atTwo.unitPriceAtPurchase).toBeGreaterThan(atFive.unitPriceAtPurchase);
    // The price she was shown is the price she got.
    expect(html).toContain(`יעלה ל־${formatShekel(atTwo.unitPriceAtPurchase, "he")}`);
  });

  it("refuses bad quantities (400), more than the deal sells (422) and someone else's order (404), changing nothing", async () => {
    const { token, order, deal } = await placedOrder();
    const stranger = await shopperWithCart(1);
    const before = snapshot();
    for (const qty of ["0", "abc", "", "2.5", "-3"]) {
      expect((await postForm(`/orders/${order.id}`, { intent: "change-qty", qty }, token)).status, qty).toBe(400);
    }
    const tooMany = await postForm(`/orders/${order.id}`, { intent: "change-qty", qty: String(deal.maxQty + 1) }, token);
    expect([400, 422]).toContain(tooMany.status);
    expect((await postForm(`/orders/${order.id}`, { intent: "change-qty", qty: "3" }, stranger.token)).status).toBe(404);
    expect(snapshot()).toEqual(before);
  });

  it("PATCH /api/orders/{id} changes the quantity by the same rule, and answers 409 after the cut-off", async () => {
    const { token, order } = await placedOrder();
    const changed = await app.fetch(`/api/orders/${order.id}`, jsonInit("PATCH", { qty: 4 }, token));
    expect(changed.status).toBe(200);
    expect((await changed.json()).qty).toBe(4);
    expectRevenueExact(order.weeklyCycleId!);
    expect((await app.fetch(`/api/orders/${order.id}`, jsonInit("PATCH", { qty: "many" }, token))).status).toBe(400);

    db().update(weeklyCycles).set({ orderDeadline: new Date(Date.now() + 23 * HOUR) }).where(eq(weeklyCycles.id, order.weeklyCycleId!)).run();
    const before = snapshot();
    const late = await app.fetch(`/api/orders/${order.id}`, jsonInit("PATCH", { qty: 2 }, token));
    expect(late.status).toBe(409);
    expect((await late.json()).message).toBe("אי אפשר לשנות או לבטל פחות מ-24 שעות לפני סגירת הקבוצה: ההזמנה כבר סופית.");
    expect(snapshot()).toEqual(before);
  });

  it("cancels through the order state machine now, with an audit row, and gives the revenue back exactly", async () => {
    const { token, order } = await placedOrder();
    const answer = await postForm(`/orders/${order.id}`, { intent: "cancel", confirmed: "yes" }, token);
    expect(answer.status).toBe(302);
    expect(db().select().from(orders).where(eq(orders.id, order.id)).get()!.status).toBe("CANCELED");
    expectRevenueExact(order.weeklyCycleId!);
    const audit = db().select().from(eventLogs).where(and(eq(eventLogs.type, "order.status_changed"), eq(eventLogs.actorUserId, order.userId))).all();
    expect(audit).toHaveLength(1);
  });
});

describe("a card's forms without JavaScript", () => {
  it("come back to a card whose anchor is Hebrew: the Location is percent-encoded, never a 500", async () => {
    const { token, picked } = await shopperWithCart(1);
    const back = "/deals?q=\u05e2#deal-\u05e2\u05d2\u05d1\u05e0\u05d9\u05d5\u05ea";
    const encoded = "/deals?q=%D7%A2#deal-%D7%A2%D7%92%D7%91%D7%A0%D7%99%D7%95%D7%AA";
    const favorite = await postForm("/favorites", { dealId: picked[0]!.id, intent: "add", redirectTo: back }, token);
    expect([favorite.status, favorite.headers.get("Location")]).toEqual([302, encoded]);
    const added = await postForm("/cart", { intent: "add", dealId: picked[0]!.id, groupId: picked[0]!.groups[0]!.id, qty: "1", redirectTo: back }, token);
    expect([added.status, added.headers.get("Location")]).toEqual([302, encoded]);
  });

  it("take the deal from the tapped button and come back to its card: the grid's one '+' form and one heart form", async () => {
    const { token, userId, picked } = await shopperWithCart(1);
    const deal = db().select().from(deals).where(eq(deals.id, picked[0]!.id)).get()!;
    const cardBack = `/deals?sort=price_asc#deal-${encodeURIComponent(deal.slug)}`;
    const qtyInCart = () => db().select().from(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.dealId, deal.id))).get()?.qty;
    // The "+" form's fields, and the button's name and value, as the browser sends them.
    const added = await postForm("/cart", { intent: "add", qty: "1", redirectTo: "/deals?sort=price_asc", anchor: "card", line: `${deal.id}:${picked[0]!.groups[0]!.id}` }, token);
    expect([added.status, added.headers.get("Location")]).toEqual([302, cardBack]);
    expect(qtyInCart()).toBe(3);
    const hearted = await postForm("/favorites", { redirectTo: "/deals?sort=price_asc", anchor: "card", toggle: `add:${deal.id}` }, token);
    expect([hearted.status, hearted.headers.get("Location")]).toEqual([302, cardBack]);
    expect(db().select().from(favorites).where(and(eq(favorites.userId, userId), eq(favorites.dealId, deal.id))).all()).toHaveLength(1);
    const unhearted = await postForm("/favorites", { redirectTo: "/deals", anchor: "card", toggle: `remove:${deal.id}` }, token);
    expect(unhearted.status).toBe(302);
    expect(db().select().from(favorites).where(eq(favorites.userId, userId)).all()).toHaveLength(0);
  });

  it("bulk add takes every ticked deal, and refuses a ticked deal without its group or one a rule refuses, adding none of them", async () => {
    const { token, userId, picked } = await shopperWithCart(2);
    const cartQtys = () => db().select().from(cartItems).where(eq(cartItems.userId, userId)).orderBy(cartItems.dealId).all().map((line) => line.qty);
    // Each ticked box is a "line" field of its own.
    const bulkAdd = (lines: string[]) => postForm("/cart", new URLSearchParams([["intent", "bulk-add"], ["redirectTo", "/deals?mode=bulk"], ...lines.map((line) => ["line", line])]), token);
    const [first, second] = picked.map((deal) => `${deal.id}:${deal.groups[0]!.id}`);
    // One line without its group (a week that closed since the page was drawn, a forged form).
    const refused = await bulkAdd([first!, `${picked[1]!.id}:`]);
    expect([refused.status, refused.headers.get("Location")]).toEqual([302, "/deals?mode=bulk"]);
    expect(cartQtys()).toEqual([2, 2]);
    // A line the service refuses after an accepted one (another deal's group): the accepted
    // one is undone too, all or nothing.
    const refusedLate = await bulkAdd([first!, `${picked[1]!.id}:${picked[0]!.groups[0]!.id}`]);
    expect([refusedLate.status, refusedLate.headers.get("Location")]).toEqual([302, "/deals?mode=bulk"]);
    expect(cartQtys()).toEqual([2, 2]);
    const added = await bulkAdd([first!, second!]);
    expect([added.status, added.headers.get("Location")]).toEqual([302, "/cart"]);
    expect(cartQtys()).toEqual([3, 3]);
  });

  it("answer a forged button with a way back and change nothing", async () => {
    const { token, userId, picked } = await shopperWithCart(1);
    const before = snapshot();
    const cartBefore = db().select().from(cartItems).where(eq(cartItems.userId, userId)).all();
    for (const line of ["", ":", "no-such-deal:no-such-group", `${picked[0]!.id}:`, `${picked[0]!.id}:no-such-group:extra`]) {
      const answer = await postForm("/cart", { intent: "add", qty: "1", redirectTo: "/deals", anchor: "card", line }, token);
      expect([line, answer.status]).toEqual([line, 302]);
      expect(answer.headers.get("Location")!.startsWith("/deals")).toBe(true);
    }
    for (const toggle of ["", "add", "add:", "steal:x", `maybe:${picked[0]!.id}`, "add:no-such-deal"]) {
      const answer = await postForm("/favorites", { redirectTo: "/deals", anchor: "card", toggle }, token);
      expect([toggle, answer.status]).toEqual([toggle, 302]);
    }
    expect(snapshot()).toEqual(before);
    expect(db().select().from(cartItems).where(eq(cartItems.userId, userId)).all()).toEqual(cartBefore);
    expect(db().select().from(favorites).where(eq(favorites.userId, userId)).all()).toHaveLength(0);
  });
});
