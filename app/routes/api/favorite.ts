import { methodNotAllowed, withApiUser } from "~/auth/api.server";
import { isFavorite, removeFavorite } from "~/services/favorites.server";
import type { Route } from "./+types/favorite";

/** GET /api/favorites/check/{dealId}: isFavorite. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return withApiUser(context, request, ({ db, user }) => Response.json({ isFavorite: isFavorite(db, user.id, params.dealId) }));
}

/** DELETE /api/favorites/{dealId} */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed();
  return withApiUser(context, request, ({ db, user }) => {
    removeFavorite(db, user.id, params.dealId);
    return new Response(null, { status: 204 });
  });
}
