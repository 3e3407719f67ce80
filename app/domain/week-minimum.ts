// A week's minimum (issue #45): the revenue below which, at the deadline, every order of the week
// is cancelled at no charge. It is the community's choice; 0 in weekly_target_revenue /
// target_revenue means "no minimum", and a new community starts there, so a small community's
// first week is never cancelled by a number nobody chose. Pure.
import { DAY_MS, israelTimeToInstant, wallClockAt } from "./time";

/** What the columns hold for a week without a minimum. */
export const NO_MINIMUM = 0;

export function hasMinimum(minimum: number): boolean {
  return minimum > NO_MINIMUM;
}

/** Whether a week closing with this revenue is cancelled: only below a minimum it has. */
export function missesMinimum(revenue: number, minimum: number): boolean {
  return hasMinimum(minimum) && revenue < minimum;
}

/** How close to the deadline a week short of its minimum counts as at risk whatever its pace. */
export const AT_RISK_WINDOW_MS = DAY_MS;

export type WeekState = "no-minimum" | "on-track" | "at-risk";

export interface OpenWeek {
  /** agorot counted so far */
  revenue: number;
  /** agorot; NO_MINIMUM for none */
  minimum: number;
  /** when the week opened for orders */
  opensAt: Date;
  orderDeadline: Date;
}

/**
 * An open week as the admin sees it before the deadline:
 * - "no-minimum": the week has none, so nothing can cancel it;
 * - "on-track": it has reached its minimum, or is ahead of the pace to reach it;
 * - "at-risk": it is below its minimum and either less than 24 hours remain (or the deadline
 *   has passed and the clock is about to close it), or its revenue is below the minimum's
 *   pro-rata share for the part of the week gone by (half the week gone, under half the minimum).
 */
export function weekState(week: OpenWeek, now: Date): WeekState {
  if (!hasMinimum(week.minimum)) return "no-minimum";
  if (week.revenue >= week.minimum) return "on-track";
  const left = week.orderDeadline.getTime() - now.getTime();
  if (left < AT_RISK_WINDOW_MS) return "at-risk";
  return week.revenue < proRataShare(week, now) ? "at-risk" : "on-track";
}

/** The part of the minimum a week on pace would have by `now` (agorot, rounded up). */
export function proRataShare(week: Pick<OpenWeek, "minimum" | "opensAt" | "orderDeadline">, now: Date): number {
  const length = week.orderDeadline.getTime() - week.opensAt.getTime();
  if (length <= 0) return week.minimum;
  const gone = Math.min(1, Math.max(0, (now.getTime() - week.opensAt.getTime()) / length));
  return Math.ceil(week.minimum * gone);
}

export type DeadlineMoveProblem = "past" | "notBeforePickup";

/**
 * Why an admin may not move an open week's deadline to `deadline`, or null when she may: later
 * or earlier both are fine, but not in the past (closing now is its own action) and not at or
 * after the pickup, which must stay after the deadline.
 */
export function deadlineMoveProblem(deadline: Date, pickupDate: Date, now: Date): DeadlineMoveProblem | null {
  if (deadline.getTime() <= now.getTime()) return "past";
  if (deadline.getTime() >= pickupDate.getTime()) return "notBeforePickup";
  return null;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * A new deadline as an admin gives it: a date-time field's "2026-11-26T20:00", read as Israeli
 * time like every deadline, or (the API) an ISO instant with its zone. Null when it is neither.
 */
export function parseDeadlineInput(value: unknown): Date | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  const local = LOCAL_DATE_TIME.exec(text);
  if (local) {
    const [year, month, day, hour, minute] = local.slice(1).map(Number);
    if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
    const instant = israelTimeToInstant(year, month, day, hour, minute);
    // 31 February and the like roll over; refuse them rather than guess.
    const back = wallClockAt(instant);
    return back.day === day && back.month === month ? instant : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** An instant as a date-time field shows it, in Israeli time: "2026-11-26T20:00". */
export function deadlineInputValue(instant: Date): string {
  const w = wallClockAt(instant);
  const two = (n: number) => String(n).padStart(2, "0");
  return `${w.year}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}`;
}
