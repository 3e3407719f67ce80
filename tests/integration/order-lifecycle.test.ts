import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { communities, deals, groups, notifications, orders, users, weeklyCycles } from "~/db/schema";
import { ServiceError } from "~/domain/errors";
import { fulfillCycle, setOrderStatus } from "~/services/order-lifecycle.server";
import { placeOrder } from "~/services/orders.server";
import { canReview } from "~/services/reviews.server";
import { DEMO_ADMIN } from "~/demo/seed.server";
import { useTestDatabase } from "../support/test-db";

const db = useTestDatabase();
/** The admin who moves the orders on (the audit log names them). */
const adminId = () => db().select().from(users).where(eq(users.email, DEMO_ADMIN.email)).get()!.id;

async function placed() {
  const community = db().select().from(communities).limit(1).get()!;
  const user = db().insert(users).values({ email: `buyer-${crypto.randomUUID().slice(0, 6)}@example.com`, communityId: community.id }).returning().get();
  const cycle = db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, community.id), eq(weeklyCycles.isActive, true))).get()!;
  const deal = db().select().from(deals).limit(1).get()!;
  const group = db().select().from(groups).where(and(eq(groups.dealId, deal.id), eq(groups.weeklyCycleId, cycle.id))).get()!;
  return { order: await placeOrder(db(), user, { dealId: deal.id, groupId: group.id, qty: 2 }, { deliveryType: "PICKUP" }), user, cycle, deal };
}

describe("order lifecycle", () => {
  it("moves PENDING -> PAID -> FULFILLED with the time of each step, then the buyer is told and may review", async () => {
    const { order, user, deal } = await placed();
    const paidAt = new Date("2026-11-26T08:00:00Z");
    expect(setOrderStatus(db(), adminId(), order.id, "PAID", paidAt).paidAt).toEqual(paidAt);
    const done = setOrderStatus(db(), adminId(), order.id, "FULFILLED", new Date("2026-11-27T08:00:00Z"));
    expect(done.status).toBe("FULFILLED");
    expect(done.fulfilledAt).toEqual(new Date("2026-11-27T08:00:00Z"));
    const told = db().select().from(notifications).where(eq(notifications.userId, user.id)).all();
    expect(told.map((n) => n.type).sort()).toEqual(["ORDER_DELIVERED", "REVIEW_REMINDER"]);
    expect(told.every((n) => n.data?.dealSlug === deal.slug)).toBe(true);
    expect(canReview(db(), user.id, deal.id)).toBe(true);
  });

  it("refuses a move the state machine does not allow, and changes nothing", async () => {
    const { order } = await placed();
    expect(() => setOrderStatus(db(), adminId(), order.id, "FULFILLED")).toThrow(ServiceError);
    expect(db().select().from(orders).where(eq(orders.id, order.id)).get()!.status).toBe("PENDING");
  });

  it("gives the open week's revenue back when an admin cancels", async () => {
    const { order, cycle } = await placed();
    const before = db().select().from(weeklyCycles).where(eq(weeklyCycles.id, cycle.id)).get()!.currentRevenue;
    setOrderStatus(db(), adminId(), order.id, "CANCELED");
    expect(db().select().from(weeklyCycles).where(eq(weeklyCycles.id, cycle.id)).get()!.currentRevenue).toBe(before - order.originalTotal);
  });

  it("marks a whole cycle fulfilled", async () => {
    const a = await placed();
    const b = await placed();
    expect(fulfillCycle(db(), adminId(), a.cycle.id)).toBe(2);
    for (const o of [a.order, b.order]) expect(db().select().from(orders).where(eq(orders.id, o.id)).get()!.status).toBe("FULFILLED");
  });
});
