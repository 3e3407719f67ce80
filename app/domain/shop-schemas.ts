// Shopping payloads (spec section 5), for the page forms and the /api routes alike. Messages
// are locale keys.
import { z } from "zod";
import { DELIVERY_TYPES } from "~/domain/enums";
import { ADDRESS_LINE_MAX, CITY_MAX, NOTES_MAX, PHONE_MAX, POSTAL_CODE_MAX, tooLong } from "./text-limits";

const id = (message: string) => z.string({ error: message }).trim().min(1, { error: message });
const qty = z
  .number({ error: "shop.validation.qtyInvalid" })
  .int({ error: "shop.validation.qtyInvalid" })
  .min(1, { error: "shop.validation.qtyMin" })
  .max(1000, { error: "shop.validation.qtyMax" });

export const AddToCartSchema = z.object({
  dealId: id("shop.validation.dealRequired"),
  groupId: id("shop.validation.groupRequired"),
  qty,
  /** the page view the form came from (services/cart.server.ts, addToCart): one add per tap */
  tap: z.string().max(64).optional(),
});

export const CartQtySchema = z.object({ qty });

export const FavoriteSchema = z.object({ dealId: id("shop.validation.dealRequired") });

/** A full name as a courier writes it on the box: first and last with room to spare. */
const FULL_NAME_MAX = 100;

const optionalText = (max: number) => z.string().trim().max(max, { error: tooLong(max) }).optional();

export const CheckoutSchema = z.object({
  fullName: z.string({ error: "shop.validation.fullName" }).trim().min(2, { error: "shop.validation.fullName" }).max(FULL_NAME_MAX, { error: tooLong(FULL_NAME_MAX) }),
  phone: z.string({ error: "shop.validation.phone" }).trim().min(9, { error: "shop.validation.phone" }).max(PHONE_MAX, { error: "shop.validation.phone" }),
  address: z.string({ error: "shop.validation.address" }).trim().min(5, { error: "shop.validation.address" }).max(ADDRESS_LINE_MAX, { error: tooLong(ADDRESS_LINE_MAX) }),
  city: z.string({ error: "shop.validation.city" }).trim().min(2, { error: "shop.validation.city" }).max(CITY_MAX, { error: tooLong(CITY_MAX) }),
  postalCode: optionalText(POSTAL_CODE_MAX),
  notes: optionalText(NOTES_MAX),
  paymentMethod: z.literal("CASH", { error: "shop.validation.cashOnly" }).default("CASH"),
});

/**
 * Step 1 of the checkout (/shipping): pickup or home delivery. Pickup names a pickup point of
 * the member's own community; communityId is hers, sent back so a form for another community
 * (an old tab after she moved) is refused instead of moving her.
 */
export const ShippingSchema = z
  .object({
    deliveryType: z.enum(DELIVERY_TYPES, { error: "shop.validation.deliveryType" }),
    communityId: id("shop.validation.chooseCommunity"),
    pickupPointId: z.string().trim().max(64, { error: "shop.validation.fillDelivery" }).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.deliveryType === "PICKUP" && !value.pickupPointId) {
      ctx.addIssue({ code: "custom", path: ["pickupPointId"], message: "shop.validation.fillDelivery" });
    }
  });

/** Step 2 (/checkout) for pickup: a phone for the organiser and notes (her name is on her account). */
export const PickupDetailsSchema = CheckoutSchema.pick({ phone: true, notes: true, paymentMethod: true }).extend({
  deliveryType: z.literal("PICKUP"),
  pickupPointId: id("shop.validation.fillDelivery"),
});

/** Step 2 (/checkout) for home delivery: the spec's checkout form, as /api/checkout takes it. */
export const DeliveryDetailsSchema = CheckoutSchema.extend({ deliveryType: z.literal("DELIVERY") });

/** The details the /checkout page posts, for either way of getting the order. */
export const CheckoutDetailsSchema = z.discriminatedUnion("deliveryType", [PickupDetailsSchema, DeliveryDetailsSchema], {
  error: "shop.validation.deliveryType",
});

/** POST /api/orders: one order from a cart line's fields. */
export const OrderApiSchema = z.object({
  dealId: id("shop.validation.dealRequired"),
  groupId: id("shop.validation.groupRequired"),
  qty,
  deliveryType: z.enum(DELIVERY_TYPES, { error: "shop.validation.deliveryType" }),
  communityId: z.string().trim().optional(),
  pickupPointId: z.string().trim().optional(),
  // Street, city and postal code on one line, hence more than one address line.
  deliveryAddress: optionalText(300),
  deliveryPhone: optionalText(PHONE_MAX),
  deliveryNotes: optionalText(NOTES_MAX),
});

export const ReviewSchema = z.object({
  rating: z
    .number({ error: "shop.validation.ratingMin" })
    .int({ error: "shop.validation.ratingMin" })
    .min(1, { error: "shop.validation.ratingMin" })
    .max(5, { error: "shop.validation.ratingMax" }),
  comment: z
    .string()
    .trim()
    .min(10, { error: "shop.validation.commentMin" })
    .max(1000, { error: "shop.validation.commentMax" })
    .optional(),
});

export type CheckoutInput = z.infer<typeof CheckoutSchema>;
export type ShippingInput = z.infer<typeof ShippingSchema>;
export type CheckoutDetailsInput = z.infer<typeof CheckoutDetailsSchema>;
