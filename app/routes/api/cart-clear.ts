import { methodNotAllowed, withApiUser } from "~/auth/api.server";
import { clearCart } from "~/services/cart.server";
import type { Route } from "./+types/cart-clear";

/** DELETE /api/cart/clear */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed();
  return withApiUser(context, request, ({ db, user }) => Response.json({ removed: clearCart(db, user.id) }));
}
