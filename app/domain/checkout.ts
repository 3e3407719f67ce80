// How the checkout and shipping forms become a delivery choice for placeCartOrders. Pure.
import type { DeliveryType } from "./enums";
import type { CheckoutInput, ShippingInput } from "./shop-schemas";

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

/** /shipping: pickup at a pickup point, or delivery to street, city and postal code. */
export function shippingDelivery(input: ShippingInput): DeliveryChoice {
  return {
    deliveryType: input.deliveryType,
    pickupPointId: input.deliveryType === "PICKUP" ? input.pickupPointId : null,
    deliveryAddress:
      input.deliveryType === "DELIVERY" ? [input.street, [input.city, input.postalCode].filter(Boolean).join(" ")].join(", ") : null,
    deliveryPhone: input.deliveryPhone,
    deliveryNotes: input.deliveryNotes || null,
  };
}
