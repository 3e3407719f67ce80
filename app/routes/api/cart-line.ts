import { methodNotAllowed, parseJsonBody, withApiUser } from "~/auth/api.server";
import { removeFromCart, setCartQty } from "~/services/cart.server";
import { CartQtySchema } from "~/domain/shop-schemas";
import type { Route } from "./+types/cart-line";

/** PATCH /api/cart/{dealId} { qty } and DELETE /api/cart/{dealId} */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method === "PATCH") {
    return withApiUser(context, request, async ({ db, i18n, user }) => {
      const body = await parseJsonBody(request, i18n, CartQtySchema);
      if ("response" in body) return body.response;
      return Response.json(await setCartQty(db, user.id, params.dealId, body.data.qty));
    });
  }
  if (request.method === "DELETE") {
    return withApiUser(context, request, async ({ db, user }) => {
      await removeFromCart(db, user.id, params.dealId);
      return new Response(null, { status: 204 });
    });
  }
  return methodNotAllowed();
}
