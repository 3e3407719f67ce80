// Delivery rules, in one place (DESIGN.md): every screen, the FAQ and the terms render from
// these, so the copy can never disagree with what checkout charges. Pure. Money in agorot.
import type { DeliveryType } from "~/domain/enums";

/** Home delivery costs 15 ₪ ... */
export const DELIVERY_FEE = 1500;
/** ... and is free from an order subtotal of 150 ₪. */
export const FREE_DELIVERY_FROM = 15_000;
/** Delivery arrives 2-5 business days after the group closes. */
export const DELIVERY_DAYS = { min: 2, max: 5 } as const;
/** Orders can be cancelled or changed until 24 hours before the cycle's deadline (FAQ). */
export const CANCEL_CUTOFF_HOURS = 24;
/** A refund after cancelling takes 5-7 business days. */
export const REFUND_DAYS = { min: 5, max: 7 } as const;

/** The delivery fee for an order of this subtotal. */
export function deliveryFee(deliveryType: DeliveryType, subtotal: number): number {
  if (deliveryType === "PICKUP") return 0;
  return subtotal >= FREE_DELIVERY_FROM ? 0 : DELIVERY_FEE;
}

/** How much more the subtotal needs for free home delivery, or 0 once it is free. */
export function freeDeliveryGap(subtotal: number): number {
  return Math.max(0, FREE_DELIVERY_FROM - subtotal);
}

export interface CheckoutLine {
  /** what its goods cost: unit price x qty */
  subtotal: number;
  /** the fee it carries now */
  deliveryFee: number;
  /** handed over and paid (FULFILLED): its fee is what she paid and stays */
  settled: boolean;
}

/**
 * The fee each live order of one checkout carries (DESIGN.md: one rule, recomputed on every
 * change of an order): the rule above on the subtotal of all of them, on the first order not yet
 * handed over (less any fee an order already handed over was paid with); the others carry none.
 * `ceiling` caps the checkout's fee: once the week has closed it may only fall. When every live
 * order was handed over already, none takes a new fee: nothing is charged after a handover. In
 * the order given.
 */
export function checkoutFeeShares(deliveryType: DeliveryType, lines: readonly CheckoutLine[], ceiling = Number.POSITIVE_INFINITY): number[] {
  const subtotal = lines.reduce((sum, line) => sum + line.subtotal, 0);
  const fee = Math.min(deliveryFee(deliveryType, subtotal), ceiling);
  const paid = lines.reduce((sum, line) => sum + (line.settled ? line.deliveryFee : 0), 0);
  const carrier = lines.findIndex((line) => !line.settled);
  return lines.map((line, index) => (line.settled ? line.deliveryFee : index === carrier ? Math.max(0, fee - paid) : 0));
}
