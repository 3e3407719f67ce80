import { withApiAdmin } from "~/auth/admin-guard.server";
import { methodNotAllowed, parseJsonBody } from "~/auth/api.server";
import { addPickupPoint, pickupPointJson } from "~/services/admin-communities.server";
import { PickupPointSchema } from "~/domain/admin-community-schemas";
import type { Route } from "./+types/admin-community-pickup-points";

/** POST /api/admin/communities/{id}/pickup-points: a new pickup point (201). */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiAdmin(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, PickupPointSchema);
    if ("response" in body) return body.response;
    return Response.json(pickupPointJson(addPickupPoint(db, user.id, params.id, body.data)), { status: 201 });
  });
}

export function loader() {
  return methodNotAllowed();
}
