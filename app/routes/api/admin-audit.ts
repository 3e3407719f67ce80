import { withApiAdmin } from "~/auth/admin-guard.server";
import { methodNotAllowed } from "~/auth/api.server";
import { parseAuditQuery } from "~/domain/audit-query";
import { AUDIT_EVENT_TYPES, listAuditEvents } from "~/services/audit.server";
import type { Route } from "./+types/admin-audit";

/** GET /api/admin/audit?type=&before=: the audit log, newest first, a page at a time. */
export function loader({ request, url, context }: Route.LoaderArgs) {
  return withApiAdmin(context, request, ({ db }) => {
    const query = parseAuditQuery(url.searchParams, AUDIT_EVENT_TYPES);
    const rows = listAuditEvents(db, query).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
    return Response.json(rows, { headers: { "Cache-Control": "no-store" } });
  });
}

export function action() {
  return methodNotAllowed();
}
