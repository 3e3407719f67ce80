// One rule for "what this line earned" (issue #17): the quantity times the unit price the shopper
// actually pays. The vendor's dashboard, the admins' figures and her receipt read the same number.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { communities, dealTiers, deals, groups, orders, pickupPoints, users, vendors, weeklyCycles } from "~/db/schema";
import { lineEarned } from "~/domain/order-money";
import { adminStats } from "~/services/admin.server";
import { lineEarnedSql } from "~/services/line-earnings.server";
import { placeOrder } from "~/services/orders.server";
import { vendorDashboard } from "~/services/vendor-dashboard.server";
import { tokenOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

/** A vendor with one ACTIVE deal at 19.90, 17.90 from 3 units, open in every community's week. */
function tieredDeal() {
  const vendor = db().insert(vendors).values({ name: "משק הגליל" }).returning().get();
  const deal = db()
    .insert(deals)
    .values({ vendorId: vendor.id, title: "תותים", slug: `tut-${crypto.randomUUID().slice(0, 8)}`, category: "fruits", basePrice: 1990, unit: "קופסה", status: "ACTIVE" })
    .returning()
    .get();
  db().insert(dealTiers).values({ dealId: deal.id, thresholdQty: 3, unitPrice: 1790 }).run();
  for (const cycle of db().select().from(weeklyCycles).where(eq(weeklyCycles.isActive, true)).all()) {
    db().insert(groups).values({ communityId: cycle.communityId, weeklyCycleId: cycle.id, dealId: deal.id }).run();
  }
  return { vendor, deal };
}

/** A community whose open week has not yet reached a discount tier, so only the quantity tier counts. */
function quietCommunity() {
  const community = db().insert(communities).values({ name: "קהילת בדיקה" }).returning().get();
  const now = Date.now();
  const cycle = db()
    .insert(weeklyCycles)
    .values({ communityId: community.id, weekStartDate: "2099-01-04", orderDeadline: new Date(now + 5 * 86_400_000), pickupDate: new Date(now + 6 * 86_400_000) })
    .returning()
    .get();
  const point = db().insert(pickupPoints).values({ communityId: community.id, address: "הגפן 3", pickupStartTime: "09:00", pickupEndTime: "12:00" }).returning().get();
  return { community, cycle, point };
}

describe("what an order line earned", () => {
  it("is 3 x 17.90 = 53.70 on the vendor dashboard, the receipt and the admins' revenue when the quantity tier applies", async () => {
    const { community, cycle, point } = quietCommunity();
    const { vendor, deal } = tieredDeal();
    const group = db().select().from(groups).where(and(eq(groups.weeklyCycleId, cycle.id), eq(groups.dealId, deal.id))).get()!;

    const signup = await app.fetch("/api/auth/signup", jsonInit("POST", { email: `s-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "a-long-enough-password", firstName: "רותי", lastName: "שמש", communityId: community.id }));
    expect(signup.status).toBe(201);
    const { token, userId } = await signup.json();
    const shopper = db().select().from(users).where(eq(users.id, userId)).get()!;
    const before = adminStats(db()).totalRevenue;

    const order = await placeOrder(db(), shopper, { dealId: deal.id, groupId: group.id, qty: 3 }, { deliveryType: "PICKUP", pickupPointId: point.id });
    expect(order).toMatchObject({ unitPriceAtPurchase: 1790, originalTotal: 5970, total: 5370 });

    const week = vendorDashboard(db(), vendor.id).weeks.find((w) => w.cycleId === cycle.id)!;
    expect(week.revenue).toBe(5370);
    expect(week.sales).toEqual([expect.objectContaining({ dealId: deal.id, qty: 3, revenue: 5370, orders: 1 })]);
    expect(adminStats(db()).totalRevenue - before).toBe(5370);

    // The receipt shows the same 53.70 as the line's amount, and the 6.00 she saved.
    const receipt = await (await app.fetch(`/orders/${order.id}/receipt`, { headers: { Authorization: `Bearer ${token}` } })).text();
    expect(receipt).toContain('data-testid="receipt-line-total"');
    expect(receipt).toMatch(/data-testid="receipt-line-total"[^>]*>(?:<[^>]+>)*[^<]*53\.70/);
    expect(receipt).toContain("מתוכם מע״מ 18%");
    expect(receipt).toContain("נמכר על ידי");
    expect(receipt).toMatch(/data-testid="receipt-savings"[^>]*>(?:<[^>]+>)*[^<]*6\.00/);
    // No registration number is made up: only the operator's own (BUSINESS_ID) is printed.
    expect(receipt).not.toContain("ע.מ.");
    process.env.BUSINESS_ID = "512345678";
    try {
      const withId = await (await app.fetch(`/orders/${order.id}/receipt`, { headers: { Authorization: `Bearer ${token}` } })).text();
      expect(withId).toContain("ע.מ. 512345678");
    } finally {
      delete process.env.BUSINESS_ID;
    }
  });

  it("adds a delivery fee to the admins' revenue but never to the vendor's earnings", async () => {
    const { community, cycle } = quietCommunity();
    const { vendor, deal } = tieredDeal();
    const group = db().select().from(groups).where(and(eq(groups.weeklyCycleId, cycle.id), eq(groups.dealId, deal.id))).get()!;
    const shopper = db().insert(users).values({ email: `d-${crypto.randomUUID().slice(0, 8)}@example.com`, communityId: community.id }).returning().get();
    const before = adminStats(db()).totalRevenue;
    const order = await placeOrder(db(), shopper, { dealId: deal.id, groupId: group.id, qty: 2 }, { deliveryType: "DELIVERY", deliveryAddress: "הגפן 5, חיפה", deliveryPhone: "0501234567" });
    expect(order.deliveryFee).toBe(1500);
    expect(vendorDashboard(db(), vendor.id).totals.revenue).toBe(2 * 1990);
    expect(adminStats(db()).totalRevenue - before).toBe(2 * 1990 + 1500);
  });

  it("sums in SQL exactly what the pure rule gives for every order in the database", async () => {
    const { community, cycle, point } = quietCommunity();
    const { deal } = tieredDeal();
    const group = db().select().from(groups).where(and(eq(groups.weeklyCycleId, cycle.id), eq(groups.dealId, deal.id))).get()!;
    for (const qty of [1, 2, 3, 7]) {
      const shopper = db().insert(users).values({ email: `q-${crypto.randomUUID().slice(0, 8)}@example.com`, communityId: community.id }).returning().get();
      await placeOrder(db(), shopper, { dealId: deal.id, groupId: group.id, qty }, { deliveryType: "PICKUP", pickupPointId: point.id });
    }
    const rows = db().select({ order: orders, earned: lineEarnedSql }).from(orders).all();
    expect(rows.length).toBeGreaterThan(0);
    for (const { order, earned } of rows) expect(earned).toBe(lineEarned(order));
    const total = db().get<{ sum: number }>(sql`select coalesce(sum(${lineEarnedSql}), 0) as sum from ${orders}`).sum;
    expect(total).toBe(rows.reduce((n, r) => n + lineEarned(r.order), 0));
  });

  it("shows the vendor the earned revenue through GET /api/vendor/dashboard too", async () => {
    // The demo vendor's dashboard answers the same sums as its service.
    const token = await tokenOf(app, { email: "vendor@shuk.example", password: "shuk-vendor-2026" });
    const body = await (await app.fetch("/api/vendor/dashboard", { headers: { Authorization: `Bearer ${token}` } })).json();
    const vendor = db().select().from(vendors).where(eq(vendors.id, body.vendor.id)).get()!;
    const expected = db().get<{ sum: number }>(sql`
      select coalesce(sum(${lineEarnedSql}), 0) as sum from ${orders}
      join ${deals} on ${deals.id} = ${orders.dealId}
      join ${weeklyCycles} on ${weeklyCycles.id} = ${orders.weeklyCycleId} and ${weeklyCycles.isActive} = 1
      where ${deals.vendorId} = ${vendor.id} and ${orders.status} not in ('CANCELED', 'REFUNDED')`).sum;
    expect(body.totals.revenue).toBe((expected / 100).toFixed(2));
  });
});
