import { methodNotAllowed, parseJsonBody, viewerOf, withApiUser } from "~/auth/api.server";
import { dealJson } from "~/services/deals.server";
import { addFavorite, listFavoriteDeals } from "~/services/favorites.server";
import { FavoriteSchema } from "~/domain/shop-schemas";
import type { Route } from "./+types/favorites";

/** GET /api/favorites: the saved deals. */
export function loader({ request, context }: Route.LoaderArgs) {
  return withApiUser(context, request, ({ db, user }) =>
    Response.json(listFavoriteDeals(db, { ...viewerOf(context), userId: user.id }).map(dealJson), { headers: { "Cache-Control": "no-store" } }),
  );
}

/** POST /api/favorites { dealId } */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiUser(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, FavoriteSchema);
    if ("response" in body) return body.response;
    addFavorite(db, user.id, body.data.dealId);
    return Response.json({ dealId: body.data.dealId, isFavorite: true }, { status: 201 });
  });
}
