import { withApiUser } from "~/auth/api.server";
import { cartCount } from "~/services/cart.server";
import type { Route } from "./+types/cart-count";

/** GET /api/cart/count */
export function loader({ request, context }: Route.LoaderArgs) {
  return withApiUser(context, request, ({ db, user }) =>
    Response.json({ count: cartCount(db, user.id) }, { headers: { "Cache-Control": "no-store" } }),
  );
}
