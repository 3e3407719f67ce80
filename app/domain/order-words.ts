// One vocabulary for an order's state and its payment (issue #47), the same to the shopper, on
// her receipt and in the admin. A placed order is paid in cash when it changes hands, so its
// word says where: "to pay at pickup" or "to pay on delivery", and a fulfilled one was
// "collected" or "delivered". Where no single order is meant (a filter, a status to choose),
// the general word of each status stands. Pure: the keys only; the locale files word them.
import type { DeliveryType, OrderStatus } from "./enums";

/** The translation key of an order's status, worded for how she gets it when that is known. */
export function orderStatusKey(status: OrderStatus, deliveryType?: DeliveryType | null): string {
  if (deliveryType && (status === "PENDING" || status === "FULFILLED")) return `shop.status.${status}_${deliveryType}`;
  return `shop.status.${status}`;
}

/** The translation key of how she pays: cash, where the order changes hands. */
export function paymentKey(deliveryType: DeliveryType): string {
  return `shop.payment.${deliveryType}`;
}

/** The checkout's details step is about a pickup or a delivery, and says which. */
export function detailsTitleKey(deliveryType: DeliveryType): string {
  return deliveryType === "DELIVERY" ? "shop.checkout.titleDelivery" : "shop.checkout.titlePickup";
}
