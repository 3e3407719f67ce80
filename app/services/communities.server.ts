import { asc, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { communities, pickupPoints, type Community, type PickupPoint } from "~/db/schema";

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

/** The API's view of a community (dates as ISO strings); where and when is its pickup points. */
export function communityJson(c: CommunityWithPickupPoints) {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    contactPhone: c.contactPhone,
    isActive: c.isActive,
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
