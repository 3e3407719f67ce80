// Pickup day (issues #16 and #17): each shopper once per pickup point with what she collects and
// pays; "collected" and "no-show" go through the order state machine with audit rows.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { communities, deals, eventLogs, groups, orders, pickupPoints, users, weeklyCycles } from "~/db/schema";
import { DEMO_ADMIN } from "~/demo/seed.server";
import { placeOrder } from "~/services/orders.server";
import { pickupDay, recordHandOver } from "~/services/pickup-day.server";
import { cookieOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

/** A community with two pickup points, its open week, two active deals with groups in it. */
function week() {
  const community = db().insert(communities).values({ name: "קהילת האיסוף" }).returning().get();
  const now = Date.now();
  const cycle = db()
    .insert(weeklyCycles)
    .values({ communityId: community.id, weekStartDate: "2099-02-01", orderDeadline: new Date(now + 5 * 86_400_000), pickupDate: new Date(now + 6 * 86_400_000) })
    .returning()
    .get();
  const north = db().insert(pickupPoints).values({ communityId: community.id, address: "הגפן 3", pickupStartTime: "09:00", pickupEndTime: "12:00" }).returning().get();
  const south = db().insert(pickupPoints).values({ communityId: community.id, address: "אלנבי 5", pickupStartTime: "16:00", pickupEndTime: "19:00" }).returning().get();
  const [a, b] = db().select().from(deals).where(eq(deals.status, "ACTIVE")).limit(2).all();
  const groupOf = (dealId: string) => db().insert(groups).values({ communityId: community.id, weeklyCycleId: cycle.id, dealId }).returning().get();
  return { community, cycle, north, south, deals: [a!, b!], groups: [groupOf(a!.id), groupOf(b!.id)] };
}

function shopper(communityId: string, firstName: string) {
  return db().insert(users).values({ email: `p-${crypto.randomUUID().slice(0, 8)}@example.com`, communityId, name: `${firstName} כהן`, phone: "050-1234567" }).returning().get();
}

const post = (cookie: string, path: string, fields: Record<string, string>) =>
  app.fetch(path, { method: "POST", headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" }, body: new URLSearchParams(fields).toString() });

/** The week's ordering closes (marks are for a closed week): the close's own work aside. */
const closeWeek = (cycleId: string) => db().update(weeklyCycles).set({ isActive: false, closedAt: new Date() }).where(eq(weeklyCycles.id, cycleId)).run();

const statusAudit = (orderId: string) =>
  db().select().from(eventLogs).where(eq(eventLogs.type, "order.status_changed")).all().filter((row) => row.payload?.entityId === orderId);

describe("the pickup day", () => {
  it("lists each shopper once per pickup point with her items and what she pays", async () => {
    const w = week();
    const dana = shopper(w.community.id, "דנה");
    const avi = shopper(w.community.id, "אבי");
    const pickupAt = (pointId: string) => ({ deliveryType: "PICKUP" as const, pickupPointId: pointId });
    const d1 = await placeOrder(db(), dana, { dealId: w.deals[0].id, groupId: w.groups[0].id, qty: 3 }, pickupAt(w.north.id));
    const d2 = await placeOrder(db(), dana, { dealId: w.deals[1].id, groupId: w.groups[1].id, qty: 1 }, pickupAt(w.north.id));
    const a1 = await placeOrder(db(), avi, { dealId: w.deals[0].id, groupId: w.groups[0].id, qty: 2 }, pickupAt(w.south.id));

    const places = pickupDay(db(), w.cycle.id);
    expect(places.map((p) => p.address)).toEqual(["אלנבי 5", "הגפן 3"]);
    const north = places[1]!;
    expect(north.shoppers).toHaveLength(1);
    expect(north.shoppers[0]).toMatchObject({ userId: dana.id, memberName: "דנה כהן", due: d1.total + d2.total, state: "waiting" });
    expect(north.shoppers[0]!.items.map((i) => i.orderId).sort()).toEqual([d1.id, d2.id].sort());
    expect(north.due).toBe(d1.total + d2.total);
    expect(places[0]!.shoppers.map((s) => [s.userId, s.due])).toEqual([[avi.id, a1.total]]);
  });

  it("moves her orders to FULFILLED through the state machine when she collects, with an audit row per step", async () => {
    const w = week();
    const dana = shopper(w.community.id, "דנה");
    const first = await placeOrder(db(), dana, { dealId: w.deals[0].id, groupId: w.groups[0].id, qty: 3 }, { deliveryType: "PICKUP", pickupPointId: w.north.id });
    const second = await placeOrder(db(), dana, { dealId: w.deals[1].id, groupId: w.groups[1].id, qty: 1 }, { deliveryType: "PICKUP", pickupPointId: w.north.id });
    closeWeek(w.cycle.id);
    const cookie = await cookieOf(app, DEMO_ADMIN);
    const adminId = db().select().from(users).where(eq(users.email, DEMO_ADMIN.email)).get()!.id;

    const page = await (await app.fetch(`/admin/cycles/${w.cycle.id}/pickup`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("דנה כהן");
    expect(page.match(/data-testid="pickup-shopper"/g)).toHaveLength(1);

    const response = await post(cookie, `/admin/cycles/${w.cycle.id}/pickup`, { intent: "collected", shopper: dana.id, place: w.north.id });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/admin/cycles/${w.cycle.id}/pickup#place-${w.north.id}`);
    for (const order of [first, second]) {
      expect(db().select().from(orders).where(eq(orders.id, order.id)).get()).toMatchObject({ status: "FULFILLED", paidAt: expect.any(Date), fulfilledAt: expect.any(Date) });
      expect(statusAudit(order.id).map((r) => [r.actorUserId, r.payload?.before, r.payload?.after])).toEqual([
        [adminId, { status: "PENDING" }, { status: "PAID" }],
        [adminId, { status: "PAID" }, { status: "FULFILLED" }],
      ]);
    }
    expect(pickupDay(db(), w.cycle.id)[0]!.shoppers[0]).toMatchObject({ state: "collected", due: 0 });

    // A second tap finds nothing waiting: 409, the reason, nothing written.
    const again = await post(cookie, `/admin/cycles/${w.cycle.id}/pickup`, { intent: "collected", shopper: dana.id, place: w.north.id });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("אין הזמנות שממתינות לאיסוף");
    expect(statusAudit(first.id)).toHaveLength(2);
  });

  it("cancels her open orders as a no-show, noted on the audit row, and keeps showing her as one", async () => {
    const w = week();
    const avi = shopper(w.community.id, "אבי");
    const order = await placeOrder(db(), avi, { dealId: w.deals[0].id, groupId: w.groups[0].id, qty: 2 }, { deliveryType: "PICKUP", pickupPointId: w.south.id });
    closeWeek(w.cycle.id);
    const cookie = await cookieOf(app, DEMO_ADMIN);
    const response = await post(cookie, `/admin/cycles/${w.cycle.id}/pickup`, { intent: "no-show", shopper: avi.id, place: w.south.id, confirmed: "yes" });
    expect(response.status).toBe(302);
    expect(db().select().from(orders).where(eq(orders.id, order.id)).get()).toMatchObject({ status: "CANCELED", canceledAt: expect.any(Date) });
    expect(statusAudit(order.id).map((r) => [r.payload?.before, r.payload?.after, r.payload?.note])).toEqual([[{ status: "PENDING" }, { status: "CANCELED" }, "no-show"]]);
    const [south] = pickupDay(db(), w.cycle.id);
    expect(south!.shoppers[0]).toMatchObject({ userId: avi.id, state: "noShow", due: 0 });
    expect(south!.waiting).toBe(0);

    // Cancelled by the shopper herself: not on the pickup day at all.
    const dana = shopper(w.community.id, "דנה");
    db().update(weeklyCycles).set({ isActive: true }).where(eq(weeklyCycles.id, w.cycle.id)).run();
    const own = await placeOrder(db(), dana, { dealId: w.deals[1].id, groupId: w.groups[1].id, qty: 1 }, { deliveryType: "PICKUP", pickupPointId: w.south.id });
    db().update(orders).set({ status: "CANCELED" }).where(eq(orders.id, own.id)).run();
    expect(pickupDay(db(), w.cycle.id)[0]!.shoppers.map((s) => s.userId)).toEqual([avi.id]);
  });

  it.each([
    ["an unknown action", { intent: "delete", place: "x" }, 400, "הפעולה לא ברורה"],
    ["no shopper", { intent: "collected", shopper: "", place: "x" }, 400, "הפעולה לא ברורה"],
    ["a shopper with nothing at that place", { intent: "no-show", place: "nowhere" }, 409, "אין הזמנות שממתינות לאיסוף"],
  ])("refuses %s with a 4xx and the reason, changing nothing", async (_, fields, status, text) => {
    const w = week();
    const dana = shopper(w.community.id, "דנה");
    const order = await placeOrder(db(), dana, { dealId: w.deals[0].id, groupId: w.groups[0].id, qty: 1 }, { deliveryType: "PICKUP", pickupPointId: w.north.id });
    closeWeek(w.cycle.id);
    const cookie = await cookieOf(app, DEMO_ADMIN);
    const response = await post(cookie, `/admin/cycles/${w.cycle.id}/pickup`, { shopper: dana.id, confirmed: "yes", ...fields });
    expect(response.status).toBe(status);
    expect(await response.text()).toContain(text);
    expect(db().select().from(orders).where(eq(orders.id, order.id)).get()!.status).toBe("PENDING");
    expect(statusAudit(order.id)).toHaveLength(0);
  });

  it("is for admins only, and the week's lists group by shopper too", async () => {
    const w = week();
    const dana = shopper(w.community.id, "דנה");
    await placeOrder(db(), dana, { dealId: w.deals[0].id, groupId: w.groups[0].id, qty: 1 }, { deliveryType: "PICKUP", pickupPointId: w.north.id });
    await placeOrder(db(), dana, { dealId: w.deals[1].id, groupId: w.groups[1].id, qty: 2 }, { deliveryType: "PICKUP", pickupPointId: w.north.id });
    const guest = await app.fetch(`/admin/cycles/${w.cycle.id}/pickup`);
    expect(guest.status).toBe(302);
    const shopperCookie = await cookieOf(app, { email: "demo@shuk.example", password: "shuk-demo-2026" });
    expect((await post(shopperCookie, `/admin/cycles/${w.cycle.id}/pickup`, { intent: "collected", shopper: dana.id, place: w.north.id })).status).toBe(403);
    expect(db().select().from(orders).where(and(eq(orders.userId, dana.id), eq(orders.status, "PENDING"))).all()).toHaveLength(2);

    const cookie = await cookieOf(app, DEMO_ADMIN);
    const lists = await (await app.fetch(`/admin/cycles/${w.cycle.id}`, { headers: { Cookie: cookie } })).text();
    expect(lists.match(/data-testid="pickup-list-shopper"/g)).toHaveLength(1);
    expect(lists).toContain(`href="/admin/cycles/${w.cycle.id}/pickup"`);
    const csv = (await (await app.fetch(`/admin/cycles/${w.cycle.id}/csv?list=pickup`, { headers: { Cookie: cookie } })).text()).trim().split("\r\n");
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain("דנה כהן");
  });
});

describe("the pickup day at the table (#44)", () => {
  const orderRow = (id: string) => db().select().from(orders).where(eq(orders.id, id)).get()!;
  const businessTables = () => ({ orders: db().select().from(orders).all(), events: db().select().from(eventLogs).all().length });
  const adminId = () => db().select().from(users).where(eq(users.email, DEMO_ADMIN.email)).get()!.id;

  it.each([
    ["a no-show without the confirmation", { intent: "no-show" }, true, 400, "צריך לאשר"],
    ["a mark on a week still open for orders", { intent: "collected" }, false, 409, "השבוע הזה עוד פתוח להזמנות"],
    ["a no-show on a week still open, confirmed", { intent: "no-show", confirmed: "yes" }, false, 409, "השבוע הזה עוד פתוח להזמנות"],
    ["an undo with nothing marked", { intent: "undo" }, true, 409, "אין כאן סימון לבטל"],
  ])("refuses %s with a 4xx and the reason; nothing changes and the server lives", async (_, fields, closed, status, text) => {
    const w = week();
    const dana = shopper(w.community.id, "דנה");
    await placeOrder(db(), dana, { dealId: w.deals[0].id, groupId: w.groups[0].id, qty: 1 }, { deliveryType: "PICKUP", pickupPointId: w.north.id });
    if (closed) closeWeek(w.cycle.id);
    const cookie = await cookieOf(app, DEMO_ADMIN);
    const before = businessTables();
    const response = await post(cookie, `/admin/cycles/${w.cycle.id}/pickup`, { shopper: dana.id, place: w.north.id, ...fields });
    expect(response.status).toBe(status);
    const html = await response.text();
    expect(html).toContain(text);
    if (fields.intent === "no-show" && !("confirmed" in fields)) expect(html).toMatch(/<details[^>]*open=""/);
    expect(businessTables()).toEqual(before);
    expect((await app.fetch("/healthz")).status).toBe(200);
  });

  it("undoes 'collected' the same day: each order back to its status exactly, stamps cleared, an audit row each", async () => {
    const w = week();
    const dana = shopper(w.community.id, "דנה");
    const pending = await placeOrder(db(), dana, { dealId: w.deals[0].id, groupId: w.groups[0].id, qty: 2 }, { deliveryType: "PICKUP", pickupPointId: w.north.id });
    const paidFirst = await placeOrder(db(), dana, { dealId: w.deals[1].id, groupId: w.groups[1].id, qty: 1 }, { deliveryType: "PICKUP", pickupPointId: w.north.id });
    const paidAt = new Date(Date.now() - 3_600_000);
    db().update(orders).set({ status: "PAID", paidAt }).where(eq(orders.id, paidFirst.id)).run();
    closeWeek(w.cycle.id);
    const before = [orderRow(pending.id), orderRow(paidFirst.id)];
    const cookie = await cookieOf(app, DEMO_ADMIN);
    const view = `/admin/cycles/${w.cycle.id}/pickup?point=${w.north.id}&q=${encodeURIComponent("דנה")}`;
    expect((await post(cookie, view, { intent: "collected", shopper: dana.id, place: w.north.id })).status).toBe(302);
    expect(orderRow(pending.id).status).toBe("FULFILLED");

    const undo = await post(cookie, view, { intent: "undo", shopper: dana.id, place: w.north.id });
    expect(undo.status).toBe(302);
    // Back to the same view: my point and the search kept.
    expect(undo.headers.get("location")).toBe(`${view}#place-${w.north.id}`);
    expect(orderRow(pending.id)).toEqual(before[0]);
    expect(orderRow(paidFirst.id)).toEqual(before[1]);
    expect(statusAudit(pending.id).map((r) => [r.actorUserId, r.payload?.before, r.payload?.after, r.payload?.note])).toEqual([
      [adminId(), { status: "PENDING" }, { status: "PAID" }, "collected"],
      [adminId(), { status: "PAID" }, { status: "FULFILLED" }, "collected"],
      [adminId(), { status: "FULFILLED" }, { status: "PENDING" }, "undo"],
    ]);
    expect(statusAudit(paidFirst.id).at(-1)?.payload).toMatchObject({ before: { status: "FULFILLED" }, after: { status: "PAID" }, note: "undo" });
    expect(pickupDay(db(), w.cycle.id).find((p) => p.key === w.north.id)!.shoppers[0]).toMatchObject({ state: "waiting" });

    // A second undo finds nothing to take back.
    const again = await post(cookie, view, { intent: "undo", shopper: dana.id, place: w.north.id });
    expect(again.status).toBe(409);
    expect(orderRow(pending.id)).toEqual(before[0]);
  });

  it("undoes a no-show the same day, and refuses an undo the next day in Israel", async () => {
    const w = week();
    const avi = shopper(w.community.id, "אבי");
    const order = await placeOrder(db(), avi, { dealId: w.deals[0].id, groupId: w.groups[0].id, qty: 2 }, { deliveryType: "PICKUP", pickupPointId: w.south.id });
    closeWeek(w.cycle.id);
    const before = orderRow(order.id);
    const cookie = await cookieOf(app, DEMO_ADMIN);
    expect((await post(cookie, `/admin/cycles/${w.cycle.id}/pickup`, { intent: "no-show", shopper: avi.id, place: w.south.id, confirmed: "yes" })).status).toBe(302);
    expect(orderRow(order.id).status).toBe("CANCELED");
    expect((await post(cookie, `/admin/cycles/${w.cycle.id}/pickup`, { intent: "undo", shopper: avi.id, place: w.south.id })).status).toBe(302);
    expect(orderRow(order.id)).toEqual(before);
    expect(statusAudit(order.id).map((r) => r.payload?.note)).toEqual(["no-show", "undo"]);

    // Marked at 23:00 in Israel, undone at 00:30: another day.
    const markedAt = new Date("2099-01-15T21:00:00Z");
    recordHandOver(db(), adminId(), w.cycle.id, { intent: "no-show", shopper: avi.id, place: w.south.id }, markedAt);
    expect(() => recordHandOver(db(), adminId(), w.cycle.id, { intent: "undo", shopper: avi.id, place: w.south.id }, new Date("2099-01-15T22:30:00Z"))).toThrow(
      expect.objectContaining({ status: 409, messageKey: "adminCycles.pickupDay.atTable.errors.notToday" }),
    );
    expect(orderRow(order.id).status).toBe("CANCELED");
  });

  it("shows only my point and the shoppers a search finds, from the query (a plain GET)", async () => {
    const w = week();
    const rut = shopper(w.community.id, "רות");
    const avi = shopper(w.community.id, "אבי");
    db().update(users).set({ phone: "052-7654321" }).where(eq(users.id, avi.id)).run();
    await placeOrder(db(), rut, { dealId: w.deals[0].id, groupId: w.groups[0].id, qty: 1 }, { deliveryType: "PICKUP", pickupPointId: w.north.id });
    await placeOrder(db(), avi, { dealId: w.deals[0].id, groupId: w.groups[0].id, qty: 1 }, { deliveryType: "PICKUP", pickupPointId: w.north.id });
    const cookie = await cookieOf(app, DEMO_ADMIN);
    const page = async (query: string) => (await app.fetch(`/admin/cycles/${w.cycle.id}/pickup${query}`, { headers: { Cookie: cookie } })).text();
    expect((await page("")).match(/data-testid="pickup-shopper"/g)).toHaveLength(2);
    const byPhone = await page("?q=7654321");
    expect(byPhone.match(/data-testid="pickup-shopper"/g)).toHaveLength(1);
    expect(byPhone).toContain("אבי כהן");
    expect(await page(`?point=${w.north.id}&q=${encodeURIComponent("רות")}`)).toContain("רות כהן");
  });
});
