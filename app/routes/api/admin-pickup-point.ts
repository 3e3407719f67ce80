import { withApiAdmin } from "~/auth/admin-guard.server";
import { methodNotAllowed, parseJsonBody } from "~/auth/api.server";
import { pickupPointJson, removePickupPoint, updatePickupPoint } from "~/services/admin-communities.server";
import { PickupPointSchema } from "~/domain/admin-community-schemas";
import { isApiConfirmed } from "~/domain/confirm";
import { confirmationRequired } from "~/web/http.server";
import type { Route } from "./+types/admin-pickup-point";

/**
 * PUT /api/admin/pickup-points/{id}: new details. DELETE: removes it, or retires it when orders
 * name it ({ retired: true }); only with ?confirmed=yes (400 without, nothing done).
 */
export function action({ request, url, params, context }: Route.ActionArgs) {
  if (request.method === "PUT") {
    return withApiAdmin(context, request, async ({ db, i18n, user }) => {
      const body = await parseJsonBody(request, i18n, PickupPointSchema);
      if ("response" in body) return body.response;
      return Response.json(pickupPointJson(updatePickupPoint(db, user.id, params.id, body.data)));
    });
  }
  if (request.method === "DELETE") {
    return withApiAdmin(context, request, ({ db, i18n, user }) => {
      if (!isApiConfirmed(url, null)) return confirmationRequired(i18n);
      return Response.json(removePickupPoint(db, user.id, params.id));
    });
  }
  return methodNotAllowed();
}

export function loader() {
  return methodNotAllowed();
}
