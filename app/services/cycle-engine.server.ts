// The weekly group purchase, run on a clock (DESIGN.md, issue 5): every active community has one
// open cycle; at its deadline the cycle closes once, in one transaction: its groups close, the
// tier its live orders' final revenue earns sets the price of every order still in progress,
// lower or higher than shown at purchase (discounts are settled at the close, both ways), or,
// below the goal, those orders are cancelled at no charge; buyers are told, those whose price
// went up with a cancel until pickup; every change is in the audit log; the next week opens.
// Deadlines missed while the server was down are caught up one by one. Running twice changes
// nothing.
import { percentToBasisPoints } from "~/domain/farmer-money";
import { readSiteSettings } from "./site-settings.server";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { isTrue } from "~/db/prepared.server";
import { communities, deals, dealTiers, groups, ORDER_STATUSES, orders, weeklyCycles, type Community } from "~/db/schema";
import { alertAdmins } from "./admin-alerts.server";
import { recordAuditEvent } from "./audit.server";
import { activeCycle, communityById, communityTiersOf } from "./community-pricing.server";
import { activePickupPoints } from "./communities.server";
import { nextCycleDates } from "~/domain/cycle-schedule";
import { checkoutFeeOf, checkoutOf, moveOrder, refreshCheckoutFee, repriceOrder } from "./order-lifecycle.server";
import { canReprice, canTransition } from "~/domain/order-status";
import { finalUnitPrice, liveRevenue, tierEarned } from "~/domain/settlement";
import { missesMinimum } from "~/domain/week-minimum";
import { remindPickups, tellWeekClosed, type ClosedLine } from "./order-messages.server";
import { mailWeekDigest, tellDeadlineNear } from "./optional-mail.server";

/** Members with items in the cart hear once, this long before the deadline. */
export const REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;

type Cycle = typeof weeklyCycles.$inferSelect;

/** The audit log's actor for what the clock does on its own: no user. */
const SYSTEM = null;
/** The orders a close may change: those it may still reprice (PENDING, PAID). */
const IN_PROGRESS = ORDER_STATUSES.filter(canReprice);

/**
 * Opens a community's next cycle (after `after`) with a group for every active deal. None for a
 * community without an active pickup point: nobody could collect (its admin page says so, and
 * adding a point opens the week).
 */
function openCycle(tx: Tx, community: Community, after: Date): Cycle | null {
  const dates = nextCycleDates({ ...community, points: activePickupPoints(tx, community.id) }, after);
  if (!dates) return null;
  const cycle = tx
    .insert(weeklyCycles)
    .values({ communityId: community.id, ...dates, targetRevenue: community.weeklyTargetRevenue })
    .onConflictDoNothing()
    .returning()
    .get();
  // A cycle for that week already exists (closed early by hand): open the one after it.
  if (!cycle) return openCycle(tx, community, dates.orderDeadline);
  const dealIds = tx.select({ id: deals.id }).from(deals).where(eq(deals.status, "ACTIVE")).all();
  for (const { id } of dealIds) openGroup(tx, community, cycle.id, id);
  return cycle;
}

/** One deal's group in one community's cycle; a second call for the same pair does nothing. */
function openGroup(tx: Tx, community: Community, weeklyCycleId: string, dealId: string) {
  tx.insert(groups)
    .values({ communityId: community.id, weeklyCycleId, dealId, region: community.name, targetRevenue: community.weeklyTargetRevenue })
    .onConflictDoNothing()
    .run();
}

/**
 * A deal activated mid-week: a group in every active community's open cycle, so shoppers can
 * buy it now rather than from next week. Returns how many groups it opened.
 */
export function openGroupsForDeal(tx: Tx, dealId: string): number {
  const open = tx
    .select({ community: communities, cycleId: weeklyCycles.id })
    .from(weeklyCycles)
    .innerJoin(communities, eq(communities.id, weeklyCycles.communityId))
    .where(and(isTrue(weeklyCycles.isActive), eq(communities.isActive, true)))
    .all();
  for (const { community, cycleId } of open) openGroup(tx, community, cycleId, dealId);
  return open.length;
}

/** The week's revenue from its orders themselves: the base totals of those still live. */
function revenueOf(tx: Tx, cycleId: string): number {
  return liveRevenue(tx.select({ status: orders.status, originalTotal: orders.originalTotal }).from(orders).where(eq(orders.weeklyCycleId, cycleId)).all());
}

/**
 * Closes one cycle whose deadline has passed, and opens the next (none for a community an admin
 * has deactivated); all in the caller's transaction. The one close there is: the clock calls it
 * with no actor, an admin's "close now" (week-control.server.ts) with hers; anything that must
 * happen when a week closes (telling the admins, issue #45) belongs here, so both get it.
 *
 * A week without a minimum (0, week-minimum.ts) is never cancelled: every week that misses the
 * minimum it has is, all its orders at no charge, and its buyers are told.
 *
 * Every order change goes through the order state machine (order-lifecycle.server.ts) and is
 * written to the audit log with the system as its actor. Only orders still in progress (PENDING,
 * PAID) are the close's business: one already FULFILLED (an admin may hand orders over before the
 * deadline) was paid on handing over and keeps its status and that price, though its base total
 * counts toward the week's revenue like any live order; CANCELED and REFUNDED ones are done with.
 */
export function closeCycle(tx: Tx, cycle: Cycle, community: Community, now: Date, actorUserId: string | null = SYSTEM): Cycle | null {
  // The week's revenue at its deadline decides, counted from its live orders (fulfilled ones
  // count, as they did all week; cancelled and refunded ones do not), not from a running total.
  const revenue = revenueOf(tx, cycle.id);
  const goalMet = !missesMinimum(revenue, cycle.targetRevenue);
  const earned = goalMet ? tierEarned(communityTiersOf(tx, community.id), revenue) : null;
  const discount = earned ? earned.discountPercent : null;

  const inProgress = tx
    .select({ order: orders, dealTitle: deals.title, dealSlug: deals.slug, dealUnit: deals.unit, basePrice: deals.basePrice })
    .from(orders)
    .innerJoin(deals, eq(deals.id, orders.dealId))
    .where(and(eq(orders.weeklyCycleId, cycle.id), inArray(orders.status, IN_PROGRESS)))
    .all();
  // Each shopper's lines as the close leaves them, for the bell and her one mail (order-messages.server.ts).
  const told: ClosedLine[] = [];
  let cancelled = 0;

  if (!goalMet) {
    // The FAQ's rule: a group that misses its goal is cancelled, with no charge. The cycle is
    // still open here, so each cancel gives its base total back: the closed week's revenue is
    // then what its remaining (fulfilled) orders count, as everywhere else.
    for (const { order, dealTitle, dealSlug, dealUnit } of inProgress) {
      if (!canTransition(order.status, "CANCELED")) continue;
      const gone = moveOrder(tx, actorUserId, order, "CANCELED", now);
      cancelled += 1;
      told.push({ userId: order.userId, dealTitle, dealSlug, dealUnit, order: gone, unitBefore: order.unitPriceAtPurchase, saved: 0 });
    }
  } else {
    const dealIds = [...new Set(inProgress.map((o) => o.order.dealId))];
    const tiers = dealIds.length ? tx.select().from(dealTiers).where(inArray(dealTiers.dealId, dealIds)).all() : [];
    // Each checkout's delivery fee before the close: the new prices may lower it, never raise it.
    const checkouts = new Map<string, number>();
    for (const { order } of inProgress) {
      const id = checkoutOf(order);
      if (!checkouts.has(id)) checkouts.set(id, checkoutFeeOf(tx, id));
    }
    for (const { order, basePrice } of inProgress) {
      const finalUnit = finalUnitPrice(
        { basePrice, quantityTiers: tiers.filter((t) => t.dealId === order.dealId), qty: order.qty, quantityPriceAtPurchase: order.quantityPriceAtPurchase },
        discount ?? 0,
      );
      repriceOrder(tx, actorUserId, order, finalUnit, now);
    }
    for (const [checkoutId, fee] of checkouts) refreshCheckoutFee(tx, actorUserId, checkoutId, now, fee);

    // The same orders (repricing moves no status), as they now are.
    const settled = new Map(
      tx.select().from(orders).where(and(eq(orders.weeklyCycleId, cycle.id), inArray(orders.status, IN_PROGRESS))).all().map((o) => [o.id, o]),
    );
    for (const { order, dealTitle, dealSlug, dealUnit } of inProgress) {
      const final = settled.get(order.id)!;
      told.push({ userId: order.userId, dealTitle, dealSlug, dealUnit, order: final, unitBefore: order.unitPriceAtPurchase, saved: final.originalTotal - final.unitPriceAtPurchase * final.qty });
    }
  }

  const closed = tx
    .update(weeklyCycles)
    .set({
      isActive: false,
      closedAt: now,
      currentRevenue: revenueOf(tx, cycle.id),
      // The market's share of this week's lines is the one set now (domain/farmer-money.ts).
      marketShareBp: percentToBasisPoints(readSiteSettings(tx).marketSharePercent),
      ...(goalMet ? {} : { goalMissed: true }),
    })
    .where(eq(weeklyCycles.id, cycle.id))
    .returning()
    .get()!;
  tx.update(groups).set({ status: "CLOSED" }).where(and(eq(groups.weeklyCycleId, cycle.id), eq(groups.status, "OPEN"))).run();
  recordAuditEvent(
    tx,
    {
      type: "cycle.closed",
      actorUserId,
      entityId: cycle.id,
      before: { isActive: true, goalMissed: cycle.goalMissed, currentRevenue: revenue, targetRevenue: cycle.targetRevenue },
      after: { isActive: false, goalMissed: closed.goalMissed, currentRevenue: closed.currentRevenue, targetRevenue: closed.targetRevenue, discountPercent: discount },
    },
    now,
  );
  tellWeekClosed(tx, { community: community.name, orderDeadline: cycle.orderDeadline, pickupDate: cycle.pickupDate, goalMet }, told);
  alertAdminsOfClose(tx, closed, community, { goalMet, revenue, orders: inProgress.length, cancelled, tierName: earned?.tier?.tierName ?? null, discountPercent: discount ?? 0 });
  return community.isActive ? openCycle(tx, community, cycle.orderDeadline) : null;
}

/**
 * The admins hear how the week ended: its revenue and tier, or that it missed its minimum and
 * how many orders were cancelled. Here, in the close itself, so every way a week closes (the
 * clock, a checkout catching up, an admin closing it now) tells them once. A week nobody
 * ordered in tells nobody: nothing happened, and a long downtime's catch-up of empty weeks
 * would otherwise fill every admin's inbox.
 */
function alertAdminsOfClose(
  tx: Tx,
  closed: Cycle,
  community: Community,
  week: { goalMet: boolean; revenue: number; orders: number; cancelled: number; tierName: string | null; discountPercent: number },
) {
  if (week.orders === 0 && week.revenue === 0) return;
  const base = { cycleId: closed.id, community: community.name, revenue: week.revenue };
  if (!week.goalMet) alertAdmins(tx, { kind: "weekMissed", ...base, target: closed.targetRevenue, cancelled: week.cancelled });
  else alertAdmins(tx, { kind: "weekClosed", ...base, tierName: week.tierName, discountPercent: week.discountPercent });
}

/**
 * Brings one community up to `now`: closes every cycle whose deadline has passed (catching up
 * missed weeks) and makes sure one cycle is open. Safe to call inside a checkout's transaction.
 */
export function settleCommunity(tx: Tx, communityId: string, now: Date) {
  const community = communityById(tx, communityId);
  if (!community) return;
  let cycle: Cycle | null | undefined = activeCycle(tx, communityId);
  if (!cycle) {
    if (!community.isActive) return;
    cycle = openCycle(tx, community, now);
  }
  // Each closed week opens the next; stop at the first deadline still ahead.
  for (let guard = 0; cycle && cycle.orderDeadline.getTime() <= now.getTime() && guard < 520; guard++) {
    cycle = closeCycle(tx, cycle, community, now);
  }
}

/** One pass of the clock over every community. Returns what it did, for logs and tests. */
export function runCycleEngine(db: Db, now = new Date()) {
  const report = { closed: 0, reminded: 0, digests: 0, pickupReminders: 0 };
  const communityIds = db.select({ id: communities.id }).from(communities).orderBy(asc(communities.createdAt)).all();
  for (const { id } of communityIds) {
    // One transaction per community: a slow community never holds up the others' checkouts.
    db.transaction(
      (tx) => {
        const before = tx.get<{ n: number }>(sql`select count(*) as n from ${weeklyCycles} where ${weeklyCycles.communityId} = ${id} and ${weeklyCycles.closedAt} is not null`).n;
        settleCommunity(tx, id, now);
        const after = tx.get<{ n: number }>(sql`select count(*) as n from ${weeklyCycles} where ${weeklyCycles.communityId} = ${id} and ${weeklyCycles.closedAt} is not null`).n;
        report.closed += after - before;
        const due = tx
          .select()
          .from(weeklyCycles)
          .where(
            and(
              eq(weeklyCycles.communityId, id),
              isTrue(weeklyCycles.isActive),
              isNull(weeklyCycles.reminderSentAt),
              lte(weeklyCycles.orderDeadline, new Date(now.getTime() + REMINDER_BEFORE_MS)),
            ),
          )
          .get();
        const community = communityById(tx, id);
        if (due && community) {
          // Once per cycle: the bell for members with a cart, a mail for those who want it.
          tellDeadlineNear(tx, due, community);
          tx.update(weeklyCycles).set({ reminderSentAt: now }).where(eq(weeklyCycles.id, due.id)).run();
          report.reminded += 1;
        }
        // The week now open, once: its deals to the members who asked (not to every week a
        // catch-up closed on the way, only the one that is open).
        const opened = activeCycle(tx, id);
        if (opened && community && !opened.digestMailedAt) {
          report.digests += mailWeekDigest(tx, opened, community);
          tx.update(weeklyCycles).set({ digestMailedAt: now }).where(eq(weeklyCycles.id, opened.id)).run();
        }
      },
      { behavior: "immediate" },
    );
  }
  report.pickupReminders = remindPickups(db, now);
  return report;
}

let timer: ReturnType<typeof setInterval> | undefined;

/** Runs the engine now and then every minute, in the server process. */
export function startCycleClock(db: Db, everyMs = 60_000) {
  const tick = () => {
    try {
      const report = runCycleEngine(db);
      if (report.closed || report.reminded || report.digests || report.pickupReminders) {
        console.info(`cycle engine: closed ${report.closed}, reminded ${report.reminded}, digests ${report.digests}, pickup reminders ${report.pickupReminders}`);
      }
    } catch (error) {
      console.error("cycle engine failed", error);
    }
  };
  tick();
  timer = setInterval(tick, everyMs);
  timer.unref();
}

export function stopCycleClock() {
  if (timer) clearInterval(timer);
  timer = undefined;
}
