// Whether a printable order document is a receipt or still an order summary (issue #47): a
// receipt confirms money received, so the word is only earned once the order is paid. Pure.
import type { OrderStatus } from "~/domain/enums";

/** Statuses that mean the money came in: PAID, and FULFILLED (paid, then handed over). */
const PAID_STATUSES: readonly OrderStatus[] = ["PAID", "FULFILLED"];
/** Statuses that take an order out of what she owes: it is not part of the bill any more. */
const DROPPED_STATUSES: readonly OrderStatus[] = ["CANCELED", "REFUNDED"];

export type ReceiptKind = "receipt" | "summary";

export function isPaidStatus(status: OrderStatus): boolean {
  return PAID_STATUSES.includes(status);
}

/** An order that still counts in the checkout's bill (not cancelled, not refunded). */
export function isLiveStatus(status: OrderStatus): boolean {
  return !DROPPED_STATUSES.includes(status);
}

/**
 * One order, or a whole checkout: a receipt once every order still in the bill is paid (and
 * there is at least one); until then, an order summary.
 */
export function receiptKind(statuses: readonly OrderStatus[]): ReceiptKind {
  const live = statuses.filter(isLiveStatus);
  return live.length > 0 && live.every(isPaidStatus) ? "receipt" : "summary";
}
