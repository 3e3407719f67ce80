import { methodNotAllowed, parseJsonBody, withApiUser } from "~/auth/api.server";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { findDeal } from "~/services/deals.server";
import { apiError } from "~/web/http.server";
import { createReview, listReviews } from "~/services/reviews.server";
import { ReviewSchema } from "~/domain/shop-schemas";
import type { Route } from "./+types/deal-reviews";

/** GET /api/deals/{id}/reviews */
export function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  if (!findDeal(db, { id: params.id }, { userId: null, communityId: null })) {
    return apiError(404, getTranslate(context)("shop.errors.dealNotFound"));
  }
  return Response.json(
    listReviews(db, params.id).map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  );
}

/** POST /api/deals/{id}/reviews { rating, comment }: only after a FULFILLED order of the deal. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiUser(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, ReviewSchema);
    if ("response" in body) return body.response;
    if (!findDeal(db, { id: params.id }, { userId: null, communityId: null })) {
      return apiError(404, i18n.t("shop.errors.dealNotFound"));
    }
    const review = createReview(db, user.id, params.id, body.data);
    return Response.json({ ...review, createdAt: review.createdAt.toISOString(), updatedAt: review.updatedAt.toISOString() }, { status: 201 });
  });
}
