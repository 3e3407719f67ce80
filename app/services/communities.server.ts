import { asc, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { communities, pickupPoints, type Community, type PickupPoint } from "~/db/schema";
import { deliverySettingsOf, offersDelivery, type DeliverySettings } from "~/domain/delivery";
import { ServiceError } from "~/domain/errors";
import { toDecimalString } from "~/domain/money";

export type CommunityWithPickupPoints = Community & { pickupPoints: PickupPoint[] };

// Every deal page (the community picker) and /api/communities read these: prepared once.
const activeCommunities = preparedQuery((db) => db.select().from(communities).where(eq(communities.isActive, true)).orderBy(asc(communities.name)).prepare());
const pickupPointsOf = preparedQuery((db) =>
  db
    .select()
    .from(pickupPoints)
    .where(sql`${pickupPoints.communityId} in (select value from json_each(${sql.placeholder("ids")}))`)
    .orderBy(asc(pickupPoints.createdAt))
    .prepare(),
);

/** Active communities with their active pickup points: two queries, whatever the count. */
export function listCommunities(db: Db): CommunityWithPickupPoints[] {
  const rows = activeCommunities(db).all();
  if (rows.length === 0) return [];
  const points = pickupPointsOf(db)
    .all({ ids: JSON.stringify(rows.map((c) => c.id)) })
    .filter((p) => p.isActive);
  return rows.map((c) => ({ ...c, pickupPoints: points.filter((p) => p.communityId === c.id) }));
}

/** One community's active pickup points, oldest first (a deal page, the cart and checkout show its member's). */
export function activePickupPoints(db: Queryable, communityId: string): readonly PickupPoint[] {
  return pickupPointsOf(db)
    .all({ ids: JSON.stringify([communityId]) })
    .filter((p) => p.isActive);
}

// Every cart, checkout step and order change reads one community's delivery: prepared once.
const deliveryColumns = preparedQuery((db) =>
  db
    .select({
      deliveryEnabled: communities.deliveryEnabled,
      deliveryFee: communities.deliveryFee,
      freeDeliveryFrom: communities.freeDeliveryFrom,
      deliveryDaysMin: communities.deliveryDaysMin,
      deliveryDaysMax: communities.deliveryDaysMax,
    })
    .from(communities)
    .where(eq(communities.id, sql.placeholder("id")))
    .prepare(),
);

/** A community's home delivery as its organiser set it (issue #45); null for no community. */
export function communityDelivery(db: Queryable, communityId: string | null | undefined): DeliverySettings | null {
  if (!communityId) return null;
  const row = deliveryColumns(db).get({ id: communityId });
  return row ? deliverySettingsOf(row) : null;
}

/**
 * A community's delivery settings when it delivers; a pickup-only community refuses (422, "pickup
 * only"), whichever door asked for delivery: a page form, an old tab or the API.
 */
export function deliveryOf(db: Queryable, communityId: string): DeliverySettings {
  const delivery = communityDelivery(db, communityId);
  if (!offersDelivery(delivery)) throw new ServiceError(422, "shop.communityDelivery.pickupOnlyError", "deliveryType");
  return delivery;
}

/** The API's view of a community's delivery (money as decimal strings, like every amount). */
export function deliveryJson(c: Pick<Community, "deliveryEnabled" | "deliveryFee" | "freeDeliveryFrom" | "deliveryDaysMin" | "deliveryDaysMax">) {
  return {
    enabled: c.deliveryEnabled,
    fee: toDecimalString(c.deliveryFee),
    freeFrom: c.freeDeliveryFrom === null ? null : toDecimalString(c.freeDeliveryFrom),
    daysMin: c.deliveryDaysMin,
    daysMax: c.deliveryDaysMax,
  };
}

/** The API's view of a community (dates as ISO strings); where and when is its pickup points. */
export function communityJson(c: CommunityWithPickupPoints) {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    contactPhone: c.contactPhone,
    isActive: c.isActive,
    delivery: deliveryJson(c),
    createdAt: c.createdAt.toISOString(),
    pickupPoints: c.pickupPoints.map((p) => ({
      id: p.id,
      communityId: p.communityId,
      address: p.address,
      instructions: p.instructions,
      contactPhone: p.contactPhone,
      pickupDays: p.pickupDays,
      pickupStartTime: p.pickupStartTime,
      pickupEndTime: p.pickupEndTime,
      isActive: p.isActive,
      createdAt: p.createdAt.toISOString(),
    })),
  };
}
