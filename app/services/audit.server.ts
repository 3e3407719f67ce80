// The audit log (issue #7): every change an admin or vendor makes writes one event_logs row
// with who, what, when, and the record before and after; so does every change the weekly close
// makes on its own (its actor is the system: no user). Call it inside the same transaction
// as the change, so a change and its log row land or fail together.
import { and, desc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { Queryable, Tx } from "~/db/client.server";
import { inlined } from "~/db/prepared.server";
import { eventLogs, users } from "~/db/schema";

/** The kinds of change the audit log records; the admin filter lists these. */
export const AUDIT_EVENT_TYPES = [
  "vendor_application.submitted",
  "vendor_application.approved",
  "vendor_application.rejected",
  "deal.created",
  "deal.updated",
  "deal.submitted",
  "deal.activated",
  "deal.sent_back",
  "deal.ended",
  "deal.archived",
  "deal.change_undone",
  "vendor_payout.paid",
  "vendor_payout.unpaid",
  "community.created",
  "community.updated",
  "community.deactivated",
  "community.activated",
  "pickup_point.created",
  "pickup_point.updated",
  "pickup_point.deleted",
  "tiers.updated",
  "cycle_settings.updated",
  "delivery_settings.updated",
  "site_settings.updated",
  "order.status_changed",
  "order.repriced",
  "order.qty_changed",
  "order.delivery_fee_changed",
  "cycle.closed",
  "cycle.closed_early",
  "cycle.deadline_moved",
  "user.role_changed",
  "account.deleted",
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];

export interface AuditEvent {
  type: AuditEventType;
  /** who made the change; null for the system (the weekly close), which acts for no one */
  actorUserId: string | null;
  /** the id of the changed record */
  entityId: string;
  before?: unknown;
  after?: unknown;
  note?: string;
}

/** Writes one audit row; `tx` is the transaction that made the change. */
export function recordAuditEvent(tx: Tx, event: AuditEvent, now = new Date()) {
  const { type, actorUserId, ...rest } = event;
  tx.insert(eventLogs)
    .values({ type, actorUserId, payload: { actorUserId, ...jsonSafe(rest) }, createdAt: now })
    .run();
}

// Dates become ISO strings and undefined keys disappear, so the payload reads the same after
// a round trip through JSON.
function jsonSafe(value: Omit<AuditEvent, "type" | "actorUserId">): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

export interface AuditRow {
  id: string;
  type: string;
  createdAt: Date;
  actorUserId: string | null;
  actorName: string | null;
  actorEmail: string | null;
  /**
   * The system made the change. The column alone cannot tell: it is also null once the acting
   * user is deleted (on delete set null); the payload keeps the id it was written with.
   */
  bySystem: boolean;
  entityId: string | null;
  before: unknown;
  after: unknown;
  note: string | null;
}

export const AUDIT_PAGE_SIZE = 50;

/** Newest first, optionally of one type; `before` pages back from a row's time. */
export function listAuditEvents(db: Queryable, options: { type?: string; types?: readonly AuditEventType[]; entityId?: string; before?: Date; limit?: number } = {}): AuditRow[] {
  const conditions: SQL[] = [];
  if (options.type) conditions.push(eq(eventLogs.type, options.type));
  if (options.types) conditions.push(inArray(eventLogs.type, [...options.types]));
  if (options.entityId) conditions.push(sql`json_extract(${eventLogs.payload}, '$.entityId') = ${options.entityId}`);
  if (options.before) conditions.push(lt(eventLogs.createdAt, options.before));
  const rows = db
    .select({
      id: eventLogs.id,
      type: eventLogs.type,
      createdAt: eventLogs.createdAt,
      payload: eventLogs.payload,
      actorUserId: eventLogs.actorUserId,
      actorName: users.name,
      actorEmail: users.email,
    })
    .from(eventLogs)
    .leftJoin(users, eq(users.id, eventLogs.actorUserId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(eventLogs.createdAt))
    .limit(inlined(options.limit ?? AUDIT_PAGE_SIZE))
    .all();
  return rows.map(({ payload, ...row }) => ({
    ...row,
    bySystem: payload?.actorUserId === null,
    entityId: typeof payload?.entityId === "string" ? payload.entityId : null,
    before: payload?.before ?? null,
    after: payload?.after ?? null,
    note: typeof payload?.note === "string" ? payload.note : null,
  }));
}
