import { and, avg, count, desc, eq, isNull } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { orders, reviews, users } from "~/db/schema";
import { ServiceError } from "~/domain/errors";

/** Reviews of a deal, newest first, with the reviewer's names for the display-name fallback. */
/** A deal's reviews, newest first; `limit` for a page (domain/review-list.ts), none for the API. */
export function listReviews(db: Queryable, dealId: string, limit?: number) {
  const query = db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      isVerified: reviews.isVerified,
      createdAt: reviews.createdAt,
      user: { name: users.name, firstName: users.firstName, lastName: users.lastName },
    })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.dealId, dealId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id));
  return (limit === undefined ? query : query.limit(limit)).all();
}

export function ratingSummary(db: Queryable, dealId: string) {
  const row = db.select({ average: avg(reviews.rating), total: count() }).from(reviews).where(eq(reviews.dealId, dealId)).get();
  const total = row?.total ?? 0;
  return { averageRating: total ? Math.round(Number(row?.average) * 10) / 10 : 0, totalReviews: total };
}

/** A FULFILLED order of the deal that has no review yet, if the user has one. */
function reviewableOrder(db: Queryable, userId: string, dealId: string) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(reviews, eq(reviews.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orders.dealId, dealId), eq(orders.status, "FULFILLED"), isNull(reviews.id)))
    .get();
}

export function canReview(db: Queryable, userId: string, dealId: string): boolean {
  return Boolean(reviewableOrder(db, userId, dealId));
}

export function createReview(db: Db, userId: string, dealId: string, input: { rating: number; comment?: string }) {
  return db.transaction(
    (tx) => {
      const order = reviewableOrder(tx, userId, dealId);
      if (!order) throw new ServiceError(403, "shop.errors.cannotReview");
      return tx
        .insert(reviews)
        .values({ userId, dealId, orderId: order.id, rating: input.rating, comment: input.comment || null })
        .returning()
        .get();
    },
    { behavior: "immediate" },
  );
}
