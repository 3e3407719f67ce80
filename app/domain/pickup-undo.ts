// Taking back a pickup-day mark (issue #44): "collected" or "no-show" tapped on the wrong
// shopper. Only the same day (Asia/Jerusalem), only the latest mark, and only while her orders
// are still where the mark left them; then each order goes back to the status it had, with the
// stamps the mark set cleared. The mark itself is read from the orders' audit rows. Pure.
import type { OrderStatus } from "~/domain/enums";
import { isoDate, wallClockAt } from "./time";

/** The notes a mark writes on each audit row, so undo can find the mark's steps. */
export const MARK_NOTES = { collected: "collected", noShow: "no-show" } as const;
/** The note on an undo's audit rows. */
export const UNDO_NOTE = "undo";

/** One audit row of an order's status: before, after, why, when. */
export interface StatusStep {
  orderId: string;
  before: OrderStatus;
  after: OrderStatus;
  note: string | null;
  at: Date;
}

export type StampField = "paidAt" | "fulfilledAt" | "canceledAt";

export interface Restore {
  orderId: string;
  from: OrderStatus;
  to: OrderStatus;
  /** the time stamps the mark set, to clear */
  clear: StampField[];
}

export type UndoRefusal = "nothingToUndo" | "notToday" | "changedSince";
export type UndoPlan = { ok: true; intent: "collected" | "no-show"; restore: Restore[] } | { ok: false; reason: UndoRefusal };

const STAMP_OF: Partial<Record<OrderStatus, StampField>> = { PAID: "paidAt", FULFILLED: "fulfilledAt", CANCELED: "canceledAt" };
const isMarkNote = (note: string | null) => note === MARK_NOTES.collected || note === MARK_NOTES.noShow;

/** The Israeli calendar day of an instant, as YYYY-MM-DD. */
export function israelDay(instant: Date): string {
  return isoDate(wallClockAt(instant));
}

/**
 * What undoing the latest mark of a shopper at a place would do. `orders` are her orders there
 * as they are now; `steps` every status audit row of those orders. A mark's steps share one time
 * (one transaction, one `now`).
 */
export function planUndo(orders: readonly { id: string; status: OrderStatus }[], steps: readonly StatusStep[], now: Date): UndoPlan {
  const marks = steps.filter((step) => isMarkNote(step.note));
  if (marks.length === 0) return { ok: false, reason: "nothingToUndo" };
  const latest = Math.max(...marks.map((step) => step.at.getTime()));
  const markSteps = marks.filter((step) => step.at.getTime() === latest).sort((a, b) => a.at.getTime() - b.at.getTime());
  const marked = new Set(markSteps.map((step) => step.orderId));
  // Anything written on those orders after the mark: undone already, or moved on (refunded).
  const after = steps.filter((step) => marked.has(step.orderId) && step.at.getTime() > latest);
  if (after.some((step) => step.note === UNDO_NOTE)) return { ok: false, reason: "nothingToUndo" };
  if (after.length > 0) return { ok: false, reason: "changedSince" };
  if (israelDay(new Date(latest)) !== israelDay(now)) return { ok: false, reason: "notToday" };
  const restore: Restore[] = [];
  for (const orderId of marked) {
    const own = markSteps.filter((step) => step.orderId === orderId);
    const current = orders.find((order) => order.id === orderId);
    // The audit rows are written in step order: the first says where she was, the last where she is.
    if (!current || current.status !== own[own.length - 1]!.after) return { ok: false, reason: "changedSince" };
    const clear = own.map((step) => STAMP_OF[step.after]).filter((field): field is StampField => field !== undefined);
    restore.push({ orderId, from: current.status, to: own[0]!.before, clear });
  }
  const intent = markSteps[0]!.note === MARK_NOTES.noShow ? "no-show" : "collected";
  return { ok: true, intent, restore };
}
