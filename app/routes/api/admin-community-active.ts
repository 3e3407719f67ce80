import { withApiAdmin } from "~/auth/admin-guard.server";
import { methodNotAllowed } from "~/auth/api.server";
import { adminCommunity, adminCommunityJson, setCommunityActive } from "~/services/admin-communities.server";
import { isApiConfirmed } from "~/domain/confirm";
import { confirmationRequired, readJsonObject } from "~/web/http.server";
import type { Route } from "./+types/admin-community-active";

/**
 * POST /api/admin/communities/{id}/deactivate | activate (routes.ts maps both here). Deactivating
 * takes the community's market down: it needs {"confirmed": "yes"} (400 without, nothing done).
 */
export function action({ request, url, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const activate = url.pathname.endsWith("/activate");
  return withApiAdmin(context, request, async ({ db, i18n, user }) => {
    if (!activate && !isApiConfirmed(url, await readJsonObject(request))) return confirmationRequired(i18n);
    setCommunityActive(db, user.id, params.id, activate);
    return Response.json(adminCommunityJson(adminCommunity(db, params.id)!));
  });
}

export function loader() {
  return methodNotAllowed();
}
