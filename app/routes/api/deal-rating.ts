import { dbContext } from "~/context";
import { ratingSummary } from "~/services/reviews.server";
import type { Route } from "./+types/deal-rating";

/** GET /api/deals/{id}/rating: averageRating, totalReviews. */
export function loader({ params, context }: Route.LoaderArgs) {
  return Response.json(ratingSummary(context.get(dbContext), params.id));
}
