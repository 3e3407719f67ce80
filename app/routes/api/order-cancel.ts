import { methodNotAllowed, withApiUser } from "~/auth/api.server";
import { cancelOrder, orderJson } from "~/services/orders.server";
import { isApiConfirmed } from "~/domain/confirm";
import { confirmationRequired, readJsonObject } from "~/web/http.server";
import type { Route } from "./+types/order-cancel";

/** POST /api/orders/{id}/cancel {"confirmed": "yes"}: from PENDING or PAID, by the order's owner. */
export function action({ request, url, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiUser(context, request, async ({ db, i18n, user }) => {
    if (!isApiConfirmed(url, await readJsonObject(request))) return confirmationRequired(i18n);
    return Response.json(orderJson({ order: cancelOrder(db, user.id, params.id) }));
  });
}
