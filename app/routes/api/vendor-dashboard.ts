import { methodNotAllowed } from "~/auth/api.server";
import { withApiVendor } from "~/auth/vendor-guard.server";
import { vendorDashboard, vendorDashboardJson } from "~/services/vendor-dashboard.server";
import type { Route } from "./+types/vendor-dashboard";

/** GET /api/vendor/dashboard: the linked vendor's deals, this week's sales and packing, reviews. */
export function loader({ request, context }: Route.LoaderArgs) {
  return withApiVendor(context, request, ({ db, vendor }) =>
    Response.json({ vendor: { id: vendor.id, name: vendor.name }, ...vendorDashboardJson(vendorDashboard(db, vendor.id)) }, { headers: { "Cache-Control": "no-store" } }),
  );
}

export function action() {
  return methodNotAllowed();
}
