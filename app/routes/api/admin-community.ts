import { withApiAdmin } from "~/auth/admin-guard.server";
import { methodNotAllowed, parseJsonBody } from "~/auth/api.server";
import { adminCommunity, adminCommunityJson, updateCommunityDetails } from "~/services/admin-communities.server";
import { CommunityDetailsSchema } from "~/domain/admin-community-schemas";
import { apiError } from "~/web/http.server";
import type { Route } from "./+types/admin-community";

/** GET /api/admin/communities/{id}: details, pickup points, tiers, settings and the open week. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return withApiAdmin(context, request, ({ db, i18n }) => {
    const detail = adminCommunity(db, params.id);
    if (!detail) return apiError(404, i18n.t("admin.communities.errors.notFound"));
    return Response.json(adminCommunityJson(detail), { headers: { "Cache-Control": "no-store" } });
  });
}

/** PUT /api/admin/communities/{id}: name, description, pickup day and time, address, phone. */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed();
  return withApiAdmin(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, CommunityDetailsSchema);
    if ("response" in body) return body.response;
    updateCommunityDetails(db, user.id, params.id, body.data);
    return Response.json(adminCommunityJson(adminCommunity(db, params.id)!));
  });
}
