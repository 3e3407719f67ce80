import { and, avg, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { orders, reviews, users } from "~/db/schema";
import { ServiceError } from "~/domain/errors";

// A deal page reads these on every view: prepared once (db/prepared.server.ts).
const reviewsOfDeal = preparedQuery((db) =>
  db
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
    .where(eq(reviews.dealId, sql.placeholder("dealId")))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(sql.placeholder("limit"))
    .prepare(),
);
const ratingOfDeal = preparedQuery((db) => db.select({ average: avg(reviews.rating), total: count() }).from(reviews).where(eq(reviews.dealId, sql.placeholder("dealId"))).prepare());
const reviewableOrderQuery = preparedQuery((db) =>
  db
    .select({ id: orders.id })
    .from(orders)
    .leftJoin(reviews, eq(reviews.orderId, orders.id))
    .where(and(eq(orders.userId, sql.placeholder("userId")), eq(orders.dealId, sql.placeholder("dealId")), eq(orders.status, "FULFILLED"), isNull(reviews.id)))
    .prepare(),
);

export type DealReview = ReturnType<ReturnType<typeof reviewsOfDeal>["all"]>[number];

/** A deal's reviews, newest first, with the reviewer's names for the display-name fallback; `limit` for a page (domain/review-list.ts), none for the API. */
export function listReviews(db: Queryable, dealId: string, limit?: number): readonly DealReview[] {
  // SQLite reads a negative limit as none.
  return reviewsOfDeal(db).all({ dealId, limit: limit ?? -1 });
}

export function ratingSummary(db: Queryable, dealId: string) {
  const row = ratingOfDeal(db).get({ dealId });
  const total = row?.total ?? 0;
  return { averageRating: total ? Math.round(Number(row?.average) * 10) / 10 : 0, totalReviews: total };
}

/** A FULFILLED order of the deal that has no review yet, if the user has one. */
function reviewableOrder(db: Queryable, userId: string, dealId: string) {
  return reviewableOrderQuery(db).get({ userId, dealId });
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
