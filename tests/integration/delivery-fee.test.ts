// A delivery order's fee follows every change of the order and of its checkout, over real HTTP
// and a real database (issue "Money rules and hostile clients, round three", item 2): a four-line
// delivery order over 150 ₪ with each line cut to one unit used to keep its free delivery.
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { communities, eventLogs, orders, weeklyCycles, type Order } from "~/db/schema";
import { deliveryFee, deliverySettingsOf } from "~/domain/delivery";
import { formatShekel } from "~/domain/money";
import { deadlineDaysAway, useTestDatabase } from "../support/test-db";
import { getPageAs, postFormAs, signUpShopper } from "../support/sign-in";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);


type Listed = { id: string; basePrice: string; minQty: number; maxQty: number; groups: { id: string }[] };

function firstCommunity() {
  return db().select().from(communities).orderBy(communities.name).limit(1).get()!;
}
function orderById(id: string): Order {
  return db().select().from(orders).where(eq(orders.id, id)).get()!;
}
function ordersOf(userId: string): Order[] {
  return db().select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt), asc(sql`rowid`)).all();
}

/** A new shopper of the first community, signed up through the API. */
function newShopper() {
  return signUpShopper(app, firstCommunity().id, { emailPrefix: "fee", addressPrefix: "10.12" });
}

async function dealList(token: string): Promise<Listed[]> {
  return (await app.fetch("/api/deals?limit=100", jsonInit("GET", undefined, token))).json();
}

const deliveryBody = { fullName: "פנינה כהן", phone: "0521234567", address: "הרצל 10", city: "חיפה", postalCode: "", notes: "", paymentMethod: "CASH" };

const postForm = (path: string, fields: Record<string, string>, token: string) => postFormAs(app, path, fields, token);
const getPage = (path: string, token: string) => getPageAs(app, path, token);

describe("the delivery fee follows every change of an order and of its checkout", () => {
  /** A four-line delivery checkout over 150 ₪ (free delivery), placed through the API. */
  async function freeDeliveryCheckout() {
    const shopper = await newShopper();
    // Days before the deadline, whatever day the suite runs: orders may still be changed.
    deadlineDaysAway(db(), db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, shopper.communityId), eq(weeklyCycles.isActive, true))).get()!.id);
    // Four deals of 4 to 30 ₪: one unit of each stays under free delivery.
    const picked = (await dealList(shopper.token)).filter((d) => d.minQty <= 1 && d.maxQty >= 20 && Number(d.basePrice) >= 4 && Number(d.basePrice) <= 30).slice(0, 4);
    expect(picked).toHaveLength(4);
    // At least 80 ₪ of base price a line: over 150 ₪ together even at half price.
    const qtys = picked.map((deal) => Math.min(20, Math.ceil(8000 / (Number(deal.basePrice) * 100))));
    for (const [i, deal] of picked.entries()) {
      expect((await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, qty: qtys[i], groupId: deal.groups[0]!.id }, shopper.token))).status).toBe(201);
    }
    const response = await app.fetch("/api/checkout", jsonInit("POST", deliveryBody, shopper.token));
    expect(response.status).toBe(201);
    const { orderIds: ids } = (await response.json()) as { orderIds: string[] };
    expect(ids).toHaveLength(4);
    const placed = ordersOf(shopper.userId);
    expect(placed.reduce((sum, o) => sum + o.unitPriceAtPurchase * o.qty, 0)).toBeGreaterThanOrEqual(15_000);
    expect(placed.map((o) => o.deliveryFee)).toEqual([0, 0, 0, 0]);
    return { ...shopper, ids, qtys };
  }

  /** One fee for the checkout's live orders, by the delivery rule on their subtotal, on the first of them. */
  function expectOneRule(userId: string) {
    const live = ordersOf(userId).filter((o) => o.status !== "CANCELED");
    const subtotal = live.reduce((sum, o) => sum + o.unitPriceAtPurchase * o.qty, 0);
    // The rule of her community, as it is set (issue #45; the demo communities keep 15 ₪ from 150 ₪).
    const settings = deliverySettingsOf(firstCommunity());
    expect(live.map((o) => o.deliveryFee)).toEqual(live.map((_, i) => (i === 0 ? deliveryFee(settings, "DELIVERY", subtotal) : 0)));
    for (const o of live) expect(o.total).toBe(o.unitPriceAtPurchase * o.qty + o.deliveryFee);
    return { subtotal, total: live.reduce((sum, o) => sum + o.total, 0) };
  }

  it("through the API: every line cut to one unit brings the fee back; back above 150 ₪ it is free again", async () => {
    const { token, userId, ids, qtys } = await freeDeliveryCheckout();
    for (const id of ids) expect((await app.fetch(`/api/orders/${id}`, jsonInit("PATCH", { qty: 1 }, token))).status).toBe(200);
    const cut = expectOneRule(userId);
    expect(cut.subtotal).toBeLessThan(15_000);
    expect(cut.total).toBe(cut.subtotal + 1500);
    // The answer to the change shows the fee on the order that carries it.
    const first = await (await app.fetch(`/api/orders/${ids[0]}`, jsonInit("GET", undefined, token))).json();
    expect(first.deliveryFee).toBe("15.00");

    for (const [i, id] of ids.entries()) expect((await app.fetch(`/api/orders/${id}`, jsonInit("PATCH", { qty: qtys[i] }, token))).status).toBe(200);
    const again = expectOneRule(userId);
    expect(again.subtotal).toBeGreaterThanOrEqual(15_000);
    expect(again.total).toBe(again.subtotal);

    // Cancelling the order that carries the fee moves it to the next one.
    for (const id of ids.slice(1)) await app.fetch(`/api/orders/${id}`, jsonInit("PATCH", { qty: 1 }, token));
    expect(orderById(ids[0]!).deliveryFee).toBe(1500);
    expect((await app.fetch(`/api/orders/${ids[0]}/cancel`, jsonInit("POST", { confirmed: "yes" }, token))).status).toBe(200);
    expectOneRule(userId);
    expect(orderById(ids[1]!).deliveryFee).toBe(1500);
    expect(db().select().from(eventLogs).where(eq(eventLogs.type, "order.delivery_fee_changed")).all().length).toBeGreaterThan(0);
  });

  it("through the order page's form: the same", async () => {
    const { token, userId, ids } = await freeDeliveryCheckout();
    for (const id of ids) {
      const changed = await postForm(`/orders/${id}`, { intent: "change-qty", qty: "1", acceptPrice: "1" }, token);
      expect(changed.status).toBe(302);
    }
    const cut = expectOneRule(userId);
    expect(cut.total).toBe(cut.subtotal + 1500);
    const page = await (await getPage(`/orders/${ids[0]}`, token)).text();
    expect(page).toContain(formatShekel(orderById(ids[0]!).total));
  });

  it("refuses a bad quantity with 400 and changes no fee", async () => {
    const { token, userId, ids } = await freeDeliveryCheckout();
    const before = ordersOf(userId);
    expect((await app.fetch(`/api/orders/${ids[0]}`, jsonInit("PATCH", { qty: 0 }, token))).status).toBe(400);
    expect((await postForm(`/orders/${ids[0]}`, { intent: "change-qty", qty: "-1" }, token)).status).toBe(400);
    expect(ordersOf(userId)).toEqual(before);
  });
});
