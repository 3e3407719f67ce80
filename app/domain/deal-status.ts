// Deal status rules (issue #7): one state machine for vendors and admins. Pure.
//
//   DRAFT --submit (vendor)--> DRAFT in review --activate (admin)--> ACTIVE
//                               \--send back with a note (admin)--> DRAFT
//   ACTIVE --end (vendor or admin)--> ENDED --archive (admin)--> ARCHIVED
//
// "In review" is a DRAFT with a submission time, not a status of its own: the spec names four
// statuses and we keep to them.
import type { DealStatus } from "~/domain/enums";

export const DEAL_ACTIONS = ["submit", "activate", "sendBack", "end", "archive"] as const;
export type DealAction = (typeof DEAL_ACTIONS)[number];
export type DealActor = "VENDOR" | "ADMIN";

export interface DealState {
  status: DealStatus;
  /** set while a draft waits for an admin */
  submittedAt: Date | null;
}

interface Rule {
  from: DealStatus;
  /** whether the draft must (true) or must not (false) be waiting for review; absent: either */
  inReview?: boolean;
  to: DealStatus;
  by: readonly DealActor[];
}

const RULES: Record<DealAction, Rule> = {
  submit: { from: "DRAFT", inReview: false, to: "DRAFT", by: ["VENDOR"] },
  activate: { from: "DRAFT", inReview: true, to: "ACTIVE", by: ["ADMIN"] },
  sendBack: { from: "DRAFT", inReview: true, to: "DRAFT", by: ["ADMIN"] },
  end: { from: "ACTIVE", to: "ENDED", by: ["VENDOR", "ADMIN"] },
  archive: { from: "ENDED", to: "ARCHIVED", by: ["ADMIN"] },
};

/** Whether `actor` may take `action` on a deal in `state`. */
export function canTakeDealAction(state: DealState, action: DealAction, actor: DealActor): boolean {
  const rule = RULES[action];
  if (!rule.by.includes(actor) || rule.from !== state.status) return false;
  if (rule.inReview !== undefined && rule.inReview !== (state.submittedAt !== null)) return false;
  return true;
}

/** The state after `action`, or null when the action is not allowed from `state`. */
export function applyDealAction(state: DealState, action: DealAction, actor: DealActor, now: Date): DealState | null {
  if (!canTakeDealAction(state, action, actor)) return null;
  const to = RULES[action].to;
  return { status: to, submittedAt: action === "submit" ? now : to === "DRAFT" ? null : state.submittedAt };
}

/** The actions `actor` can take now (the buttons a dashboard shows). */
export function availableDealActions(state: DealState, actor: DealActor): DealAction[] {
  return DEAL_ACTIONS.filter((action) => canTakeDealAction(state, action, actor));
}

/**
 * Vendors edit a draft that is not waiting for review, and a live deal (issue #49: prices and
 * stock change every week) within `liveFixedFieldChanged`'s rule; admins may edit any deal not
 * archived.
 */
export function canEditDeal(state: DealState, actor: DealActor): boolean {
  if (actor === "ADMIN") return state.status !== "ARCHIVED";
  return (state.status === "DRAFT" && state.submittedAt === null) || state.status === "ACTIVE";
}

/** What shoppers chose a live deal by, and the review approved: its name, category and unit. */
export const LIVE_FIXED_FIELDS = ["title", "category", "unit"] as const;

/**
 * The first of a live deal's fixed fields a vendor's edit would change, or null. Price, quantity
 * ladder, maximum, description and pictures change at once for new orders (orders placed keep
 * their price); a new name, category or unit is a new deal, through review.
 */
export function liveFixedFieldChanged(
  before: DealState & Record<(typeof LIVE_FIXED_FIELDS)[number], string>,
  after: Record<(typeof LIVE_FIXED_FIELDS)[number], string>,
  actor: DealActor,
): (typeof LIVE_FIXED_FIELDS)[number] | null {
  if (actor === "ADMIN" || before.status !== "ACTIVE") return null;
  return LIVE_FIXED_FIELDS.find((field) => before[field].trim() !== after[field].trim()) ?? null;
}
