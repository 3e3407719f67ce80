import { withApiAdmin } from "~/auth/admin-guard.server";
import { methodNotAllowed, parseJsonBody } from "~/auth/api.server";
import { adminCommunity, adminCommunityJson, updateCycleSettings } from "~/services/admin-communities.server";
import { CycleSettingsSchema } from "~/domain/admin-community-schemas";
import type { Route } from "./+types/admin-community-cycle-settings";

/**
 * PUT /api/admin/communities/{id}/cycle-settings { deadlineDay, deadlineTime,
 * weeklyTargetRevenue: "1500.00" }: the target applies to the open week, the deadline from the
 * next. The pickup day is the pickup points' (issue #45); a pickupDay key is refused.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed();
  return withApiAdmin(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, CycleSettingsSchema);
    if ("response" in body) return body.response;
    updateCycleSettings(db, user.id, params.id, body.data);
    return Response.json(adminCommunityJson(adminCommunity(db, params.id)!));
  });
}

export function loader() {
  return methodNotAllowed();
}
