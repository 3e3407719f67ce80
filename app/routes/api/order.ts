import { withApiUser } from "~/auth/api.server";
import { apiError } from "~/web/http.server";
import { findOrderForUser, orderJson } from "~/services/orders.server";
import type { Route } from "./+types/order";

/** GET /api/orders/{id}: the caller's own order; anyone else's is 404. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return withApiUser(context, request, ({ db, i18n, user }) => {
    const found = findOrderForUser(db, user.id, params.id);
    if (!found) return apiError(404, i18n.t("shop.errors.orderNotFound"));
    return Response.json(orderJson(found), { headers: { "Cache-Control": "no-store" } });
  });
}
