import { and, desc, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { deals, favorites } from "~/db/schema";
import { findDealsByIds, type DealView, type Viewer } from "./deals.server";
import { ServiceError } from "~/domain/errors";

function publicDealExists(db: Db, dealId: string) {
  const deal = db.select({ status: deals.status }).from(deals).where(eq(deals.id, dealId)).get();
  return Boolean(deal && deal.status !== "DRAFT");
}

/** Saves a deal; saving it twice changes nothing. */
export function addFavorite(db: Db, userId: string, dealId: string) {
  if (!publicDealExists(db, dealId)) throw new ServiceError(404, "shop.errors.dealNotFound", "dealId");
  db.insert(favorites).values({ userId, dealId }).onConflictDoNothing().run();
}

export function removeFavorite(db: Db, userId: string, dealId: string) {
  const result = db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.dealId, dealId))).run();
  if (result.changes === 0) throw new ServiceError(404, "shop.errors.notFavorite");
}

export function isFavorite(db: Db, userId: string, dealId: string): boolean {
  return Boolean(db.select({ id: favorites.id }).from(favorites).where(and(eq(favorites.userId, userId), eq(favorites.dealId, dealId))).get());
}

/** The user's saved deals, newest saved first, priced for them. */
export function listFavoriteDeals(db: Db, viewer: Viewer & { userId: string }): DealView[] {
  const ids = db
    .select({ dealId: favorites.dealId })
    .from(favorites)
    .where(eq(favorites.userId, viewer.userId))
    .orderBy(desc(favorites.createdAt))
    .all()
    .map((f) => f.dealId);
  const views = findDealsByIds(db, ids, viewer);
  return ids.map((id) => views.get(id)).filter((v): v is DealView => Boolean(v && v.status !== "DRAFT"));
}
