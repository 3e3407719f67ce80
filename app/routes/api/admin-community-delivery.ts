import { withApiAdmin } from "~/auth/admin-guard.server";
import { methodNotAllowed, parseJsonBody } from "~/auth/api.server";
import { adminCommunity, adminCommunityJson, updateDeliverySettings } from "~/services/admin-communities.server";
import { DeliverySettingsSchema } from "~/domain/admin-community-schemas";
import type { Route } from "./+types/admin-community-delivery";

/**
 * PUT /api/admin/communities/{id}/delivery { deliveryEnabled: true, deliveryFee: "15.00",
 * freeDeliveryFrom: "150.00" | null (never free), deliveryDaysMin: 2, deliveryDaysMax: 5 }: the
 * community's home delivery (issue #45), the whole set, for new checkouts at once.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed();
  return withApiAdmin(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, DeliverySettingsSchema);
    if ("response" in body) return body.response;
    updateDeliverySettings(db, user.id, params.id, body.data);
    return Response.json(adminCommunityJson(adminCommunity(db, params.id)!));
  });
}

export function loader() {
  return methodNotAllowed();
}
