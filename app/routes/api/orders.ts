import { methodNotAllowed, parseJsonBody, withApiUser } from "~/auth/api.server";
import { orderJson, placeOrder } from "~/services/orders.server";
import { OrderApiSchema } from "~/domain/shop-schemas";
import type { Route } from "./+types/orders";

/** POST /api/orders: one order per cart line's fields (the client clears the cart after). */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiUser(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, OrderApiSchema);
    if ("response" in body) return body.response;
    const { dealId, groupId, qty, ...delivery } = body.data;
    const order = await placeOrder(db, user, { dealId, groupId, qty }, delivery);
    return Response.json(orderJson({ order }), { status: 201 });
  });
}
