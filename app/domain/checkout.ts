// How the checkout and shipping forms become a delivery choice for placeCartOrders. Pure.
import type { DeliveryType } from "./enums";
import type { CheckoutDetailsInput, CheckoutInput } from "./shop-schemas";

/** How an order is handed over, as placeCartOrders takes it. */
export interface DeliveryChoice {
  deliveryType: DeliveryType;
  deliveryAddress?: string | null;
  deliveryPhone?: string | null;
  deliveryNotes?: string | null;
  pickupPointId?: string | null;
}

/** /checkout is home delivery, cash on delivery: the recipient's name leads the address. */
export function checkoutDelivery(input: CheckoutInput): DeliveryChoice {
  const cityLine = [input.city, input.postalCode].filter(Boolean).join(" ");
  return {
    deliveryType: "DELIVERY",
    deliveryAddress: [input.fullName, input.address, cityLine].join(", "),
    deliveryPhone: input.phone,
    deliveryNotes: input.notes || null,
  };
}

/** The checkout's details step: pickup at a point of her community, or delivery as /checkout always did. */
export function detailsDelivery(input: CheckoutDetailsInput): DeliveryChoice {
  if (input.deliveryType === "DELIVERY") return checkoutDelivery(input);
  return {
    deliveryType: "PICKUP",
    pickupPointId: input.pickupPointId,
    deliveryAddress: null,
    deliveryPhone: input.phone,
    deliveryNotes: input.notes || null,
  };
}
