// Shopping payloads (spec section 5), for the page forms and the /api routes alike. Messages
// are locale keys.
import { z } from "zod";
import { DELIVERY_TYPES } from "~/db/enums";

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
});

export const CartQtySchema = z.object({ qty });

export const FavoriteSchema = z.object({ dealId: id("shop.validation.dealRequired") });

const optionalText = (max: number) =>
  z.string().trim().max(max, { error: "shop.validation.tooLong" }).optional();

export const CheckoutSchema = z.object({
  fullName: z.string({ error: "shop.validation.fullName" }).trim().min(2, { error: "shop.validation.fullName" }).max(100),
  phone: z.string({ error: "shop.validation.phone" }).trim().min(9, { error: "shop.validation.phone" }).max(20, { error: "shop.validation.phone" }),
  address: z.string({ error: "shop.validation.address" }).trim().min(5, { error: "shop.validation.address" }).max(200),
  city: z.string({ error: "shop.validation.city" }).trim().min(2, { error: "shop.validation.city" }).max(60),
  postalCode: optionalText(10),
  notes: optionalText(500),
  paymentMethod: z.literal("CASH", { error: "shop.validation.cashOnly" }).default("CASH"),
});

/** /shipping: pickup needs a pickup point; delivery needs address, city and postal code. */
export const ShippingSchema = z
  .object({
    deliveryType: z.enum(DELIVERY_TYPES, { error: "shop.validation.fillDelivery" }),
    communityId: id("shop.validation.chooseCommunity"),
    deliveryPhone: z.string({ error: "shop.validation.enterPhone" }).trim().min(1, { error: "shop.validation.enterPhone" }).max(20),
    pickupPointId: z.string().trim().optional(),
    street: z.string().trim().max(200).optional(),
    city: z.string().trim().max(60).optional(),
    postalCode: z.string().trim().max(10).optional(),
    deliveryNotes: optionalText(500),
  })
  .superRefine((value, ctx) => {
    if (value.deliveryType === "PICKUP" && !value.pickupPointId) {
      ctx.addIssue({ code: "custom", path: ["pickupPointId"], message: "shop.validation.fillDelivery" });
    }
    if (value.deliveryType === "DELIVERY") {
      for (const field of ["street", "city", "postalCode"] as const) {
        if (!value[field]) ctx.addIssue({ code: "custom", path: [field], message: "shop.validation.fillDelivery" });
      }
    }
  });

/** POST /api/orders: one order from a cart line's fields. */
export const OrderApiSchema = z.object({
  dealId: id("shop.validation.dealRequired"),
  groupId: id("shop.validation.groupRequired"),
  qty,
  deliveryType: z.enum(DELIVERY_TYPES, { error: "shop.validation.deliveryType" }),
  communityId: z.string().trim().optional(),
  pickupPointId: z.string().trim().optional(),
  deliveryAddress: optionalText(300),
  deliveryPhone: optionalText(20),
  deliveryNotes: optionalText(500),
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
export type OrderApiInput = z.infer<typeof OrderApiSchema>;
