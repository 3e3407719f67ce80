import { withApiUser } from "~/auth/api.server";
import { canReview } from "~/services/reviews.server";
import type { Route } from "./+types/deal-can-review";

/** GET /api/deals/{id}/can-review: a FULFILLED order of the deal without a review yet. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return withApiUser(context, request, ({ db, user }) => Response.json({ canReview: canReview(db, user.id, params.id) }));
}
