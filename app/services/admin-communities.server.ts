// Admins run the communities (issue #7): details, pickup points, discount tiers and the weekly
// cycle's settings. The /admin/communities pages and the /api/admin twins both call these.
// Every change runs in one immediate transaction together with its audit row.
import { and, asc, count, desc, eq, or, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "~/db/client.server";
import { inlined } from "~/db/prepared.server";
import { communities, communityTiers, groups, orders, pickupPoints, users, weeklyCycles, type Community, type PickupPoint } from "~/db/schema";
import type { CommunityDetailsInput, CycleSettingsInput, DeliverySettingsInput, PickupPointInput } from "~/domain/admin-community-schemas";
import { deliverySettingsOf, deliverySettingsProblems, NEW_COMMUNITY_DELIVERY } from "~/domain/delivery";
import { recordAuditEvent } from "./audit.server";
import { activeCycle, communityTiersOf } from "./community-pricing.server";
import { settleCommunity } from "./cycle-engine.server";
import { ServiceError } from "~/domain/errors";
import { toDecimalString } from "~/domain/money";
import { checkTiers, type RawTierRow, type ValidTier } from "~/domain/tier-rules";
import { NO_MINIMUM } from "~/domain/week-minimum";
import { containsPattern, type ListWindow } from "~/domain/list-query";
import { containsAny } from "./list-search.server";
import { deliveryJson } from "./communities.server";

export interface AdminCommunityRow {
  id: string;
  name: string;
  isActive: boolean;
  /** active pickup points: a community with none opens no week */
  activePoints: number;
  /** the first active point's address, what the list shows of where members collect */
  firstPointAddress: string | null;
  memberCount: number;
  /** the open cycle's order deadline, if one is open */
  openDeadline: Date | null;
}

/**
 * The communities, active first, with their members, pickup points and open week: one query. A
 * window (from the admin list's search and page) narrows it to a name or point address and one page.
 */
export function listAdminCommunities(db: Queryable, window: Partial<ListWindow> = {}): AdminCommunityRow[] {
  // Written out with table names: drizzle leaves columns unqualified inside sql``, which a
  // correlated subquery would read as its own table's columns.
  const members = sql<number>`(select count(*) from users where users.community_id = communities.id)`;
  const deadline = sql<number | null>`(select weekly_cycles.order_deadline from weekly_cycles where weekly_cycles.community_id = communities.id and weekly_cycles.is_active = 1)`;
  const query = db
    .select({
      id: communities.id,
      name: communities.name,
      isActive: communities.isActive,
      activePoints: sql<number>`(select count(*) from pickup_points where pickup_points.community_id = communities.id and pickup_points.is_active = 1)`,
      firstPointAddress: sql<string | null>`(select pickup_points.address from pickup_points where pickup_points.community_id = communities.id and pickup_points.is_active = 1 order by pickup_points.created_at, pickup_points.id limit 1)`,
      memberCount: members,
      openDeadline: deadline,
    })
    .from(communities)
    .where(communitySearch(window.q ?? ""))
    .orderBy(desc(communities.isActive), asc(communities.name), asc(communities.id))
    .$dynamic();
  if (window.limit !== undefined) query.limit(inlined(window.limit)).offset(inlined(window.offset ?? 0));
  return query.all().map((row) => ({ ...row, openDeadline: row.openDeadline === null ? null : new Date(row.openDeadline) }));
}

/** A name, or the address of one of the community's pickup points. */
function communitySearch(q: string) {
  const byName = containsAny(q, [communities.name]);
  if (!byName) return undefined;
  const pattern = containsPattern(q);
  return or(byName, sql`exists (select 1 from pickup_points where pickup_points.community_id = communities.id and pickup_points.address like ${pattern} escape '\\')`);
}

/** How many communities the search finds (all of them without one). */
export function countAdminCommunities(db: Queryable, q = ""): number {
  return db.select({ n: count() }).from(communities).where(communitySearch(q)).get()?.n ?? 0;
}

export interface AdminCommunityDetail {
  community: Community;
  /** active and retired ones (a retired point stays because orders name it) */
  pickupPoints: PickupPoint[];
  tiers: ReturnType<typeof communityTiersOf>;
  openCycle: typeof weeklyCycles.$inferSelect | null;
  memberCount: number;
}

export function adminCommunity(db: Queryable, communityId: string): AdminCommunityDetail | null {
  const community = db.select().from(communities).where(eq(communities.id, communityId)).get();
  if (!community) return null;
  return {
    community,
    pickupPoints: db.select().from(pickupPoints).where(eq(pickupPoints.communityId, communityId)).orderBy(desc(pickupPoints.isActive), asc(pickupPoints.createdAt)).all(),
    tiers: communityTiersOf(db, communityId),
    openCycle: activeCycle(db, communityId),
    memberCount: db.get<{ n: number }>(sql`select count(*) as n from ${users} where ${users.communityId} = ${communityId}`).n,
  };
}

function findCommunity(tx: Tx, communityId: string): Community {
  const community = tx.select().from(communities).where(eq(communities.id, communityId)).get();
  if (!community) throw new ServiceError(404, "admin.communities.errors.notFound");
  return community;
}

/** What the audit log keeps of a community (money in agorot, as stored). */
function communitySnapshot(c: Community) {
  const { createdAt: _createdAt, ...rest } = c;
  return rest;
}

function pointSnapshot(p: PickupPoint) {
  const { createdAt: _createdAt, ...rest } = p;
  return rest;
}

const blankToNull = (value: string | undefined) => (value ? value : null);

function detailsValues(input: CommunityDetailsInput) {
  return {
    name: input.name,
    description: blankToNull(input.description),
    contactPhone: blankToNull(input.contactPhone),
  };
}

/**
 * A new community. Its weekly minimum is the admin's choice, none unless she gives one: a new,
 * small community's first week must not be cancelled by a figure nobody chose. It starts pickup
 * only: an organiser with no van must not get delivery orders on day one; she turns delivery on
 * herself. Its first weekly cycle opens with its first pickup point (addPickupPoint): a week
 * nobody could collect from is not opened (issue #45).
 */
export function createCommunity(db: Db, actorUserId: string, input: CommunityDetailsInput & { weeklyTargetRevenue?: number }, now = new Date()): Community {
  return db.transaction(
    (tx) => {
      const weeklyTargetRevenue = input.weeklyTargetRevenue ?? NO_MINIMUM;
      const community = tx.insert(communities).values({ ...detailsValues(input), weeklyTargetRevenue, ...deliveryValues(NEW_COMMUNITY_DELIVERY) }).returning().get();
      // The cycle engine opens a cycle for an active community that has none.
      settleCommunity(tx, community.id, now);
      recordAuditEvent(tx, { type: "community.created", actorUserId, entityId: community.id, before: null, after: communitySnapshot(community) }, now);
      return community;
    },
    { behavior: "immediate" },
  );
}

/** New details (name, description, phone); where and when members collect is the points'. */
export function updateCommunityDetails(db: Db, actorUserId: string, communityId: string, input: CommunityDetailsInput, now = new Date()): Community {
  return db.transaction(
    (tx) => {
      const before = findCommunity(tx, communityId);
      const after = tx.update(communities).set(detailsValues(input)).where(eq(communities.id, communityId)).returning().get();
      recordAuditEvent(tx, { type: "community.updated", actorUserId, entityId: communityId, before: communitySnapshot(before), after: communitySnapshot(after) }, now);
      return after;
    },
    { behavior: "immediate" },
  );
}

/**
 * Deactivating hides the community from sign-up, onboarding and shopping choices; its open week
 * runs to its deadline and its members' orders stay as they are, but no new week opens after
 * it (cycle-engine.server.ts). Reactivating opens a week at once if none is open.
 */
export function setCommunityActive(db: Db, actorUserId: string, communityId: string, isActive: boolean, now = new Date()): Community {
  return db.transaction(
    (tx) => {
      const before = findCommunity(tx, communityId);
      if (before.isActive === isActive) return before;
      const after = tx.update(communities).set({ isActive }).where(eq(communities.id, communityId)).returning().get();
      if (isActive) settleCommunity(tx, communityId, now);
      recordAuditEvent(
        tx,
        { type: isActive ? "community.activated" : "community.deactivated", actorUserId, entityId: communityId, before: { isActive: before.isActive }, after: { isActive: after.isActive } },
        now,
      );
      return after;
    },
    { behavior: "immediate" },
  );
}

function pointValues(input: PickupPointInput) {
  return {
    address: input.address,
    pickupDays: [...new Set(input.pickupDays)].sort((a, b) => a - b),
    pickupStartTime: input.pickupStartTime,
    pickupEndTime: input.pickupEndTime,
    instructions: blankToNull(input.instructions),
    contactPhone: blankToNull(input.contactPhone),
  };
}

export function addPickupPoint(db: Db, actorUserId: string, communityId: string, input: PickupPointInput, now = new Date()): PickupPoint {
  return db.transaction(
    (tx) => {
      findCommunity(tx, communityId);
      const point = tx.insert(pickupPoints).values({ communityId, ...pointValues(input) }).returning().get();
      recordAuditEvent(tx, { type: "pickup_point.created", actorUserId, entityId: point.id, before: null, after: pointSnapshot(point) }, now);
      // A community that had no active point has no open week: with this one, it opens.
      settleCommunity(tx, communityId, now);
      return point;
    },
    { behavior: "immediate" },
  );
}

function findPoint(tx: Tx, pointId: string): PickupPoint {
  const point = tx.select().from(pickupPoints).where(eq(pickupPoints.id, pointId)).get();
  if (!point) throw new ServiceError(404, "admin.communities.errors.pointNotFound");
  return point;
}

/**
 * Editing a point also brings a retired one back into use (and the week, if that was missing).
 * New days or hours are what every page shows from then on, the open week's orders included.
 */
export function updatePickupPoint(db: Db, actorUserId: string, pointId: string, input: PickupPointInput, now = new Date()): PickupPoint {
  return db.transaction(
    (tx) => {
      const before = findPoint(tx, pointId);
      const after = tx.update(pickupPoints).set({ ...pointValues(input), isActive: true }).where(eq(pickupPoints.id, pointId)).returning().get();
      recordAuditEvent(tx, { type: "pickup_point.updated", actorUserId, entityId: pointId, before: pointSnapshot(before), after: pointSnapshot(after) }, now);
      settleCommunity(tx, after.communityId, now);
      return after;
    },
    { behavior: "immediate" },
  );
}

/**
 * Removes a pickup point. Orders keep a reference to the point they were picked up from
 * (orders.pickup_point_id, no cascade), so a point that orders name is retired instead.
 * Removing the last active point leaves the open week running to its deadline, but no next
 * week opens until a point is added (the admin page says so).
 */
export function removePickupPoint(db: Db, actorUserId: string, pointId: string, now = new Date()): { retired: boolean } {
  return db.transaction(
    (tx) => {
      const before = findPoint(tx, pointId);
      const used = tx.select({ id: orders.id }).from(orders).where(eq(orders.pickupPointId, pointId)).limit(inlined(1)).get();
      if (used) tx.update(pickupPoints).set({ isActive: false }).where(eq(pickupPoints.id, pointId)).run();
      else tx.delete(pickupPoints).where(eq(pickupPoints.id, pointId)).run();
      recordAuditEvent(
        tx,
        { type: "pickup_point.deleted", actorUserId, entityId: pointId, before: pointSnapshot(before), after: used ? { ...pointSnapshot(before), isActive: false } : null, note: used ? "retired: orders reference it" : undefined },
        now,
      );
      return { retired: Boolean(used) };
    },
    { behavior: "immediate" },
  );
}

/**
 * Replaces a community's tiers in one go. Prices read the tiers afresh on every request
 * (community-pricing.server.ts keeps no cache), so the open week's prices follow at once.
 */
export function replaceTiers(db: Db, actorUserId: string, communityId: string, rows: readonly (RawTierRow | null | undefined)[], now = new Date()): ValidTier[] {
  const checked = checkTiers(rows);
  // The schemas check first and show each row's message; this is the service's own guard.
  if (!checked.ok) throw new ServiceError(422, checked.errors[0].message, "tiers");
  return db.transaction(
    (tx) => {
      findCommunity(tx, communityId);
      const strip = ({ minRevenue, discountPercent, tierName }: ValidTier) => ({ minRevenue, discountPercent, tierName });
      const before = communityTiersOf(tx, communityId).map(strip);
      tx.delete(communityTiers).where(eq(communityTiers.communityId, communityId)).run();
      for (const tier of checked.tiers) tx.insert(communityTiers).values({ communityId, ...tier }).run();
      recordAuditEvent(tx, { type: "tiers.updated", actorUserId, entityId: communityId, before: { tiers: before }, after: { tiers: checked.tiers } }, now);
      return checked.tiers;
    },
    { behavior: "immediate" },
  );
}

/**
 * The weekly cycle's settings. The minimum (0 for none) applies to the open week at once (its
 * groups too): it only decides whether the week is cancelled at its close. A new deadline
 * applies from the next week: moving an open deadline would change what members were promised.
 * The pickup days are the points' (domain/cycle-schedule.ts).
 */
export function updateCycleSettings(db: Db, actorUserId: string, communityId: string, input: CycleSettingsInput, now = new Date()): Community {
  return db.transaction(
    (tx) => {
      const before = findCommunity(tx, communityId);
      const open = activeCycle(tx, communityId);
      const after = tx
        .update(communities)
        .set({ deadlineDay: input.deadlineDay, deadlineTime: input.deadlineTime, weeklyTargetRevenue: input.weeklyTargetRevenue })
        .where(eq(communities.id, communityId))
        .returning()
        .get();
      if (open) {
        tx.update(weeklyCycles).set({ targetRevenue: input.weeklyTargetRevenue }).where(eq(weeklyCycles.id, open.id)).run();
        tx.update(groups).set({ targetRevenue: input.weeklyTargetRevenue }).where(and(eq(groups.weeklyCycleId, open.id), eq(groups.status, "OPEN"))).run();
      }
      const settings = (c: Community, target: number | null) => ({
        deadlineDay: c.deadlineDay,
        deadlineTime: c.deadlineTime,
        weeklyTargetRevenue: c.weeklyTargetRevenue,
        openCycleTargetRevenue: target,
      });
      recordAuditEvent(
        tx,
        {
          type: "cycle_settings.updated",
          actorUserId,
          entityId: communityId,
          before: settings(before, open?.targetRevenue ?? null),
          after: settings(after, open ? input.weeklyTargetRevenue : null),
        },
        now,
      );
      return after;
    },
    { behavior: "immediate" },
  );
}

function deliveryValues(d: { enabled: boolean; fee: number; freeFrom: number | null; daysMin: number; daysMax: number }) {
  return { deliveryEnabled: d.enabled, deliveryFee: d.fee, freeDeliveryFrom: d.freeFrom, deliveryDaysMin: d.daysMin, deliveryDaysMax: d.daysMax };
}

/**
 * A community's home delivery (issue #45). Applies at once to new checkouts: turned off, no
 * page offers delivery and a checkout asking for it is refused; orders already placed for
 * delivery stay as they are. A new fee or threshold is what the next checkout pays, and what an
 * open week's delivery checkout is recomputed with when one of its orders changes.
 */
export function updateDeliverySettings(db: Db, actorUserId: string, communityId: string, input: DeliverySettingsInput, now = new Date()): Community {
  const settings = { enabled: input.deliveryEnabled, fee: input.deliveryFee, freeFrom: input.freeDeliveryFrom, daysMin: input.deliveryDaysMin, daysMax: input.deliveryDaysMax };
  // The schema checked first and shows each field's message; this is the service's own guard.
  const problems = deliverySettingsProblems(settings);
  if (problems.length > 0) throw new ServiceError(422, problems[0][1], problems[0][0]);
  return db.transaction(
    (tx) => {
      const before = findCommunity(tx, communityId);
      const after = tx.update(communities).set(deliveryValues(settings)).where(eq(communities.id, communityId)).returning().get();
      recordAuditEvent(tx, { type: "delivery_settings.updated", actorUserId, entityId: communityId, before: deliverySettingsOf(before), after: deliverySettingsOf(after) }, now);
      return after;
    },
    { behavior: "immediate" },
  );
}

// ---------------------------------------------------------------------------------------------
// The API's view (money as decimal strings, dates as ISO strings)

export function adminCommunityRowJson(row: AdminCommunityRow) {
  return { ...row, openDeadline: row.openDeadline?.toISOString() ?? null };
}

export function pickupPointJson(p: PickupPoint) {
  return { ...p, createdAt: p.createdAt.toISOString() };
}

export function adminCommunityJson(detail: AdminCommunityDetail) {
  const { community: c, openCycle } = detail;
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    contactPhone: c.contactPhone,
    isActive: c.isActive,
    deadlineDay: c.deadlineDay,
    deadlineTime: c.deadlineTime,
    weeklyTargetRevenue: toDecimalString(c.weeklyTargetRevenue),
    delivery: deliveryJson(c),
    createdAt: c.createdAt.toISOString(),
    memberCount: detail.memberCount,
    pickupPoints: detail.pickupPoints.map(pickupPointJson),
    tiers: detail.tiers.map((t) => ({ minRevenue: toDecimalString(t.minRevenue), discountPercent: t.discountPercent, tierName: t.tierName })),
    openCycle: openCycle
      ? {
          id: openCycle.id,
          orderDeadline: openCycle.orderDeadline.toISOString(),
          pickupDate: openCycle.pickupDate.toISOString(),
          targetRevenue: toDecimalString(openCycle.targetRevenue),
          currentRevenue: toDecimalString(openCycle.currentRevenue),
        }
      : null,
  };
}
