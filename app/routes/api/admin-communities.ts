import { withApiAdmin } from "~/auth/admin-guard.server";
import { methodNotAllowed, parseJsonBody } from "~/auth/api.server";
import { adminCommunity, adminCommunityJson, adminCommunityRowJson, createCommunity, listAdminCommunities } from "~/services/admin-communities.server";
import { CreateCommunitySchema } from "~/domain/admin-community-schemas";
import type { Route } from "./+types/admin-communities";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/admin/communities: every community, active and inactive. ADMIN only. */
export function loader({ request, context }: Route.LoaderArgs) {
  return withApiAdmin(context, request, ({ db }) => Response.json(listAdminCommunities(db).map(adminCommunityRowJson), { headers: NO_STORE }));
}

/** POST /api/admin/communities: a new community, its first week opened at once; no weekly minimum unless `weeklyTargetRevenue` gives one. */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiAdmin(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, CreateCommunitySchema);
    if ("response" in body) return body.response;
    const community = createCommunity(db, user.id, body.data);
    return Response.json(adminCommunityJson(adminCommunity(db, community.id)!), { status: 201 });
  });
}
