import { withApiAdmin } from "~/auth/admin-guard.server";
import { methodNotAllowed } from "~/auth/api.server";
import { applicationJson, listVendorApplications } from "~/services/vendor-applications.server";
import type { Route } from "./+types/admin-vendor-applications";

/** GET /api/admin/vendor-applications: pending first, then the reviewed ones. ADMIN only. */
export function loader({ request, context }: Route.LoaderArgs) {
  return withApiAdmin(context, request, ({ db }) =>
    Response.json(listVendorApplications(db).map(applicationJson), { headers: { "Cache-Control": "no-store" } }),
  );
}

export function action() {
  return methodNotAllowed();
}
