// When a community's weekly cycle closes and when its pickup is. Pure.
//
// Where and when members collect is the community's pickup points alone (issue #45): each point
// has its weekdays and hours. A cycle still needs one pickup date (notifications, the cycle's
// row, the cancel-until-pickup window): it is the first opening of any active point after the
// order deadline. Each point's own date in the cycle is its first weekday after the deadline.
import { addDays, israelTimeToInstant, isoDate, parseClockTime, wallClockAt } from "./time";

/** What the schedule reads of a pickup point: its weekdays (0 = Sunday) and opening time. */
export interface PickupWindow {
  pickupDays: readonly number[];
  pickupStartTime: string; // HH:MM, Israel
}

export interface CycleSettings {
  deadlineDay: number; // 0 = Sunday
  deadlineTime: string; // HH:MM, Israel
  /** the community's active pickup points */
  points: readonly PickupWindow[];
}

export interface CycleDates {
  /** YYYY-MM-DD of the Sunday that starts the deadline's week (Israel). */
  weekStartDate: string;
  orderDeadline: Date;
  pickupDate: Date;
}

/**
 * The first cycle whose deadline is strictly after `now`; null when no point has a pickup day
 * (a community without an active point opens no week: nobody could collect).
 */
export function nextCycleDates(settings: CycleSettings, now: Date): CycleDates | null {
  const today = wallClockAt(now);
  const [dh, dm] = parseClockTime(settings.deadlineTime);
  let ahead = (settings.deadlineDay - today.weekday + 7) % 7;
  let date = addDays(today, ahead);
  let deadline = israelTimeToInstant(date.year, date.month, date.day, dh, dm);
  if (deadline.getTime() <= now.getTime()) {
    ahead += 7;
    date = addDays(today, ahead);
    deadline = israelTimeToInstant(date.year, date.month, date.day, dh, dm);
  }
  const pickupDate = firstPickupAfter(settings.points, deadline);
  if (!pickupDate) return null;
  return { weekStartDate: isoDate(addDays(date, -date.weekday)), orderDeadline: deadline, pickupDate };
}

/** The earliest opening of any of the points strictly after `deadline`; null without a day. */
export function firstPickupAfter(points: readonly PickupWindow[], deadline: Date): Date | null {
  let first: Date | null = null;
  for (const point of points) {
    const date = pointPickupAfter(point, deadline);
    if (date && (!first || date.getTime() < first.getTime())) first = date;
  }
  return first;
}

/**
 * When a point opens first after a deadline: the first of its weekdays at its start time that
 * is later than the deadline (the deadline's own day counts if the point opens later that day).
 */
export function pointPickupAfter(point: PickupWindow, deadline: Date): Date | null {
  const day = wallClockAt(deadline);
  const [ph, pm] = parseClockTime(point.pickupStartTime);
  let first: Date | null = null;
  for (const weekday of point.pickupDays) {
    let gap = (weekday - day.weekday + 7) % 7;
    let on = addDays(day, gap);
    let at = israelTimeToInstant(on.year, on.month, on.day, ph, pm);
    if (at.getTime() <= deadline.getTime()) {
      gap += 7;
      on = addDays(day, gap);
      at = israelTimeToInstant(on.year, on.month, on.day, ph, pm);
    }
    if (!first || at.getTime() < first.getTime()) first = at;
  }
  return first;
}
