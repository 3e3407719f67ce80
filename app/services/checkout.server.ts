// The checkout, one flow (docs/decisions/011): how she gets it (pickup at a point of her own
// community, or home delivery), her details, a review, then placeCartOrders. The /shipping and
// /checkout pages and POST /api/checkout all go through here and orders.server; nothing here
// moves a member to another community.
import { and, desc, eq, isNotNull } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { inlined } from "~/db/prepared.server";
import { orders, type PickupPoint, type User } from "~/db/schema";
import type { DeliveryChoice } from "~/domain/checkout";
import { deliveryFee, freeDeliveryGap, offersDelivery, type DeliverySettings } from "~/domain/delivery";
import { ServiceError } from "~/domain/errors";
import { nextTierGap } from "~/domain/referral-code";
import type { ShippingInput } from "~/domain/shop-schemas";
import { getCart, type Cart } from "./cart.server";
import { activePickupPoints, communityDelivery, deliveryOf } from "./communities.server";
import { communityPricing } from "./community-pricing.server";
import { pickupPointOf } from "./orders.server";

export interface CheckoutOptions {
  cart: Cart;
  /** her community, or null when she has none yet (she must choose one before ordering) */
  community: { id: string; name: string } | null;
  /** the open week's pickup day and deadline */
  pickupDate: Date | null;
  orderDeadline: Date | null;
  /** her community's active pickup points, oldest first */
  pickupPoints: readonly PickupPoint[];
  /** her community's home delivery (issue #45); null without a community */
  delivery: DeliverySettings | null;
  /** what home delivery would cost for this cart; null when her community does not deliver */
  deliveryFee: number | null;
  /** agorot the cart lacks for free delivery (0 once free); null when there is nothing to reach */
  freeDeliveryGap: number | null;
  /** what her community still needs for its next tier, or null at the top */
  nextTier: { tierName: string; level: number; discountPercent: number; gap: number } | null;
}

/** Everything the cart and the checkout's steps show: four indexed queries. */
export function checkoutOptions(db: Queryable, user: User): CheckoutOptions {
  const cart = getCart(db, { userId: user.id, communityId: user.communityId });
  const pricing = user.communityId ? communityPricing(db, user.communityId) : null;
  const points = pricing ? activePickupPoints(db, pricing.community.id) : [];
  const delivery = communityDelivery(db, pricing?.community.id);
  const delivers = offersDelivery(delivery);
  return {
    cart,
    community: pricing ? { id: pricing.community.id, name: pricing.community.name } : null,
    pickupDate: pricing?.cycle?.pickupDate ?? null,
    orderDeadline: pricing?.cycle?.orderDeadline ?? null,
    pickupPoints: points,
    delivery,
    deliveryFee: delivers ? deliveryFee(delivery, "DELIVERY", cart.subtotal) : null,
    freeDeliveryGap: delivers ? freeDeliveryGap(delivery, cart.subtotal) : null,
    nextTier: pricing ? nextTierGap(pricing.tiers, pricing.revenue) : null,
  };
}

/**
 * Step 1 (/shipping): pickup or delivery. Only her own community: a form naming another one (an
 * old tab, a crafted post) is refused, never taken as a move. Changes nothing either way.
 */
/**
 * The phone her details step starts with: her profile's, else the one she gave at her last
 * checkout (issue #47), else none.
 */
export function rememberedPhone(db: Queryable, user: Pick<User, "id" | "phone">): string {
  if (user.phone) return user.phone;
  const last = db
    .select({ phone: orders.deliveryPhone })
    .from(orders)
    .where(and(eq(orders.userId, user.id), isNotNull(orders.deliveryPhone)))
    .orderBy(desc(orders.createdAt))
    .limit(inlined(1))
    .get();
  return last?.phone ?? "";
}

export function checkShippingChoice(db: Queryable, user: User, input: ShippingInput): void {
  if (!user.communityId) throw new ServiceError(422, "shop.errors.noCommunity", "communityId");
  if (input.communityId !== user.communityId) throw new ServiceError(409, "purchase.errors.otherCommunity", "communityId");
  if (input.deliveryType === "PICKUP") pickupPointOf(db, user.communityId, input.pickupPointId ?? "");
  else deliveryOf(db, user.communityId);
}


export interface CheckoutReview {
  cart: Cart;
  community: CheckoutOptions["community"];
  savings: number;
  fee: number;
  total: number;
  /** the pickup point, for pickup */
  point: PickupPoint | null;
  pickupDate: Date | null;
  orderDeadline: Date | null;
}

/**
 * The review before placing: items, savings, fee, total, where and when, priced exactly as
 * placeCartOrders will price them. Refuses what placing would refuse about the pickup point.
 */
export function reviewCheckout(db: Queryable, user: User, delivery: DeliveryChoice): CheckoutReview {
  const options = checkoutOptions(db, user);
  if (options.cart.lines.length === 0) throw new ServiceError(422, "shop.errors.cartEmpty");
  if (!user.communityId) throw new ServiceError(422, "shop.errors.noCommunity", "communityId");
  const point = delivery.deliveryType === "PICKUP" ? pickupPointOf(db, user.communityId, delivery.pickupPointId ?? "") : null;
  const fee = delivery.deliveryType === "DELIVERY" ? deliveryFee(deliveryOf(db, user.communityId), "DELIVERY", options.cart.subtotal) : 0;
  return {
    cart: options.cart,
    community: options.community,
    savings: options.cart.originalTotal - options.cart.subtotal,
    fee,
    total: options.cart.subtotal + fee,
    point,
    pickupDate: options.pickupDate,
    orderDeadline: options.orderDeadline,
  };
}
