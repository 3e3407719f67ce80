// Admins run the communities (issue #7): details, activity, pickup points, tiers, the weekly
// cycle's settings, and the audit log every change writes.
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { communities, communityTiers, contactMessages, deals, eventLogs, groups, orders, pickupPoints, users, weeklyCycles } from "~/db/schema";
import { DEMO_ADMIN, DEMO_USER } from "~/demo/seed.server";
import { runCycleEngine } from "~/services/cycle-engine.server";
import { wallClockAt } from "~/domain/time";
import { cookieOf, tokenOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

const adminId = () => db().select().from(users).where(eq(users.email, DEMO_ADMIN.email)).get()!.id;

function auditRows(type: string, entityId?: string) {
  return db()
    .select()
    .from(eventLogs)
    .where(eq(eventLogs.type, type))
    .orderBy(desc(eventLogs.createdAt))
    .all()
    .filter((row) => !entityId || row.payload?.entityId === entityId);
}

function openCycleOf(communityId: string) {
  return db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, communityId), eq(weeklyCycles.isActive, true))).get();
}

const NEW_COMMUNITY = {
  name: "שכונת הפרחים",
  description: "קהילה חדשה בצפון העיר",
  contactPhone: "050-1234567",
};

const POINT = { address: "מרכז קהילתי, הוורד 5", pickupDays: [5], pickupStartTime: "09:00", pickupEndTime: "12:00", instructions: "בכניסה האחורית", contactPhone: "0521234567" };

/** A new community with its first pickup point, so its first week is open (issue #45). */
async function createCommunity(token: string) {
  const response = await app.fetch("/api/admin/communities", jsonInit("POST", NEW_COMMUNITY, token));
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  expect((await app.fetch(`/api/admin/communities/${id}/pickup-points`, jsonInit("POST", POINT, token))).status).toBe(201);
  return (await (await app.fetch(`/api/admin/communities/${id}`, jsonInit("GET", undefined, token))).json()) as { id: string; openCycle: { id: string; orderDeadline: string; targetRevenue: string } };
}

describe("communities by an admin", () => {
  it("creates a community whose first week opens with its first pickup point, with a group for every active deal", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    // An old client's pickup fields are not stored anywhere: where and when is the points'.
    const bare = await app.fetch("/api/admin/communities", jsonInit("POST", { ...NEW_COMMUNITY, pickupDay: 5, pickupTime: "10:00", pickupAddress: "רחוב הוורד 3" }, token));
    expect(bare.status).toBe(201);
    const bareJson = await bare.json();
    expect(bareJson).toMatchObject({ name: NEW_COMMUNITY.name, pickupPoints: [], openCycle: null });
    expect(bareJson).not.toHaveProperty("pickupAddress");
    expect(openCycleOf(bareJson.id)).toBeUndefined();

    const created = await createCommunity(token);
    expect(created).toMatchObject({ name: NEW_COMMUNITY.name, isActive: true, weeklyTargetRevenue: "0.00", pickupPoints: [{ address: POINT.address, pickupDays: [5] }], tiers: [] });
    // No weekly minimum unless the admin sets one (issue #45): the first week has none either.
    expect(created.openCycle.targetRevenue).toBe("0.00");
    const cycle = openCycleOf(created.id)!;
    // The week's pickup is the point's first opening after the deadline: Friday 09:00.
    expect(wallClockAt(cycle.pickupDate)).toMatchObject({ weekday: 5, hour: 9, minute: 0 });
    expect(created.openCycle.id).toBe(cycle.id);
    const activeDeals = db().select({ id: deals.id }).from(deals).where(eq(deals.status, "ACTIVE")).all().map((d) => d.id).sort();
    const cycleGroups = db().select().from(groups).where(eq(groups.weeklyCycleId, cycle.id)).all();
    expect(cycleGroups.map((g) => g.dealId).sort()).toEqual(activeDeals);

    const listed = await (await app.fetch("/api/communities")).json();
    expect(listed.map((c: { id: string }) => c.id)).toContain(created.id);

    const [row] = auditRows("community.created", created.id);
    expect(row).toMatchObject({ actorUserId: adminId(), payload: { actorUserId: adminId(), entityId: created.id, before: null, after: { name: NEW_COMMUNITY.name, isActive: true } } });

    // The admin list shows it with its open week, and bad input changes nothing.
    const all = await (await app.fetch("/api/admin/communities", jsonInit("GET", undefined, token))).json();
    expect(all.find((c: { id: string }) => c.id === created.id)).toMatchObject({ memberCount: 0, openDeadline: cycle.orderDeadline.toISOString() });
    const before = db().select().from(communities).all().length;
    const bad = await app.fetch("/api/admin/communities", jsonInit("POST", { ...NEW_COMMUNITY, name: "", contactPhone: "abc" }, token));
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.map((e: { path: string[] }) => e.path[0]).sort()).toEqual(["contactPhone", "name"]);
    expect(db().select().from(communities).all()).toHaveLength(before);
  });

  it("edits the details and logs before and after", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    const { id } = await createCommunity(token);
    const response = await app.fetch(`/api/admin/communities/${id}`, jsonInit("PUT", { ...NEW_COMMUNITY, name: "שכונת השקד", contactPhone: "03-5555555" }, token));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id, name: "שכונת השקד", contactPhone: "03-5555555" });
    const [row] = auditRows("community.updated", id);
    expect(row!.actorUserId).toBe(adminId());
    expect(row!.payload).toMatchObject({ before: { name: NEW_COMMUNITY.name, contactPhone: "050-1234567" }, after: { name: "שכונת השקד", contactPhone: "03-5555555" } });
    expect((await app.fetch("/api/admin/communities/nope", jsonInit("PUT", NEW_COMMUNITY, token))).status).toBe(404);
    expect((await app.fetch("/api/admin/communities/nope", jsonInit("GET", undefined, token))).status).toBe(404);
  });

  it("deactivates a community: it leaves the public list, its open week runs on, and no new week opens after it", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    const { id } = await createCommunity(token);
    const cycle = openCycleOf(id)!;
    const response = await app.fetch(`/api/admin/communities/${id}/deactivate`, jsonInit("POST", { confirmed: "yes" }, token));
    expect(response.status).toBe(200);
    expect((await response.json()).isActive).toBe(false);

    const listed = await (await app.fetch("/api/communities")).json();
    expect(listed.map((c: { id: string }) => c.id)).not.toContain(id);
    expect(openCycleOf(id)).toEqual(cycle);
    expect(auditRows("community.deactivated", id)[0]).toMatchObject({ actorUserId: adminId(), payload: { before: { isActive: true }, after: { isActive: false } } });

    runCycleEngine(db(), new Date(cycle.orderDeadline.getTime() + 60_000));
    expect(db().select().from(weeklyCycles).where(eq(weeklyCycles.id, cycle.id)).get()).toMatchObject({ isActive: false });
    expect(openCycleOf(id)).toBeUndefined();
    runCycleEngine(db(), new Date(cycle.orderDeadline.getTime() + 8 * 86_400_000));
    expect(db().select().from(weeklyCycles).where(eq(weeklyCycles.communityId, id)).all()).toHaveLength(1);

    // Back to active: a week opens at once.
    const back = await app.fetch(`/api/admin/communities/${id}/activate`, jsonInit("POST", undefined, token));
    expect(back.status).toBe(200);
    expect(openCycleOf(id)).toBeDefined();
    expect(auditRows("community.activated", id)).toHaveLength(1);
  });

  it("adds, edits and removes pickup points; a point orders name is retired, not deleted", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    const { id } = (await (await app.fetch("/api/admin/communities", jsonInit("POST", NEW_COMMUNITY, token))).json()) as { id: string };
    expect(openCycleOf(id)).toBeUndefined();
    const added = await app.fetch(`/api/admin/communities/${id}/pickup-points`, jsonInit("POST", POINT, token));
    expect(added.status).toBe(201);
    const point = await added.json();
    expect(point).toMatchObject({ communityId: id, address: POINT.address, pickupDays: [5], isActive: true });
    // The first active point opens the community's first week.
    expect(openCycleOf(id)).toBeDefined();
    expect(auditRows("pickup_point.created", point.id)[0]).toMatchObject({ actorUserId: adminId(), payload: { before: null, after: { address: POINT.address } } });
    const listed = await (await app.fetch("/api/communities")).json();
    expect(listed.find((c: { id: string }) => c.id === id).pickupPoints.map((p: { id: string }) => p.id)).toEqual([point.id]);

    const badTimes = await app.fetch(`/api/admin/pickup-points/${point.id}`, jsonInit("PUT", { ...POINT, pickupEndTime: "08:00" }, token));
    expect(badTimes.status).toBe(400);
    expect((await badTimes.json()).errors).toEqual([{ path: ["pickupEndTime"], message: "שעת הסיום צריכה להיות אחרי שעת ההתחלה" }]);
    const noDays = await app.fetch(`/api/admin/communities/${id}/pickup-points`, jsonInit("POST", { ...POINT, pickupDays: [] }, token));
    expect(noDays.status).toBe(400);

    const edited = await app.fetch(`/api/admin/pickup-points/${point.id}`, jsonInit("PUT", { ...POINT, pickupDays: [4, 5], pickupEndTime: "13:00" }, token));
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ pickupDays: [4, 5], pickupEndTime: "13:00" });
    expect(auditRows("pickup_point.updated", point.id)[0]!.payload).toMatchObject({ before: { pickupEndTime: "12:00" }, after: { pickupEndTime: "13:00" } });

    const removed = await app.fetch(`/api/admin/pickup-points/${point.id}?confirmed=yes`, jsonInit("DELETE", undefined, token));
    expect(await removed.json()).toEqual({ retired: false });
    expect(db().select().from(pickupPoints).where(eq(pickupPoints.id, point.id)).get()).toBeUndefined();
    expect(auditRows("pickup_point.created", point.id)).toHaveLength(1);
    expect(auditRows("pickup_point.deleted", point.id)[0]).toMatchObject({ actorUserId: adminId(), payload: { after: null } });

    // A point an order was placed for stays, hidden, so the order keeps its pickup place.
    const used = await (await app.fetch(`/api/admin/communities/${id}/pickup-points`, jsonInit("POST", POINT, token))).json();
    const buyer = db().select().from(users).where(eq(users.email, DEMO_USER.email)).get()!;
    const deal = db().select().from(deals).limit(1).get()!;
    const order = db().insert(orders).values({ userId: buyer.id, dealId: deal.id, communityId: id, pickupPointId: used.id, qty: 1, unitPriceAtPurchase: 1000, originalTotal: 1000, total: 1000 }).returning().get();
    expect(await (await app.fetch(`/api/admin/pickup-points/${used.id}?confirmed=yes`, jsonInit("DELETE", undefined, token))).json()).toEqual({ retired: true });
    expect(db().select().from(pickupPoints).where(eq(pickupPoints.id, used.id)).get()).toMatchObject({ isActive: false });
    expect(db().select().from(orders).where(eq(orders.id, order.id)).get()!.pickupPointId).toBe(used.id);
    const publicPoints = (await (await app.fetch("/api/communities")).json()).find((c: { id: string }) => c.id === id).pickupPoints;
    expect(publicPoints).toEqual([]);
    expect((await app.fetch("/api/admin/pickup-points/nope?confirmed=yes", jsonInit("DELETE", undefined, token))).status).toBe(404);
  });

  it("refuses a bad tier set with a message per row and changes nothing; a good set replaces the tiers and prices follow", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    const seeded = db().select().from(communities).where(eq(communities.isActive, true)).limit(1).get()!;
    const before = db().select().from(communityTiers).where(eq(communityTiers.communityId, seeded.id)).all();
    expect(before.length).toBeGreaterThan(0);

    const bad = await app.fetch(
      `/api/admin/communities/${seeded.id}/tiers`,
      jsonInit("PUT", { tiers: [{ minRevenue: "1000", discountPercent: 5, tierName: "כסף" }, { minRevenue: "500", discountPercent: 95, tierName: "זהב" }] }, token),
    );
    expect(bad.status).toBe(422);
    const body = await bad.json();
    expect(body.errors).toEqual([
      { path: ["tiers", 1, "minRevenue"], message: "הסכום צריך להיות גבוה מהמדרגה שלפניה" },
      { path: ["tiers", 1, "discountPercent"], message: "ההנחה יכולה להיות עד 90%" },
    ]);
    expect(db().select().from(communityTiers).where(eq(communityTiers.communityId, seeded.id)).all()).toEqual(before);
    expect(auditRows("tiers.updated", seeded.id)).toHaveLength(0);

    const good = await app.fetch(
      `/api/admin/communities/${seeded.id}/tiers`,
      jsonInit("PUT", { tiers: [{ minRevenue: "0", discountPercent: 12, tierName: "פתיחה" }, { minRevenue: "99999.50", discountPercent: 40, tierName: "ענק" }] }, token),
    );
    expect(good.status).toBe(200);
    expect(await good.json()).toEqual({ tiers: [{ minRevenue: "0.00", discountPercent: 12, tierName: "פתיחה" }, { minRevenue: "99999.50", discountPercent: 40, tierName: "ענק" }] });
    const progress = await (await app.fetch(`/api/communities/${seeded.id}/progress`)).json();
    expect(progress.tiers).toEqual([
      { minRevenue: "0.00", discountPercent: 12, tierName: "פתיחה" },
      { minRevenue: "99999.50", discountPercent: 40, tierName: "ענק" },
    ]);
    expect(progress.discountPercent).toBe(12);
    const [row] = auditRows("tiers.updated", seeded.id);
    expect(row!.actorUserId).toBe(adminId());
    expect((row!.payload!.before as { tiers: unknown[] }).tiers).toHaveLength(before.length);
    expect(row!.payload!.after).toEqual({ tiers: [{ minRevenue: 0, discountPercent: 12, tierName: "פתיחה" }, { minRevenue: 9999950, discountPercent: 40, tierName: "ענק" }] });
  });

  it("applies a new target to the open week at once and a new deadline from the next week", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    const { id } = await createCommunity(token);
    const open = openCycleOf(id)!;
    const response = await app.fetch(`/api/admin/communities/${id}/cycle-settings`, jsonInit("PUT", { deadlineDay: 2, deadlineTime: "18:30", weeklyTargetRevenue: "2500.00" }, token));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ deadlineDay: 2, deadlineTime: "18:30", weeklyTargetRevenue: "2500.00", openCycle: { id: open.id, targetRevenue: "2500.00" } });
    const after = openCycleOf(id)!;
    expect(after.orderDeadline).toEqual(open.orderDeadline);
    expect(after.targetRevenue).toBe(250000);
    expect(db().select().from(groups).where(eq(groups.weeklyCycleId, open.id)).all().every((g) => g.targetRevenue === 250000)).toBe(true);

    runCycleEngine(db(), new Date(open.orderDeadline.getTime() + 60_000));
    const next = openCycleOf(id)!;
    expect(next.id).not.toBe(open.id);
    const deadline = wallClockAt(next.orderDeadline);
    expect([deadline.weekday, deadline.hour, deadline.minute]).toEqual([2, 18, 30]);
    // The pickup is still the point's: its Friday after the new Tuesday deadline.
    expect(wallClockAt(next.pickupDate).weekday).toBe(5);
    expect(next.targetRevenue).toBe(250000);

    const [row] = auditRows("cycle_settings.updated", id);
    expect(row).toMatchObject({ actorUserId: adminId(), payload: { before: { deadlineDay: 4, weeklyTargetRevenue: 0, openCycleTargetRevenue: 0 }, after: { deadlineDay: 2, weeklyTargetRevenue: 250000, openCycleTargetRevenue: 250000 } } });

    const bad = await app.fetch(`/api/admin/communities/${id}/cycle-settings`, jsonInit("PUT", { deadlineDay: 7, deadlineTime: "8pm", weeklyTargetRevenue: "-5" }, token));
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors.map((e: { path: string[] }) => e.path[0]).sort()).toEqual(["deadlineDay", "deadlineTime", "weeklyTargetRevenue"]);
  });

  it("logs an order status change from the admin page and from 'mark all fulfilled', with the admin as actor", async () => {
    const buyer = db().select().from(users).where(eq(users.email, DEMO_USER.email)).get()!;
    const cycle = openCycleOf(buyer.communityId!)!;
    const deal = db().select().from(deals).limit(1).get()!;
    const insert = () => db().insert(orders).values({ userId: buyer.id, dealId: deal.id, communityId: buyer.communityId, weeklyCycleId: cycle.id, qty: 1, unitPriceAtPurchase: 1000, originalTotal: 1000, total: 1000 }).returning().get();
    const one = insert();
    const cookie = await cookieOf(app, DEMO_ADMIN);
    const form = new URLSearchParams({ orderId: one.id, status: "PAID", redirectTo: "/admin?tab=orders" });
    const response = await app.fetch("/admin", { method: "POST", body: form, headers: { Cookie: cookie, Accept: "text/html" } });
    expect(response.status).toBe(302);
    expect(auditRows("order.status_changed", one.id).map((r) => [r.actorUserId, r.payload!.before, r.payload!.after])).toEqual([[adminId(), { status: "PENDING" }, { status: "PAID" }]]);

    const two = insert();
    // Without the confirmation nothing moves: 400, and the page asks again.
    const unconfirmed = await app.fetch(`/admin/cycles/${cycle.id}`, { method: "POST", body: new URLSearchParams({ intent: "fulfill-all" }), headers: { Cookie: cookie, Accept: "text/html" } });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.text()).toMatch(/<details(?=[^>]*data-testid="fulfill-all")(?=[^>]*\sopen[=\s>])[^>]*>/);
    expect(db().select().from(orders).where(eq(orders.id, two.id)).get()!.status).toBe("PENDING");
    expect(auditRows("order.status_changed", two.id)).toEqual([]);
    const fulfil = await app.fetch(`/admin/cycles/${cycle.id}`, { method: "POST", body: new URLSearchParams({ intent: "fulfill-all", confirmed: "yes" }), headers: { Cookie: cookie, Accept: "text/html" } });
    expect(fulfil.status).toBe(302);
    expect(auditRows("order.status_changed", two.id).map((r) => r.payload!.after).reverse()).toEqual([{ status: "PAID" }, { status: "FULFILLED" }]);
    expect(auditRows("order.status_changed", one.id).map((r) => r.payload!.after)).toContainEqual({ status: "FULFILLED" });

    // The audit API lists them, newest first, filtered by type and paged back.
    const token = await tokenOf(app, DEMO_ADMIN);
    const listed = await (await app.fetch("/api/admin/audit?type=order.status_changed", jsonInit("GET", undefined, token))).json();
    expect(listed.length).toBeGreaterThanOrEqual(4);
    expect(listed.every((r: { type: string }) => r.type === "order.status_changed")).toBe(true);
    expect(listed[0]).toMatchObject({ actorName: `${DEMO_ADMIN.firstName} ${DEMO_ADMIN.lastName}`, actorEmail: DEMO_ADMIN.email });
    const older = await (await app.fetch(`/api/admin/audit?type=order.status_changed&before=${encodeURIComponent(listed[0].createdAt)}`, jsonInit("GET", undefined, token))).json();
    expect(older.every((r: { createdAt: string }) => r.createdAt < listed[0].createdAt)).toBe(true);
  });
});

describe("the admin dashboard's messages", () => {
  it("shows whether a message came from the contact form or a vendor's support form", async () => {
    db().insert(contactMessages).values([
      { name: "ספק ירקות", email: "grower@example.com", subject: "שאלה על משלוח", message: "מתי האיסוף?", kind: "vendor-support" },
      { name: "שכנה", email: "neighbour@example.com", subject: "תודה", message: "ירקות מעולים", kind: "contact" },
    ]).run();
    const html = await (await app.fetch("/admin?tab=messages", { headers: { Cookie: await cookieOf(app, DEMO_ADMIN) } })).text();
    expect(html).toContain("תמיכה לספקים");
    expect(html).toContain("פנייה מהאתר");
  });
});

describe("who may run communities", () => {
  const calls: [string, string, unknown?][] = [
    ["GET", "/api/admin/communities"],
    ["POST", "/api/admin/communities", NEW_COMMUNITY],
    ["GET", "/api/admin/communities/ID"],
    ["PUT", "/api/admin/communities/ID", NEW_COMMUNITY],
    ["POST", "/api/admin/communities/ID/deactivate"],
    ["POST", "/api/admin/communities/ID/activate"],
    ["PUT", "/api/admin/communities/ID/tiers", { tiers: [] }],
    ["PUT", "/api/admin/communities/ID/cycle-settings", { deadlineDay: 1, deadlineTime: "10:00", weeklyTargetRevenue: "100" }],
    ["POST", "/api/admin/communities/ID/pickup-points", POINT],
    ["PUT", "/api/admin/pickup-points/ID", POINT],
    ["DELETE", "/api/admin/pickup-points/ID"],
    ["GET", "/api/admin/audit"],
  ];

  it("answers a guest 401 and a USER 403 on every admin community API, and changes nothing", async () => {
    const community = db().select().from(communities).limit(1).get()!;
    const point = db().select().from(pickupPoints).limit(1).get()!;
    const userToken = await tokenOf(app, DEMO_USER);
    const logs = db().select().from(eventLogs).all().length;
    for (const [method, path, body] of calls) {
      const url = path.replace("/pickup-points/ID", `/pickup-points/${point.id}`).replace("ID", community.id);
      expect((await app.fetch(url, jsonInit(method, body))).status, `${method} ${url} as a guest`).toBe(401);
      expect((await app.fetch(url, jsonInit(method, body, userToken))).status, `${method} ${url} as a USER`).toBe(403);
    }
    expect(db().select().from(eventLogs).all()).toHaveLength(logs);
    expect(db().select().from(communities).where(eq(communities.id, community.id)).get()).toEqual(community);
  });

  it("shows a USER the 403 screen on the admin pages and sends a guest to log in", async () => {
    const community = db().select().from(communities).limit(1).get()!;
    const cookie = await cookieOf(app, DEMO_USER);
    for (const path of ["/admin/communities", `/admin/communities/${community.id}`, "/admin/audit"]) {
      expect((await app.fetch(path, { headers: { Cookie: cookie } })).status, path).toBe(403);
      const guest = await app.fetch(path);
      expect(guest.status, path).toBe(302);
      expect(guest.headers.get("location")).toContain("/login");
    }
    const post = await app.fetch(`/admin/communities/${community.id}`, { method: "POST", body: new URLSearchParams({ intent: "deactivate" }), headers: { Cookie: cookie } });
    expect(post.status).toBe(403);
    expect(db().select().from(communities).where(eq(communities.id, community.id)).get()!.isActive).toBe(true);
  });
});
