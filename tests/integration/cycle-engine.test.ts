import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { communities, communityTiers, deals, eventLogs, groups, notifications, orders, users, weeklyCycles, type Order } from "~/db/schema";
import { DEMO_ADMIN } from "~/demo/seed.server";
import { listAuditEvents } from "~/services/audit.server";
import { setOrderStatus } from "~/services/order-lifecycle.server";
import { DAY_MS, wallClockAt } from "~/domain/time";
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

  it("sets everyone's final price by the final tier (here below the purchase price), and totals agree", async () => {
    const c = community();
    const cycle = openCycle(c.id);
    // A 10% tier from 1 ₪: the first buyer pays full price, everyone after gets 10% off, and
    // at the close the first buyer's price falls too.
    const second = db().select().from(communityTiers).where(eq(communityTiers.communityId, c.id)).orderBy(communityTiers.minRevenue).all()[1];
    db().update(communityTiers).set({ minRevenue: 100, discountPercent: 10 }).where(eq(communityTiers.id, second.id)).run();
    db().update(weeklyCycles).set({ targetRevenue: 0 }).where(eq(weeklyCycles.id, cycle.id)).run();
    const placed = [await order(c.id, 0, 2), await order(c.id, 1, 3), await order(c.id, 2, 1), await order(c.id, 3, 4)];
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

  it("cancels every order, at no charge, when the group misses its goal, and tells each buyer", async () => {
    const c = community();
    const cycle = openCycle(c.id);
    db().update(weeklyCycles).set({ targetRevenue: 100_000_000 }).where(eq(weeklyCycles.id, cycle.id)).run();
    const placed = [await order(c.id, 0, 1), await order(c.id, 1, 2)];
    runCycleEngine(db(), cycle.orderDeadline);
    for (const o of placed) expect(db().select().from(orders).where(eq(orders.id, o.id)).get()!.status).toBe("CANCELED");
    expect(db().select().from(weeklyCycles).where(eq(weeklyCycles.id, cycle.id)).get()!.goalMissed).toBe(true);
    // The buyers' notifications (the admins hear of the week too: tests/integration/admin-alerts.test.ts).
    const told = db().select().from(notifications).where(eq(notifications.type, "GROUP_COMPLETE")).all();
    expect(told.map((n) => n.title)).toEqual(["הקבוצה לא הגיעה ליעד השבוע", "הקבוצה לא הגיעה ליעד השבוע"]);
  });

  it("changes nothing when run twice", async () => {
    const c = community();
    const cycle = openCycle(c.id);
    db().update(weeklyCycles).set({ targetRevenue: 0 }).where(eq(weeklyCycles.id, cycle.id)).run();
    await order(c.id, 0, 3);
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

  it("puts an order placed after the deadline (before the clock ran) into next week's cycle", async () => {
    const c = community();
    const cycle = openCycle(c.id);
    db().update(weeklyCycles).set({ orderDeadline: new Date(Date.now() - 60_000) }).where(eq(weeklyCycles.id, cycle.id)).run();
    const deal = db().select().from(deals).limit(1).get()!;
    const group = db().select().from(groups).where(and(eq(groups.dealId, deal.id), eq(groups.weeklyCycleId, cycle.id))).get()!;
    const placed = await placeOrder(db(), member(c.id, 9), { dealId: deal.id, groupId: group.id, qty: 1 }, { deliveryType: "PICKUP" });
    expect(placed.weeklyCycleId).not.toBe(cycle.id);
    expect(placed.weeklyCycleId).toBe(openCycle(c.id).id);
  });

  it("reminds members with items in the cart once, 24 hours before the deadline", async () => {
    const c = community();
    const cycle = openCycle(c.id);
    const buyer = member(c.id, 1);
    const idle = member(c.id, 2);
    const deal = db().select().from(deals).limit(1).get()!;
    const group = db().select().from(groups).where(and(eq(groups.dealId, deal.id), eq(groups.weeklyCycleId, cycle.id))).get()!;
    await addToCart(db(), buyer.id, { dealId: deal.id, groupId: group.id, qty: 1 });
    runCycleEngine(db(), new Date(cycle.orderDeadline.getTime() - 25 * 3_600_000));
    expect(db().select().from(notifications).where(eq(notifications.type, "DEAL_ENDING")).all()).toHaveLength(0);
    runCycleEngine(db(), new Date(cycle.orderDeadline.getTime() - 23 * 3_600_000));
    runCycleEngine(db(), new Date(cycle.orderDeadline.getTime() - 22 * 3_600_000));
    const reminders = db().select().from(notifications).where(eq(notifications.type, "DEAL_ENDING")).all();
    expect(reminders.map((r) => r.userId)).toEqual([buyer.id]);
    expect(reminders.some((r) => r.userId === idle.id)).toBe(false);
  });
});

describe("the weekly close goes through the order state machine", () => {
  const adminId = () => db().select().from(users).where(eq(users.email, DEMO_ADMIN.email)).get()!.id;
  const reread = (o: Order) => db().select().from(orders).where(eq(orders.id, o.id)).get()!;
  const systemRows = (type: string) => db().select().from(eventLogs).where(eq(eventLogs.type, type)).all().filter((r) => r.payload?.actorUserId === null);
  /** current_revenue against the base totals of the orders that still count, for one cycle. */
  function books(cycleId: string) {
    return db().get<{ revenue: number; orders: number; groups: number }>(
      sql`select c.current_revenue as revenue,
                 coalesce((select sum(o.original_total) from orders o where o.weekly_cycle_id = c.id and o.status not in ('CANCELED', 'REFUNDED')), 0) as orders,
                 coalesce((select sum(g.current_revenue) from groups g where g.weekly_cycle_id = c.id), 0) as groups
          from weekly_cycles c where c.id = ${cycleId}`,
    );
  }
  /**
   * Four buyers before the deadline: one order handed over early by an admin (FULFILLED), one
   * refunded, one PAID, one still PENDING.
   */
  async function weekWithAFulfilledOrder(communityId: string) {
    const [fulfilled, refunded, paid, pending] = [await order(communityId, 0, 3), await order(communityId, 1, 2), await order(communityId, 2, 2), await order(communityId, 3, 1)];
    const at = (hoursBefore: number) => new Date(openCycle(communityId).orderDeadline.getTime() - hoursBefore * 3_600_000);
    setOrderStatus(db(), adminId(), fulfilled.id, "PAID", at(50));
    setOrderStatus(db(), adminId(), fulfilled.id, "FULFILLED", at(49));
    setOrderStatus(db(), adminId(), refunded.id, "PAID", at(48));
    setOrderStatus(db(), adminId(), refunded.id, "REFUNDED", at(47));
    setOrderStatus(db(), adminId(), paid.id, "PAID", at(46));
    return { fulfilled: reread(fulfilled), refunded: reread(refunded), paid: reread(paid), pending: reread(pending) };
  }

  it("reprices only PENDING and PAID orders when the goal is met: a fulfilled order keeps its status and price", async () => {
    const c = community();
    const cycle = openCycle(c.id);
    db().update(weeklyCycles).set({ targetRevenue: 0 }).where(eq(weeklyCycles.id, cycle.id)).run();
    const week = await weekWithAFulfilledOrder(c.id);
    // A 10% tier the week reaches, set after everyone bought: the close lowers every price still open.
    const second = db().select().from(communityTiers).where(eq(communityTiers.communityId, c.id)).orderBy(communityTiers.minRevenue).all()[1]!;
    db().update(communityTiers).set({ minRevenue: 100, discountPercent: 10 }).where(eq(communityTiers.id, second.id)).run();
    const before = books(cycle.id)!;
    expect(before.revenue).toBe(before.orders);
    expect(before.revenue).toBe(week.fulfilled.originalTotal + week.paid.originalTotal + week.pending.originalTotal);

    runCycleEngine(db(), cycle.orderDeadline);

    expect(reread(week.fulfilled)).toEqual(week.fulfilled);
    expect(reread(week.refunded)).toEqual(week.refunded);
    for (const o of [week.paid, week.pending]) {
      const after = reread(o);
      expect(after.status).toBe(o.status);
      expect(after.unitPriceAtPurchase).toBeLessThan(o.unitPriceAtPurchase);
      expect(after.total).toBe(after.unitPriceAtPurchase * after.qty + after.deliveryFee);
      expect(after.originalTotal).toBe(o.originalTotal);
    }
    // Repricing moves no money in the books: revenue counts base totals.
    expect(books(cycle.id)).toEqual(before);

    const repriced = systemRows("order.repriced");
    expect(repriced.map((r) => r.payload!.entityId).sort()).toEqual([week.paid.id, week.pending.id].sort());
    for (const row of repriced) {
      const o = row.payload!.entityId === week.paid.id ? week.paid : week.pending;
      const after = reread(o);
      expect(row.actorUserId).toBeNull();
      expect(row.payload).toMatchObject({ before: { unitPriceAtPurchase: o.unitPriceAtPurchase, total: o.total }, after: { unitPriceAtPurchase: after.unitPriceAtPurchase, total: after.total } });
    }
    expect(systemRows("order.status_changed")).toHaveLength(0);
    expect(systemRows("cycle.closed").filter((r) => r.payload!.entityId === cycle.id)).toHaveLength(1);
    expect(systemRows("cycle.closed").find((r) => r.payload!.entityId === cycle.id)!.payload).toMatchObject({
      before: { isActive: true, currentRevenue: before.revenue },
      after: { isActive: false, goalMissed: false, currentRevenue: before.revenue, discountPercent: 10 },
    });
    // The audit log shows the system as the actor, not a deleted user.
    expect(listAuditEvents(db(), { type: "order.repriced" }).every((r) => r.bySystem && r.actorUserId === null)).toBe(true);
    expect(listAuditEvents(db(), { type: "order.status_changed" }).every((r) => !r.bySystem)).toBe(true);

    const told = db().select().from(notifications).where(eq(notifications.type, "GROUP_COMPLETE")).all();
    expect(told.map((n) => n.data?.orderId).sort()).toEqual([week.paid.id, week.pending.id].sort());
  });

  it("cancels only the orders that may be cancelled when the goal is missed, gives their revenue back and logs each", async () => {
    const c = community();
    const cycle = openCycle(c.id);
    db().update(weeklyCycles).set({ targetRevenue: 100_000_000 }).where(eq(weeklyCycles.id, cycle.id)).run();
    const week = await weekWithAFulfilledOrder(c.id);
    const reached = books(cycle.id)!.revenue;

    runCycleEngine(db(), cycle.orderDeadline);

    expect(reread(week.fulfilled)).toEqual(week.fulfilled);
    expect(reread(week.refunded)).toEqual(week.refunded);
    for (const o of [week.paid, week.pending]) {
      const after = reread(o);
      expect(after).toMatchObject({ status: "CANCELED", unitPriceAtPurchase: o.unitPriceAtPurchase, total: o.total });
      expect(after.canceledAt).toEqual(cycle.orderDeadline);
    }
    const closed = db().select().from(weeklyCycles).where(eq(weeklyCycles.id, cycle.id)).get()!;
    expect(closed.goalMissed).toBe(true);
    // Revenue is the base totals of the orders that still count: the fulfilled one alone.
    expect(books(cycle.id)).toEqual({ revenue: week.fulfilled.originalTotal, orders: week.fulfilled.originalTotal, groups: week.fulfilled.originalTotal });

    const canceled = systemRows("order.status_changed");
    expect(canceled.map((r) => [r.payload!.entityId, r.payload!.before, r.payload!.after]).sort()).toEqual(
      [
        [week.paid.id, { status: "PAID" }, { status: "CANCELED" }],
        [week.pending.id, { status: "PENDING" }, { status: "CANCELED" }],
      ].sort(),
    );
    expect(canceled.every((r) => r.actorUserId === null)).toBe(true);
    expect(systemRows("order.repriced")).toHaveLength(0);
    // The week's close keeps what it reached, for the record.
    expect(systemRows("cycle.closed").find((r) => r.payload!.entityId === cycle.id)!.payload).toMatchObject({
      before: { currentRevenue: reached, targetRevenue: 100_000_000 },
      after: { isActive: false, goalMissed: true, currentRevenue: week.fulfilled.originalTotal },
    });

    const told = db().select().from(notifications).where(eq(notifications.type, "GROUP_COMPLETE")).all();
    expect(told.map((n) => n.data?.orderId).sort()).toEqual([week.paid.id, week.pending.id].sort());
  });
});
