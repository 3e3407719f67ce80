// The admin's hand on an open week (issue #45): close it now, or move its deadline. Both run in
// one immediate transaction with their audit rows; the /admin/cycles/:id page and the
// /api/admin/cycles/:id twins call these. Closing now is the clock's own close
// (cycle-engine.server.ts closeCycle), reached early; nothing of it is repeated here.
import { eq } from "drizzle-orm";
import type { Db, Tx } from "~/db/client.server";
import { weeklyCycles } from "~/db/schema";
import { ServiceError } from "~/domain/errors";
import { deadlineMoveProblem } from "~/domain/week-minimum";
import { toDecimalString } from "~/domain/money";
import { recordAuditEvent } from "./audit.server";
import { communityById } from "./community-pricing.server";
import { closeCycle } from "./cycle-engine.server";

function openWeek(tx: Tx, cycleId: string) {
  const cycle = tx.select().from(weeklyCycles).where(eq(weeklyCycles.id, cycleId)).get();
  if (!cycle) throw new ServiceError(404, "adminCycles.control.errors.notFound");
  if (!cycle.isActive) throw new ServiceError(409, "adminCycles.control.errors.closed");
  return cycle;
}

/**
 * Closes an open week at once, exactly as its deadline would: its deadline becomes now (so the
 * week reads as closed when it did, and the next week opens as after any close), then the
 * engine's close settles or cancels its orders and opens the next week. Returns the closed week.
 */
export function closeWeekNow(db: Db, actorUserId: string, cycleId: string, now = new Date()) {
  return db.transaction(
    (tx) => {
      const cycle = openWeek(tx, cycleId);
      const community = communityById(tx, cycle.communityId)!;
      // A deadline already past (the clock has not come round yet) stays as it was.
      const orderDeadline = cycle.orderDeadline.getTime() < now.getTime() ? cycle.orderDeadline : now;
      tx.update(weeklyCycles).set({ orderDeadline }).where(eq(weeklyCycles.id, cycle.id)).run();
      recordAuditEvent(tx, { type: "cycle.closed_early", actorUserId, entityId: cycle.id, before: { orderDeadline: cycle.orderDeadline }, after: { orderDeadline } }, now);
      closeCycle(tx, { ...cycle, orderDeadline }, community, now, actorUserId);
      return tx.select().from(weeklyCycles).where(eq(weeklyCycles.id, cycle.id)).get()!;
    },
    { behavior: "immediate" },
  );
}

/**
 * Moves an open week's deadline, later or earlier, never into the past nor to or past its
 * pickup. What hangs on the deadline follows: the cutoff for changing orders and the countdown
 * read it afresh, and a reminder already sent named the old one, so it is sent again, 24 hours
 * before the new deadline (at the clock's next pass if that is already near). The week keeps
 * its week-of date: it names the week, and another week may hold the one the new deadline is in.
 */
export function moveWeekDeadline(db: Db, actorUserId: string, cycleId: string, orderDeadline: Date, now = new Date()) {
  return db.transaction(
    (tx) => {
      const cycle = openWeek(tx, cycleId);
      const problem = deadlineMoveProblem(orderDeadline, cycle.pickupDate, now);
      if (problem) throw new ServiceError(422, `adminCycles.control.errors.${problem}`, "orderDeadline");
      const moved = tx.update(weeklyCycles).set({ orderDeadline, reminderSentAt: null }).where(eq(weeklyCycles.id, cycle.id)).returning().get()!;
      recordAuditEvent(
        tx,
        {
          type: "cycle.deadline_moved",
          actorUserId,
          entityId: cycle.id,
          before: { orderDeadline: cycle.orderDeadline, reminderSentAt: cycle.reminderSentAt },
          after: { orderDeadline: moved.orderDeadline, reminderSentAt: null },
        },
        now,
      );
      return moved;
    },
    { behavior: "immediate" },
  );
}

/** A week as the API answers (money as decimal strings, dates as ISO strings). */
export function weekJson(cycle: typeof weeklyCycles.$inferSelect) {
  return {
    id: cycle.id,
    communityId: cycle.communityId,
    orderDeadline: cycle.orderDeadline.toISOString(),
    pickupDate: cycle.pickupDate.toISOString(),
    isActive: cycle.isActive,
    closedAt: cycle.closedAt?.toISOString() ?? null,
    goalMissed: cycle.goalMissed,
    /** "0.00" for a week without a minimum */
    targetRevenue: toDecimalString(cycle.targetRevenue),
    currentRevenue: toDecimalString(cycle.currentRevenue),
  };
}
