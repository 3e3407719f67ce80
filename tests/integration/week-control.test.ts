// Issue #45: the weekly minimum is the admin's choice (none by default), a week without one is
// never cancelled, and the admin can close an open week now or move its deadline: each with a
// server-checked confirmation and an audit row, from the page's forms and the admin API alike.
import { and, desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { communities, deals, eventLogs, groups, orders, users, weeklyCycles } from "~/db/schema";
import { DEMO_ADMIN, DEMO_USER } from "~/demo/seed.server";
import { runCycleEngine } from "~/services/cycle-engine.server";
import { placeOrder } from "~/services/orders.server";
import { deadlineInputValue } from "~/domain/week-minimum";
import { getPageAs, postFormAs, tokenOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

const DETAILS = { name: "שכונת הגפן", description: "", contactPhone: "" };
/** Its pickup point: a community's week opens with its first point (issue #45). */
const POINT = { intent: "pickup-add", address: "רחוב הגפן 4", pickupDays: "5", pickupStartTime: "10:00", pickupEndTime: "13:00" };
const HOUR = 3_600_000;

const adminId = () => db().select().from(users).where(eq(users.email, DEMO_ADMIN.email)).get()!.id;
const openCycleOf = (communityId: string) => db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, communityId), eq(weeklyCycles.isActive, true))).get()!;
const cycleById = (id: string) => db().select().from(weeklyCycles).where(eq(weeklyCycles.id, id)).get()!;
const auditOf = (type: string, entityId: string) =>
  db().select().from(eventLogs).where(eq(eventLogs.type, type)).orderBy(desc(eventLogs.createdAt)).all().filter((row) => row.payload?.entityId === entityId);
/** Every row a week's controls could touch, in a fixed order. */
const snapshot = () => ["weekly_cycles", "orders", "groups", "event_logs", "notifications"].map((table) => db().all(sql`select * from ${sql.identifier(table)} order by id`));

/** A community made through the admin page's form, as a browser without JavaScript posts it. */
async function newCommunity(token: string, minimum: Record<string, string>) {
  const response = await postFormAs(app, "/admin/communities", { ...DETAILS, ...minimum }, token);
  expect(response.status).toBe(302);
  const community = db().select().from(communities).where(eq(communities.name, DETAILS.name)).get()!;
  expect((await postFormAs(app, `/admin/communities/${community.id}`, POINT, token)).status).toBe(302);
  return community;
}

/** An order of `qty` of the first active deal by a new member of the community. */
function order(communityId: string, qty: number) {
  const member = db().insert(users).values({ email: `m-${crypto.randomUUID().slice(0, 8)}@example.com`, firstName: "רותי", communityId }).returning().get();
  const deal = db().select().from(deals).where(eq(deals.status, "ACTIVE")).orderBy(deals.slug).limit(1).get()!;
  const group = db().select().from(groups).where(and(eq(groups.dealId, deal.id), eq(groups.weeklyCycleId, openCycleOf(communityId).id))).get()!;
  return placeOrder(db(), member, { dealId: deal.id, groupId: group.id, qty }, { deliveryType: "PICKUP" });
}

const statusOf = (orderId: string) => db().select().from(orders).where(eq(orders.id, orderId)).get()!.status;

describe("the weekly minimum (issue #45)", () => {
  it("a new community defaults to no minimum, and its week closes at the deadline with its orders kept", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    // The form starts on "no minimum"; that is what a browser posts if the admin changes nothing.
    const form = await (await getPageAs(app, "/admin/communities", token)).text();
    expect(form).toMatch(/<input type="radio"[^>]*name="minimumChoice" checked="" value="none"\/>/);
    expect(form).toContain("שבוע שמסתיים מתחת למינימום שלו מתבטל: כל ההזמנות של אותו שבוע מבוטלות בלי חיוב, וכל הקונים מקבלים הודעה.");
    const community = await newCommunity(token, { minimumChoice: "none" });
    expect(community.weeklyTargetRevenue).toBe(0);
    const cycle = openCycleOf(community.id);
    expect(cycle.targetRevenue).toBe(0);

    const placed = order(community.id, 1);
    runCycleEngine(db(), cycle.orderDeadline);
    expect(cycleById(cycle.id)).toMatchObject({ isActive: false, goalMissed: false });
    expect(statusOf(placed.id)).toBe("PENDING");
  });

  it("a community with a minimum still cancels a week that misses it", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    const community = await newCommunity(token, { minimumChoice: "amount", weeklyTargetRevenue: "5000" });
    expect(community.weeklyTargetRevenue).toBe(500_000);
    const cycle = openCycleOf(community.id);
    const placed = order(community.id, 1);
    runCycleEngine(db(), cycle.orderDeadline);
    expect(cycleById(cycle.id)).toMatchObject({ isActive: false, goalMissed: true });
    expect(statusOf(placed.id)).toBe("CANCELED");
  });

  it("the community page switches a minimum off, and a minimum with no amount is refused", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    const community = await newCommunity(token, { minimumChoice: "amount", weeklyTargetRevenue: "5000" });
    const cycleForm = { intent: "cycle", deadlineDay: "4", deadlineTime: "20:00" };
    const bad = await postFormAs(app, `/admin/communities/${community.id}`, { ...cycleForm, minimumChoice: "amount", weeklyTargetRevenue: "" }, token);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("כתבו את סכום המינימום בשקלים");
    expect(openCycleOf(community.id).targetRevenue).toBe(500_000);
    const off = await postFormAs(app, `/admin/communities/${community.id}`, { ...cycleForm, minimumChoice: "none", weeklyTargetRevenue: "5000" }, token);
    expect(off.status).toBe(302);
    expect(openCycleOf(community.id).targetRevenue).toBe(0);
    expect(db().select().from(communities).where(eq(communities.id, community.id)).get()!.weeklyTargetRevenue).toBe(0);
  });
});

describe("closing a week now (issue #45)", () => {
  it("without the confirmation is 400 and changes nothing; with it, closes as the clock would, with audit rows", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    const community = await newCommunity(token, { minimumChoice: "none" });
    const cycle = openCycleOf(community.id);
    const placed = order(community.id, 2);
    const page = `/admin/cycles/${cycle.id}`;

    const before = snapshot();
    const unconfirmed = await postFormAs(app, page, { intent: "close-now" }, token);
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toContain("לסגור את השבוע עכשיו?");
    const apiUnconfirmed = await app.fetch(`/api/admin/cycles/${cycle.id}/close`, jsonInit("POST", {}, token));
    expect(apiUnconfirmed.status).toBe(400);
    expect(snapshot()).toEqual(before);

    const confirmed = await postFormAs(app, page, { intent: "close-now", confirmed: "yes" }, token);
    expect(confirmed.status).toBe(302);
    const closed = cycleById(cycle.id);
    expect(closed).toMatchObject({ isActive: false, goalMissed: false });
    expect(closed.closedAt!.getTime()).toBeLessThan(cycle.orderDeadline.getTime());
    expect(closed.orderDeadline.getTime()).toBe(closed.closedAt!.getTime());
    // No minimum: the order is kept and settled, as at any close; the next week is open.
    expect(statusOf(placed.id)).toBe("PENDING");
    const next = openCycleOf(community.id);
    expect(next.orderDeadline.getTime()).toBeGreaterThan(cycle.orderDeadline.getTime());
    expect(auditOf("cycle.closed_early", cycle.id)).toHaveLength(1);
    expect(auditOf("cycle.closed_early", cycle.id)[0]).toMatchObject({ actorUserId: adminId(), payload: { before: { orderDeadline: cycle.orderDeadline.toISOString() } } });
    expect(auditOf("cycle.closed", cycle.id)).toHaveLength(1);
    expect(auditOf("cycle.closed", cycle.id)[0].actorUserId).toBe(adminId());

    // A second close of the same week is refused; the clock's next pass changes nothing more.
    const again = await app.fetch(`/api/admin/cycles/${cycle.id}/close`, jsonInit("POST", { confirmed: "yes" }, token));
    expect(again.status).toBe(409);
    expect(runCycleEngine(db()).closed).toBe(0);
  });

  it("through the API, cancels a week below its minimum exactly as the deadline would", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    const community = await newCommunity(token, { minimumChoice: "amount", weeklyTargetRevenue: "5000" });
    const cycle = openCycleOf(community.id);
    const placed = order(community.id, 1);
    const response = await app.fetch(`/api/admin/cycles/${cycle.id}/close`, jsonInit("POST", { confirmed: "yes" }, token));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: cycle.id, isActive: false, goalMissed: true, targetRevenue: "5000.00" });
    expect(statusOf(placed.id)).toBe("CANCELED");
  });
});

describe("moving a week's deadline (issue #45)", () => {
  it("refuses the past, the pickup and later, garbage and a missing confirmation, changing nothing", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    const community = await newCommunity(token, { minimumChoice: "none" });
    const cycle = openCycleOf(community.id);
    const page = `/admin/cycles/${cycle.id}`;
    const before = snapshot();
    const post = (orderDeadline: string, confirmed = "yes") => postFormAs(app, page, { intent: "move-deadline", orderDeadline, confirmed }, token);

    const past = await post(deadlineInputValue(new Date(Date.now() - HOUR)));
    expect(past.status).toBe(422);
    expect(await past.text()).toContain("מועד הסגירה החדש צריך להיות בעתיד");
    const atPickup = await post(deadlineInputValue(cycle.pickupDate));
    expect(atPickup.status).toBe(422);
    expect(await atPickup.text()).toContain("מועד הסגירה חייב להיות לפני האיסוף של השבוע");
    expect((await post("next thursday")).status).toBe(400);
    expect((await post(deadlineInputValue(new Date(cycle.orderDeadline.getTime() + HOUR)), "")).status).toBe(400);
    const apiAfterPickup = await app.fetch(`/api/admin/cycles/${cycle.id}/deadline`, jsonInit("POST", { orderDeadline: new Date(cycle.pickupDate.getTime() + HOUR).toISOString(), confirmed: "yes" }, token));
    expect(apiAfterPickup.status).toBe(422);
    expect((await apiAfterPickup.json()).errors[0].path).toEqual(["orderDeadline"]);
    expect(snapshot()).toEqual(before);
  });

  it("moves it later from the page, resets the reminder, and writes an audit row; earlier through the API", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    const community = await newCommunity(token, { minimumChoice: "none" });
    const cycle = openCycleOf(community.id);
    db().update(weeklyCycles).set({ reminderSentAt: new Date() }).where(eq(weeklyCycles.id, cycle.id)).run();
    const later = new Date(cycle.orderDeadline.getTime() + 2 * HOUR);
    const moved = await postFormAs(app, `/admin/cycles/${cycle.id}`, { intent: "move-deadline", orderDeadline: deadlineInputValue(later), confirmed: "yes" }, token);
    expect(moved.status).toBe(302);
    expect(cycleById(cycle.id)).toMatchObject({ isActive: true, orderDeadline: later, reminderSentAt: null, weekStartDate: cycle.weekStartDate });
    expect(auditOf("cycle.deadline_moved", cycle.id)[0]).toMatchObject({
      actorUserId: adminId(),
      payload: { before: { orderDeadline: cycle.orderDeadline.toISOString() }, after: { orderDeadline: later.toISOString(), reminderSentAt: null } },
    });

    const earlier = new Date(Math.ceil((Date.now() + 3 * HOUR) / 60_000) * 60_000);
    const api = await app.fetch(`/api/admin/cycles/${cycle.id}/deadline`, jsonInit("POST", { orderDeadline: earlier.toISOString(), confirmed: "yes" }, token));
    expect(api.status).toBe(200);
    expect(await api.json()).toMatchObject({ id: cycle.id, isActive: true, orderDeadline: earlier.toISOString() });
    // The clock closes it at the new deadline, not before.
    runCycleEngine(db(), new Date(earlier.getTime() - 60_000));
    expect(cycleById(cycle.id).isActive).toBe(true);
    runCycleEngine(db(), earlier);
    expect(cycleById(cycle.id).isActive).toBe(false);
  });
});

describe("a week's controls are for admins only (issue #45)", () => {
  it("refuses a shopper on the page and the API, changing nothing", async () => {
    const cycle = db().select().from(weeklyCycles).where(eq(weeklyCycles.isActive, true)).get()!;
    const token = await tokenOf(app, DEMO_USER);
    const before = snapshot();
    expect((await postFormAs(app, `/admin/cycles/${cycle.id}`, { intent: "close-now", confirmed: "yes" }, token)).status).toBe(403);
    expect((await postFormAs(app, `/admin/cycles/${cycle.id}`, { intent: "move-deadline", orderDeadline: deadlineInputValue(new Date(cycle.orderDeadline.getTime() + HOUR)), confirmed: "yes" }, token)).status).toBe(403);
    expect((await app.fetch(`/api/admin/cycles/${cycle.id}/close`, jsonInit("POST", { confirmed: "yes" }, token))).status).toBe(403);
    expect((await app.fetch(`/api/admin/cycles/${cycle.id}/deadline`, jsonInit("POST", { orderDeadline: new Date(cycle.orderDeadline.getTime() + HOUR).toISOString(), confirmed: "yes" }))).status).toBe(401);
    expect(snapshot()).toEqual(before);
  });
});
