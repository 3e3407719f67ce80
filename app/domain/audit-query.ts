// The audit log's URL state (?type=&before=), for the page and GET /api/admin/audit. Pure.

export interface AuditQuery {
  type?: string;
  before?: Date;
}

/** A known type or none; `before` an ISO time or none. Anything else is ignored, not an error. */
export function parseAuditQuery(params: URLSearchParams, types: readonly string[]): AuditQuery {
  const type = params.get("type") ?? "";
  const before = params.get("before") ? new Date(params.get("before")!) : null;
  return {
    type: types.includes(type) ? type : undefined,
    before: before && !Number.isNaN(before.getTime()) ? before : undefined,
  };
}
