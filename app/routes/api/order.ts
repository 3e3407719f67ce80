import { methodNotAllowed, parseJsonBody, withApiUser } from "~/auth/api.server";
import { CartQtySchema } from "~/domain/shop-schemas";
import { apiError } from "~/web/http.server";
import { changeOrderQty, findOrderForUser, orderJson } from "~/services/orders.server";
import type { Route } from "./+types/order";

/** GET /api/orders/{id}: the caller's own order; anyone else's is 404. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return withApiUser(context, request, ({ db, i18n, user }) => {
    const found = findOrderForUser(db, user.id, params.id);
    if (!found) return apiError(404, i18n.t("shop.errors.orderNotFound"));
    return Response.json(orderJson(found), { headers: { "Cache-Control": "no-store" } });
  });
}

/**
 * PATCH /api/orders/{id} { qty }: the owner changes the quantity until 24 hours before the
 * deadline (the order page's form calls the same changeOrderQty); 409 after.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed();
  return withApiUser(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, CartQtySchema);
    if ("response" in body) return body.response;
    return Response.json(orderJson({ order: changeOrderQty(db, user.id, params.id, body.data.qty) }));
  });
}
