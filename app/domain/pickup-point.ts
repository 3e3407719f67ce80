// What every page, mail and receipt shows of a pickup point (issue #45: one pickup concept, the
// community's points; nothing else promises a place or a time). Pure.
import { pointPickupAfter } from "./cycle-schedule";
import { formatDay } from "./dates";
import { formatTimeRange } from "./time";

/** A point as the pages get it: where, which weekdays, which hours, and how to find it. */
export interface ShownPickupPoint {
  id: string;
  address: string;
  /** weekday numbers, 0 = Sunday */
  pickupDays: readonly number[];
  pickupStartTime: string;
  pickupEndTime: string;
  instructions: string | null;
  contactPhone: string | null;
  /**
   * Its day and hours as the page shows them, when the loader wrote them (pickupWhenText): the
   * deal page's do, so a phone formats no date while it hydrates (its first Intl date formatter
   * cost about 100 ms of a 4x-slowed Chromium).
   */
  when?: string;
}

/** The fields a page needs of a point row (a row has eleven columns; loaders send these). */
export function shownPickupPoint(p: ShownPickupPoint): ShownPickupPoint {
  return { id: p.id, address: p.address, pickupDays: p.pickupDays, pickupStartTime: p.pickupStartTime, pickupEndTime: p.pickupEndTime, instructions: p.instructions, contactPhone: p.contactPhone };
}

/**
 * The day a point hands over a week's orders: its first weekday after the week's order
 * deadline, at its opening time. The same rule the weekly cycle's own pickup date follows.
 */
export function pointDateInWeek(point: Pick<ShownPickupPoint, "pickupDays" | "pickupStartTime">, orderDeadline: Date | string | null | undefined): Date | null {
  if (!orderDeadline) return null;
  return pointPickupAfter(point, new Date(orderDeadline));
}

/**
 * The day a point hands over, in a given week its date ("Friday, 27/11"), else its weekdays
 * ("Thursday, Friday") as `dayName` names them. Pages and mails say it the same way.
 */
export function pickupDayText(
  point: Pick<ShownPickupPoint, "pickupDays" | "pickupStartTime">,
  orderDeadline: Date | string | null | undefined,
  language: string,
  dayName: (day: number) => string,
): string {
  const date = pointDateInWeek(point, orderDeadline);
  return date ? formatDay(date, language) : point.pickupDays.map(dayName).join(", ");
}

/** "Friday, 27/11 · 09:00–12:00" for a week (its order deadline given), else "Thursday, Friday · 16:00–19:00". */
export function pickupWhenText(
  point: Pick<ShownPickupPoint, "pickupDays" | "pickupStartTime" | "pickupEndTime">,
  orderDeadline: Date | string | null | undefined,
  language: string,
  dayName: (day: number) => string,
): string {
  return `${pickupDayText(point, orderDeadline, language, dayName)} · ${formatTimeRange(point.pickupStartTime, point.pickupEndTime)}`;
}
