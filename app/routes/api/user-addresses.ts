import { methodNotAllowed, parseJsonBody, withApiUser } from "~/auth/api.server";
import { AddressSchema } from "~/domain/addresses";
import { addAddress, addressJson, listAddresses } from "~/services/addresses.server";
import type { Route } from "./+types/user-addresses";

/** GET /api/user/addresses: the member's saved addresses, in the order they were added. */
export function loader({ request, context }: Route.LoaderArgs) {
  return withApiUser(context, request, ({ db, user }) => Response.json(listAddresses(db, user.id).map(addressJson)));
}

/** POST /api/user/addresses { city, street, houseNumber?, notes? }: 201 with the address. */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiUser(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, AddressSchema);
    if ("response" in body) return body.response;
    return Response.json(addressJson(addAddress(db, user.id, body.data)), { status: 201 });
  });
}
