import { methodNotAllowed, parseJsonBody, viewerOf, withApiUser } from "~/auth/api.server";
import { addToCart, getCart, type Cart } from "~/services/cart.server";
import { dealJson } from "~/services/deals.server";
import { toDecimalString } from "~/domain/money";
import { AddToCartSchema } from "~/domain/shop-schemas";
import type { Route } from "./+types/cart";

function cartJson(cart: Cart) {
  return cart.lines.map((line) => ({
    id: line.id,
    dealId: line.dealId,
    groupId: line.groupId,
    qty: line.qty,
    addedAt: line.addedAt.toISOString(),
    unitPrice: toDecimalString(line.unitPrice),
    lineTotal: toDecimalString(line.lineTotal),
    deal: dealJson(line.deal),
    group: line.deal.groups.find((g) => g.id === line.groupId) ?? { id: line.groupId },
  }));
}

/** GET /api/cart: the lines, each with its deal and group. */
export function loader({ request, context }: Route.LoaderArgs) {
  return withApiUser(context, request, ({ db, user }) =>
    Response.json(cartJson(getCart(db, { ...viewerOf(context), userId: user.id })), { headers: { "Cache-Control": "no-store" } }),
  );
}

/** POST /api/cart { dealId, qty, groupId } */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiUser(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, AddToCartSchema);
    if ("response" in body) return body.response;
    return Response.json(await addToCart(db, user.id, body.data), { status: 201 });
  });
}
