// What every page, mail and receipt shows of a pickup point (issue #45: one pickup concept, the
// community's points; nothing else promises a place or a time). Pure.
import { pointPickupAfter } from "./cycle-schedule";

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
