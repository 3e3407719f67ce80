// A deal's recent changes as the admin sees them, and the undo of one (issue #49). A change is a
// `deal.updated` audit row; its undo is a `deal.change_undone` row naming it. What an undo puts
// back, and when it is refused, is domain/deal-undo.ts.
import { and, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { deals, eventLogs } from "~/db/schema";
import { recordAuditEvent, listAuditEvents } from "./audit.server";
import { dealOf, editorView, snapshot, tiersOf, writeTiers, type DealEditor, type DealTierRow, type EditorDeal } from "./deal-editor.server";
import { canEditDeal } from "~/domain/deal-status";
import { changedFields, undoPlan, type DealState, type UndoableField } from "~/domain/deal-undo";
import { ServiceError } from "~/domain/errors";

/** How many of a deal's newest changes its admin page lists. */
export const DEAL_CHANGES_SHOWN = 10;

export interface DealChange {
  id: string;
  at: Date;
  who: string | null;
  fields: { field: UndoableField; before: unknown; after: unknown }[];
  /** undone already, or its fields changed again since: no undo button */
  undone: boolean;
  blockedBy: UndoableField | null;
}

const asState = (value: unknown): DealState => (value && typeof value === "object" ? (value as DealState) : {});

function currentState(db: Queryable, dealId: string): DealState {
  const deal = db.select().from(deals).where(eq(deals.id, dealId)).get();
  return deal ? (snapshot(deal, tiersOf(db, dealId)) as DealState) : {};
}

function undoneIds(db: Queryable, dealId: string): Set<string> {
  const rows = db
    .select({ undone: sql<string | null>`json_extract(${eventLogs.payload}, '$.note')` })
    .from(eventLogs)
    .where(and(eq(eventLogs.type, "deal.change_undone"), sql`json_extract(${eventLogs.payload}, '$.entityId') = ${dealId}`))
    .all();
  return new Set(rows.map((row) => row.undone).filter((id): id is string => id !== null));
}

/** One `deal.updated` row of this deal by its id, with what it changed, or undefined. */
function changeOf(db: Queryable, dealId: string, changeId: string): { before: unknown; after: unknown } | undefined {
  const row = db
    .select({ payload: eventLogs.payload })
    .from(eventLogs)
    .where(and(eq(eventLogs.id, changeId), eq(eventLogs.type, "deal.updated"), sql`json_extract(${eventLogs.payload}, '$.entityId') = ${dealId}`))
    .get();
  return row ? { before: row.payload?.before, after: row.payload?.after } : undefined;
}

/** The deal's newest changes of content (not of pictures alone), each with whether it can be undone now. */
export function dealChanges(db: Queryable, dealId: string): DealChange[] {
  const current = currentState(db, dealId);
  const undone = undoneIds(db, dealId);
  return listAuditEvents(db, { type: "deal.updated", entityId: dealId, limit: DEAL_CHANGES_SHOWN * 2 })
    .map((row) => {
      const before = asState(row.before);
      const after = asState(row.after);
      const plan = undoPlan(before, after, current);
      return {
        id: row.id,
        at: row.createdAt,
        who: row.actorName ?? row.actorEmail,
        fields: changedFields(before, after).map((field) => ({ field, before: before[field] ?? null, after: after[field] ?? null })),
        undone: undone.has(row.id),
        blockedBy: !plan.ok && plan.reason === "changedSince" ? plan.field : null,
      };
    })
    .filter((change) => change.fields.length > 0)
    .slice(0, DEAL_CHANGES_SHOWN);
}

/**
 * An admin undoes one change of a deal: the fields it changed go back, in one transaction with
 * its audit row. Refused (409, nothing written) when it was undone already, when a later change
 * wrote one of its fields again, or when the deal can no longer be edited.
 */
export function undoDealChange(db: Db, editor: Extract<DealEditor, { role: "ADMIN" }>, dealId: string, changeId: string, now = new Date()): EditorDeal {
  return db.transaction(
    (tx) => {
      const deal = dealOf(tx, editor, dealId);
      if (!canEditDeal(deal, editor.role)) throw new ServiceError(409, "dealEditor.errors.notEditable");
      const change = changeOf(tx, dealId, changeId);
      if (!change) throw new ServiceError(404, "dealEditor.undo.notFound");
      if (undoneIds(tx, dealId).has(changeId)) throw new ServiceError(409, "dealEditor.undo.already");
      const tiersBefore = tiersOf(tx, dealId);
      const plan = undoPlan(asState(change.before), asState(change.after), snapshot(deal, tiersBefore) as DealState);
      if (!plan.ok) throw new ServiceError(409, plan.reason === "nothing" ? "dealEditor.undo.nothing" : "dealEditor.undo.changedSince");
      const { tiers, ...columns } = plan.set;
      const after = tx
        .update(deals)
        .set({ ...(columns as Partial<typeof deals.$inferInsert>), updatedAt: now })
        .where(eq(deals.id, dealId))
        .returning()
        .get()!;
      const tiersAfter = tiers === undefined ? tiersBefore : (tiers as DealTierRow[]);
      if (tiers !== undefined) writeTiers(tx, dealId, tiersAfter);
      recordAuditEvent(
        tx,
        { type: "deal.change_undone", actorUserId: editor.userId, entityId: dealId, before: snapshot(deal, tiersBefore), after: snapshot(after, tiersAfter), note: changeId },
        now,
      );
      return editorView(tx, editor, after);
    },
    { behavior: "immediate" },
  );
}
