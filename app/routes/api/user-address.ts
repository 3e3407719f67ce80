import { methodNotAllowed, parseJsonBody, withApiUser } from "~/auth/api.server";
import { AddressSchema } from "~/domain/addresses";
import { addressJson, deleteAddress, makeDefaultAddress, updateAddress } from "~/services/addresses.server";
import type { Route } from "./+types/user-address";

/**
 * PUT /api/user/addresses/{id} (the whole address), DELETE /api/user/addresses/{id} (204), and
 * POST /api/user/addresses/{id}/default. Another member's id is 404.
 */
export function action({ request, url, params, context }: Route.ActionArgs) {
  const makeDefault = url.pathname.endsWith("/default");
  if (makeDefault ? request.method !== "POST" : request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  return withApiUser(context, request, async ({ db, i18n, user }) => {
    if (makeDefault) return Response.json(addressJson(makeDefaultAddress(db, user.id, params.id)));
    if (request.method === "DELETE") {
      deleteAddress(db, user.id, params.id);
      return new Response(null, { status: 204 });
    }
    const body = await parseJsonBody(request, i18n, AddressSchema);
    if ("response" in body) return body.response;
    return Response.json(addressJson(updateAddress(db, user.id, params.id, body.data)));
  });
}
