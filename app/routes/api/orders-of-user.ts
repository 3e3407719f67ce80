import { withApiUser } from "~/auth/api.server";
import { apiError } from "~/web/http.server";
import { listOrders, orderJson } from "~/services/orders.server";
import type { Route } from "./+types/orders-of-user";

/** GET /api/orders/user/{userId}: the caller's own orders only. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return withApiUser(context, request, ({ db, i18n, user }) => {
    if (params.userId !== user.id) return apiError(404, i18n.t("errors.notFound"));
    return Response.json(listOrders(db, user.id).map(orderJson), { headers: { "Cache-Control": "no-store" } });
  });
}
