import { methodNotAllowed, parseJsonBody, withApiUser } from "~/auth/api.server";
import { checkoutDelivery } from "~/domain/checkout";
import { placeCartOrders } from "~/services/orders.server";
import { CheckoutSchema } from "~/domain/shop-schemas";
import type { Route } from "./+types/checkout";

/** POST /api/checkout { fullName, phone, address, city, postalCode, notes, paymentMethod } */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiUser(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, CheckoutSchema);
    if ("response" in body) return body.response;
    const placed = await placeCartOrders(db, user, checkoutDelivery(body.data));
    return Response.json({ orderId: placed[0].id, orderIds: placed.map((o) => o.id) }, { status: 201 });
  });
}
