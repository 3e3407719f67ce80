import { withApiAdmin } from "~/auth/admin-guard.server";
import { methodNotAllowed } from "~/auth/api.server";
import { adminCommunity, adminCommunityJson, setCommunityActive } from "~/services/admin-communities.server";
import type { Route } from "./+types/admin-community-active";

/** POST /api/admin/communities/{id}/deactivate | activate (routes.ts maps both here). */
export function action({ request, url, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const activate = url.pathname.endsWith("/activate");
  return withApiAdmin(context, request, ({ db, user }) => {
    setCommunityActive(db, user.id, params.id, activate);
    return Response.json(adminCommunityJson(adminCommunity(db, params.id)!));
  });
}

export function loader() {
  return methodNotAllowed();
}
