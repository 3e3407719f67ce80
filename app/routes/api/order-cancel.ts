import { methodNotAllowed, withApiUser } from "~/auth/api.server";
import { cancelOrder, orderJson } from "~/services/orders.server";
import type { Route } from "./+types/order-cancel";

/** POST /api/orders/{id}/cancel: from PENDING or PAID, by the order's owner. */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiUser(context, request, ({ db, user }) => Response.json(orderJson({ order: cancelOrder(db, user.id, params.id) })));
}
