// Undoing one change of a deal (issue #49: "the admin can see and undo it"). A change is an audit
// row with the deal before and after; undoing puts back the fields it changed, but only while
// each still holds what the change wrote: a later change of the same field must be undone first
// (or kept), so an undo never throws away somebody else's later work. Pictures are not undone
// (a removed picture's file is gone). Stock moves with orders, so its undo moves it by the
// change's difference instead of writing the old number back. Pure.

/** The fields an undo puts back, besides the stock. */
export const UNDOABLE_FIELDS = ["title", "description", "category", "unit", "basePrice", "minQty", "maxQty", "tiers"] as const;
export type UndoableField = (typeof UNDOABLE_FIELDS)[number] | "stock";

export type DealState = Partial<Record<UndoableField, unknown>>;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields a change changed, stock included; pictures and dates are not among them. */
export function changedFields(before: DealState, after: DealState): UndoableField[] {
  return [...UNDOABLE_FIELDS, "stock" as const].filter((field) => !same(before[field], after[field]));
}

export type UndoPlan = { ok: true; set: DealState } | { ok: false; reason: "nothing" } | { ok: false; reason: "changedSince"; field: UndoableField };

/** What to write to undo the change from `before` to `after`, the deal being `current` now. */
export function undoPlan(before: DealState, after: DealState, current: DealState): UndoPlan {
  const fields = changedFields(before, after);
  if (fields.length === 0) return { ok: false, reason: "nothing" };
  const set: DealState = {};
  for (const field of fields) {
    if (field === "stock") {
      set.stock = undoneStock(before.stock as number | null, after.stock as number | null, current.stock as number | null);
      continue;
    }
    if (!same(current[field], after[field])) return { ok: false, reason: "changedSince", field };
    set[field] = before[field];
  }
  return { ok: true, set };
}

/** The stock after undoing a change from `before` to `after`: the difference comes off what is there now. */
export function undoneStock(before: number | null, after: number | null, current: number | null): number | null {
  if (before === null) return null;
  if (after === null || current === null) return before;
  return Math.max(0, current + (before - after));
}
