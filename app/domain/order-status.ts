// Order status rules (spec section 4): one state machine every caller uses. Pure.
import type { OrderStatus } from "~/domain/enums";
import { CANCEL_CUTOFF_HOURS } from "./delivery";

const TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  PENDING: ["PAID", "CANCELED"],
  PAID: ["FULFILLED", "CANCELED", "REFUNDED"],
  FULFILLED: ["REFUNDED"],
  CANCELED: [],
  REFUNDED: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return TRANSITIONS[from].includes(to);
}

/** Where an order may go from here (the admin's status form offers these). */
export function nextStatuses(from: OrderStatus): readonly OrderStatus[] {
  return TRANSITIONS[from];
}

/**
 * The weekly close may set a final price only on an order still in progress: a FULFILLED order
 * was handed over at the price it showed, a CANCELED or REFUNDED one is not paid at all.
 */
export function canReprice(status: OrderStatus): boolean {
  return status === "PENDING" || status === "PAID";
}

/** A shopper may cancel from PENDING or PAID only. */
export function canCancel(status: OrderStatus): boolean {
  return canTransition(status, "CANCELED");
}

/**
 * The FAQ: orders can be cancelled or changed until 24 hours before the group closes; after
 * that the order is final.
 */
export function cancelCutoffPassed(orderDeadline: Date, now: Date): boolean {
  return now.getTime() > changeCutoffAt(orderDeadline).getTime();
}

/** The last moment an order of this week may be changed or cancelled (its mail says when). */
export function changeCutoffAt(orderDeadline: Date): Date {
  return new Date(orderDeadline.getTime() - CANCEL_CUTOFF_HOURS * 60 * 60 * 1000);
}

/**
 * Whether the owner may cancel now, and why: "open" until 24 hours before the week's deadline
 * (the FAQ); "raised" when the weekly close raised her price, until pickup (DESIGN.md); else
 * "closed". An order of no week has no cut-off.
 */
export function cancelWindow(
  order: { status: OrderStatus; priceRaisedAt: Date | null },
  cycle: { orderDeadline: Date; pickupDate: Date } | null,
  now: Date,
): "open" | "raised" | "closed" {
  if (!canCancel(order.status)) return "closed";
  if (!cycle || !cancelCutoffPassed(cycle.orderDeadline, now)) return "open";
  return order.priceRaisedAt && now.getTime() < cycle.pickupDate.getTime() ? "raised" : "closed";
}

/** Statuses whose money still counts toward the community's revenue. */
export function countsTowardRevenue(status: OrderStatus): boolean {
  return status !== "CANCELED" && status !== "REFUNDED";
}

/** The order number people see: the id's first 8 characters, upper-cased (DESIGN.md). */
export function orderNumber(id: string): string {
  return id.slice(0, 8).toUpperCase();
}
