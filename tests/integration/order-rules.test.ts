// Two order rules over real HTTP and a real database: the 24-hour cancel cut-off, and a
// checkout that is all or nothing when one of its lines fails.
import { and, asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartItems, communities, deals, groups, orders, weeklyCycles } from "~/db/schema";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

const HOUR = 3_600_000;
let people = 0;

/** Signs a new shopper up through the API, in the first community. */
async function newShopper() {
  const communityId = db().select().from(communities).orderBy(communities.name).limit(1).get()!.id;
  const init = jsonInit("POST", { email: `rules-${++people}-${crypto.randomUUID().slice(0, 6)}@example.com`, password: "long-enough-pw", firstName: "רון", lastName: "בן דוד", communityId });
  // Each shopper signs up from an address of their own, so the sign-up limit is not in play.
  (init.headers as Record<string, string>)["X-Test-Client"] = `10.9.${people >> 8}.${people & 255}`;
  const response = await app.fetch("/api/auth/signup", init);
  expect(response.status).toBe(201);
  const json = await response.json();
  return { token: json.token as string, communityId };
}

function openCycle(communityId: string) {
  return db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, communityId), eq(weeklyCycles.isActive, true))).get()!;
}

/** Everything a checkout or a cancel could write, in a fixed order. */
function snapshot() {
  return ["orders", "cart_items", "weekly_cycles", "groups", "notifications", "event_logs"].map((table) => db().all(sql`select * from ${sql.identifier(table)} order by id`));
}

type Listed = { id: string; slug: string; minQty: number; maxQty: number; groups: { id: string }[] };

/** The shopper's cart filled with one line of each of `count` deals, oldest line first. */
async function fillCart(token: string, count: number) {
  const list: Listed[] = await (await app.fetch("/api/deals?limit=100", jsonInit("GET", undefined, token))).json();
  // Two of each: deals that sell two to one buyer.
  const picked = list.filter((d) => d.minQty <= 2 && d.maxQty >= 2).slice(0, count);
  expect(picked).toHaveLength(count);
  for (const deal of picked) {
    const added = await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, qty: 2, groupId: deal.groups[0]!.id }, token));
    expect(added.status).toBe(201);
  }
  // Lines check out in the order they were added; spread the times so that order is certain.
  const lines = db().select().from(cartItems).orderBy(asc(cartItems.addedAt)).all();
  const base = Date.now() - 60_000;
  for (const deal of picked) {
    const line = lines.find((l) => l.dealId === deal.id)!;
    db().update(cartItems).set({ addedAt: new Date(base + picked.indexOf(deal) * 1000) }).where(eq(cartItems.id, line.id)).run();
  }
  return picked;
}

const checkoutBody = { fullName: "רון בן דוד", phone: "0521234567", address: "הרצל 10", city: "חיפה", postalCode: "3303100", notes: "", paymentMethod: "CASH" };

describe("the 24-hour cancel cut-off", () => {
  async function placedOrder() {
    const shopper = await newShopper();
    await fillCart(shopper.token, 1);
    const response = await app.fetch("/api/checkout", jsonInit("POST", checkoutBody, shopper.token));
    expect(response.status).toBe(201);
    const { orderId } = (await response.json()) as { orderId: string };
    return { ...shopper, orderId };
  }
  const cancel = (orderId: string, token: string) => app.fetch(`/api/orders/${orderId}/cancel`, jsonInit("POST", { confirmed: "yes" }, token));

  it("refuses a cancel less than 24 hours before the deadline with 409 and the FAQ's message, and changes nothing", async () => {
    const { token, orderId, communityId } = await placedOrder();
    const cycle = openCycle(communityId);
    db().update(weeklyCycles).set({ orderDeadline: new Date(Date.now() + 23 * HOUR) }).where(eq(weeklyCycles.id, cycle.id)).run();
    const before = snapshot();
    expect(openCycle(communityId).currentRevenue).toBeGreaterThan(0);

    const response = await cancel(orderId, token);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "אי אפשר לבטל פחות מ-24 שעות לפני סגירת הקבוצה: ההזמנה כבר סופית." });
    expect(db().select().from(orders).where(eq(orders.id, orderId)).get()!.status).toBe("PENDING");
    expect(snapshot()).toEqual(before);
  });

  it("still allows it a little more than 24 hours before, giving the revenue back", async () => {
    const { token, orderId, communityId } = await placedOrder();
    const cycle = openCycle(communityId);
    db().update(weeklyCycles).set({ orderDeadline: new Date(Date.now() + 24 * HOUR + 5 * 60_000) }).where(eq(weeklyCycles.id, cycle.id)).run();

    const response = await cancel(orderId, token);
    expect(response.status).toBe(200);
    expect((await response.json()).status).toBe("CANCELED");
    expect(openCycle(communityId).currentRevenue).toBe(0);
  });
});

describe("a checkout whose later line fails", () => {
  const breakers: [string, (dealId: string, communityId: string) => void, number, string][] = [
    ["its deal has ended", (dealId) => db().update(deals).set({ status: "ENDED" }).where(eq(deals.id, dealId)).run(), 404, "המבצע לא נמצא"],
    ["its deal now sells fewer than the line asks", (dealId) => db().update(deals).set({ maxQty: 1 }).where(eq(deals.id, dealId)).run(), 422, "הכמות עולה על המקסימום למבצע הזה"],
    [
      "its group has closed",
      (dealId, communityId) => db().update(groups).set({ status: "CLOSED" }).where(and(eq(groups.dealId, dealId), eq(groups.weeklyCycleId, openCycle(communityId).id))).run(),
      422,
      "שגיאה - לא ניתן להוסיף את המוצר לעגלה כרגע",
    ],
  ];

  it.each(breakers)("places nothing when %s: no orders, revenue and cart as they were", async (_, breakLine, status, message) => {
    const shopper = await newShopper();
    const picked = await fillCart(shopper.token, 3);
    breakLine(picked[2]!.id, shopper.communityId);
    const before = snapshot();
    expect(db().select().from(cartItems).all()).toHaveLength(3);

    const response = await app.fetch("/api/checkout", jsonInit("POST", checkoutBody, shopper.token));
    expect(response.status).toBe(status);
    expect((await response.json()).message).toBe(message);
    expect(db().get<{ n: number }>(sql`select count(*) as n from orders`).n).toBe(0);
    expect(openCycle(shopper.communityId).currentRevenue).toBe(0);
    expect(snapshot()).toEqual(before);
  });

  it("undoes the week's close it ran first, too: the checkout is one transaction", async () => {
    const shopper = await newShopper();
    const picked = await fillCart(shopper.token, 2);
    // The deadline passed a moment ago and the clock has not run: the checkout closes the week
    // and opens the next before it prices the lines; then its second line fails.
    const cycle = openCycle(shopper.communityId);
    db().update(weeklyCycles).set({ orderDeadline: new Date(Date.now() - 60_000) }).where(eq(weeklyCycles.id, cycle.id)).run();
    db().update(deals).set({ status: "ENDED" }).where(eq(deals.id, picked[1]!.id)).run();
    const before = snapshot();

    const response = await app.fetch("/api/checkout", jsonInit("POST", checkoutBody, shopper.token));
    expect(response.status).toBe(404);
    expect(snapshot()).toEqual(before);
    expect(openCycle(shopper.communityId).id).toBe(cycle.id);
  });
});
