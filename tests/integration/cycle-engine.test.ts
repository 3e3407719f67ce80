import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { communities, communityTiers, deals, groups, notifications, orders, users, weeklyCycles } from "~/db/schema";
import { DAY_MS, wallClockAt } from "~/services/time";
import { runCycleEngine } from "~/services/cycle-engine.server";
import { placeOrder } from "~/services/orders.server";
import { addToCart } from "~/services/cart.server";
import { useTestDatabase } from "../support/test-db";

const db = useTestDatabase();

function community() {
  return db().select().from(communities).orderBy(communities.name).limit(1).get()!;
}
function openCycle(communityId: string) {
  return db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, communityId), eq(weeklyCycles.isActive, true))).get()!;
}
function member(communityId: string, n: number) {
  return db().insert(users).values({ email: `member-${n}-${crypto.randomUUID().slice(0, 6)}@example.com`, firstName: "חבר", communityId }).returning().get();
}
/** Orders `qty` of the n-th deal for a new member; returns the order. */
function order(communityId: string, n: number, qty: number) {
  const deal = db().select().from(deals).orderBy(deals.slug).limit(1).offset(n).get()!;
  const cycle = openCycle(communityId);
  const group = db().select().from(groups).where(and(eq(groups.dealId, deal.id), eq(groups.weeklyCycleId, cycle.id))).get()!;
  return placeOrder(db(), member(communityId, n), { dealId: deal.id, groupId: group.id, qty }, { deliveryType: "PICKUP" });
}
function cycleOrders(cycleId: string) {
  return db().select().from(orders).where(eq(orders.weeklyCycleId, cycleId)).all();
}

describe("the weekly cycle engine", () => {
  it("closes a cycle at its deadline and not a minute before", () => {
    const c = community();
    const cycle = openCycle(c.id);
    runCycleEngine(db(), new Date(cycle.orderDeadline.getTime() - 60_000));
    expect(openCycle(c.id).id).toBe(cycle.id);
    runCycleEngine(db(), cycle.orderDeadline);
    expect(openCycle(c.id).id).not.toBe(cycle.id);
    const closed = db().select().from(weeklyCycles).where(eq(weeklyCycles.id, cycle.id)).get()!;
    expect(closed).toMatchObject({ isActive: false });
    expect(closed.closedAt).not.toBeNull();
    expect(db().select().from(groups).where(and(eq(groups.weeklyCycleId, cycle.id), eq(groups.status, "OPEN"))).all()).toHaveLength(0);
  });

  it("opens the next week's cycle on the same weekday and time, with a group for every active deal", () => {
    const c = community();
    const cycle = openCycle(c.id);
    runCycleEngine(db(), cycle.orderDeadline);
    const next = openCycle(c.id);
    expect(next.id).not.toBe(cycle.id);
    expect(next.orderDeadline.getTime() - cycle.orderDeadline.getTime()).toBeGreaterThanOrEqual(7 * DAY_MS - 3_600_000);
    expect(next.orderDeadline.getTime() - cycle.orderDeadline.getTime()).toBeLessThanOrEqual(7 * DAY_MS + 3_600_000);
    const [a, b] = [wallClockAt(cycle.orderDeadline), wallClockAt(next.orderDeadline)];
    expect([b.weekday, b.hour, b.minute]).toEqual([a.weekday, a.hour, a.minute]);
    const active = db().select().from(deals).where(eq(deals.status, "ACTIVE")).all().length;
    expect(db().select().from(groups).where(eq(groups.weeklyCycleId, next.id)).all()).toHaveLength(active);
  });

  it("sets everyone's final price by the final tier, never above the purchase price, and totals agree", () => {
    const c = community();
    const cycle = openCycle(c.id);
    // A 10% tier from 1 ₪: the first buyer pays full price, everyone after gets 10% off, and
    // at the close the first buyer's price falls too.
    const second = db().select().from(communityTiers).where(eq(communityTiers.communityId, c.id)).orderBy(communityTiers.minRevenue).all()[1];
    db().update(communityTiers).set({ minRevenue: 100, discountPercent: 10 }).where(eq(communityTiers.id, second.id)).run();
    db().update(weeklyCycles).set({ targetRevenue: 0 }).where(eq(weeklyCycles.id, cycle.id)).run();
    const placed = [order(c.id, 0, 2), order(c.id, 1, 3), order(c.id, 2, 1), order(c.id, 3, 4)];
    const revenue = openCycle(c.id).currentRevenue;
    expect(revenue).toBe(placed.reduce((sum, o) => sum + o.originalTotal, 0));

    runCycleEngine(db(), cycle.orderDeadline);
    for (const before of placed) {
      const after = db().select().from(orders).where(eq(orders.id, before.id)).get()!;
      expect(after.status).toBe("PENDING");
      expect(after.unitPriceAtPurchase).toBeLessThanOrEqual(before.unitPriceAtPurchase);
      expect(after.total).toBe(after.unitPriceAtPurchase * after.qty + after.deliveryFee);
    }
    const first = db().select().from(orders).where(eq(orders.id, placed[0].id)).get()!;
    expect(first.unitPriceAtPurchase).toBeLessThan(placed[0].unitPriceAtPurchase);
    const closed = db().select().from(weeklyCycles).where(eq(weeklyCycles.id, cycle.id)).get()!;
    expect(closed.currentRevenue).toBe(cycleOrders(cycle.id).reduce((sum, o) => sum + o.originalTotal, 0));
    const told = db().select().from(notifications).where(eq(notifications.type, "GROUP_COMPLETE")).all();
    expect(told).toHaveLength(4);
    expect(told[0].title).toBe("הקבוצה נסגרה - המחיר הסופי נקבע");
    expect(told[0].data?.dealSlug).toBeTruthy();
  });

  it("cancels every order, at no charge, when the group misses its goal, and tells each buyer", () => {
    const c = community();
    const cycle = openCycle(c.id);
    db().update(weeklyCycles).set({ targetRevenue: 100_000_000 }).where(eq(weeklyCycles.id, cycle.id)).run();
    const placed = [order(c.id, 0, 1), order(c.id, 1, 2)];
    runCycleEngine(db(), cycle.orderDeadline);
    for (const o of placed) expect(db().select().from(orders).where(eq(orders.id, o.id)).get()!.status).toBe("CANCELED");
    expect(db().select().from(weeklyCycles).where(eq(weeklyCycles.id, cycle.id)).get()!.goalMissed).toBe(true);
    const told = db().select().from(notifications).all();
    expect(told.map((n) => n.title)).toEqual(["הקבוצה לא הגיעה ליעד השבוע", "הקבוצה לא הגיעה ליעד השבוע"]);
  });

  it("changes nothing when run twice", () => {
    const c = community();
    const cycle = openCycle(c.id);
    db().update(weeklyCycles).set({ targetRevenue: 0 }).where(eq(weeklyCycles.id, cycle.id)).run();
    order(c.id, 0, 3);
    const first = runCycleEngine(db(), cycle.orderDeadline);
    const snapshot = () => db().all(sql`select id, status, unit_price_at_purchase, total from orders union all select id, is_active, current_revenue, closed_at from weekly_cycles order by 1`);
    const before = snapshot();
    const notificationCount = db().select().from(notifications).all().length;
    const second = runCycleEngine(db(), cycle.orderDeadline);
    expect(first.closed).toBeGreaterThan(0);
    expect(second.closed).toBe(0);
    expect(snapshot()).toEqual(before);
    expect(db().select().from(notifications).all()).toHaveLength(notificationCount);
  });

  it("catches up two weeks of downtime: every missed deadline closes and one cycle is open after now", () => {
    const c = community();
    const cycle = openCycle(c.id);
    const later = new Date(cycle.orderDeadline.getTime() + 15 * DAY_MS);
    const report = runCycleEngine(db(), later);
    const mine = db().select().from(weeklyCycles).where(eq(weeklyCycles.communityId, c.id)).orderBy(weeklyCycles.orderDeadline).all();
    expect(mine.filter((x) => x.closedAt)).toHaveLength(3);
    expect(mine.filter((x) => x.isActive)).toHaveLength(1);
    expect(openCycle(c.id).orderDeadline.getTime()).toBeGreaterThan(later.getTime());
    expect(report.closed).toBeGreaterThanOrEqual(3);
  });

  it("puts an order placed after the deadline (before the clock ran) into next week's cycle", () => {
    const c = community();
    const cycle = openCycle(c.id);
    db().update(weeklyCycles).set({ orderDeadline: new Date(Date.now() - 60_000) }).where(eq(weeklyCycles.id, cycle.id)).run();
    const deal = db().select().from(deals).limit(1).get()!;
    const group = db().select().from(groups).where(and(eq(groups.dealId, deal.id), eq(groups.weeklyCycleId, cycle.id))).get()!;
    const placed = placeOrder(db(), member(c.id, 9), { dealId: deal.id, groupId: group.id, qty: 1 }, { deliveryType: "PICKUP" });
    expect(placed.weeklyCycleId).not.toBe(cycle.id);
    expect(placed.weeklyCycleId).toBe(openCycle(c.id).id);
  });

  it("reminds members with items in the cart once, 24 hours before the deadline", () => {
    const c = community();
    const cycle = openCycle(c.id);
    const buyer = member(c.id, 1);
    const idle = member(c.id, 2);
    const deal = db().select().from(deals).limit(1).get()!;
    const group = db().select().from(groups).where(and(eq(groups.dealId, deal.id), eq(groups.weeklyCycleId, cycle.id))).get()!;
    addToCart(db(), buyer.id, { dealId: deal.id, groupId: group.id, qty: 1 });
    runCycleEngine(db(), new Date(cycle.orderDeadline.getTime() - 25 * 3_600_000));
    expect(db().select().from(notifications).where(eq(notifications.type, "DEAL_ENDING")).all()).toHaveLength(0);
    runCycleEngine(db(), new Date(cycle.orderDeadline.getTime() - 23 * 3_600_000));
    runCycleEngine(db(), new Date(cycle.orderDeadline.getTime() - 22 * 3_600_000));
    const reminders = db().select().from(notifications).where(eq(notifications.type, "DEAL_ENDING")).all();
    expect(reminders.map((r) => r.userId)).toEqual([buyer.id]);
    expect(reminders.some((r) => r.userId === idle.id)).toBe(false);
  });
});
