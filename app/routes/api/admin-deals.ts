import { methodNotAllowed } from "~/auth/api.server";
import { withApiAdmin } from "~/auth/admin-guard.server";
import { adminDealLists, dealListRowJson } from "~/services/deal-editor.server";
import { parseAdminDealsQuery } from "~/domain/deal-schema";
import type { Route } from "./+types/admin-deals";

/**
 * GET /api/admin/deals?status=&page=: the review queue (oldest submission first) and one page of
 * all deals (or those in one status), as the /admin/deals tab shows them.
 */
export function loader({ request, url, context }: Route.LoaderArgs) {
  return withApiAdmin(context, request, ({ db }) => {
    const query = parseAdminDealsQuery(url.searchParams);
    const lists = adminDealLists(db, query);
    return Response.json(
      {
        queue: lists.queue.map(dealListRowJson),
        deals: lists.deals.map((row) => ({ ...dealListRowJson(row), actions: row.actions })),
        total: lists.total,
        page: query.page,
        pageCount: lists.pageCount,
      },
      { headers: { "Cache-Control": "no-store" } },
    );
  });
}

export function action() {
  return methodNotAllowed();
}
