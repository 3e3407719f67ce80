import { withApiAdmin } from "~/auth/admin-guard.server";
import { methodNotAllowed } from "~/auth/api.server";
import { adminOrderJson, adminStats, adminStatsJson, adminUserJson, listAdminOrders, listAdminUsers } from "~/services/admin.server";
import { parseAdminQuery } from "~/domain/admin-schemas";
import { apiError } from "~/web/http.server";
import type { Route } from "./+types/admin";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET /api/admin/stats | users | orders: one module for the dashboard's three reads (routes.ts
 * names the view in the path). ADMIN only; lists are newest first, at most 200, `?q=` searches.
 */
export function loader({ request, url, params, context }: Route.LoaderArgs) {
  return withApiAdmin(context, request, ({ db, i18n }) => {
    const { q } = parseAdminQuery(url.searchParams);
    switch (params.view) {
      case "stats":
        return Response.json(adminStatsJson(adminStats(db)), { headers: NO_STORE });
      case "users":
        return Response.json(listAdminUsers(db, q).map(adminUserJson), { headers: NO_STORE });
      case "orders":
        return Response.json(listAdminOrders(db, q).map(adminOrderJson), { headers: NO_STORE });
      default:
        return apiError(404, i18n.t("errors.notFound"));
    }
  });
}

export function action() {
  return methodNotAllowed();
}
