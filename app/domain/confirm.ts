// Destructive actions ask first (issue #17). The confirmation panel's form carries this field;
// the server refuses the action without it (400, and the page shows the question again), so a
// stray POST or a form without the panel changes nothing. Pure.
import type { DealAction } from "./deal-status";

export const CONFIRM_FIELD = "confirmed";
export const CONFIRM_VALUE = "yes";

/** Whether a posted form came from a confirmation panel. */
export function isConfirmed(form: { get(name: string): unknown }): boolean {
  return form.get(CONFIRM_FIELD) === CONFIRM_VALUE;
}

/** Deal actions that cannot be taken back from the page: ending a live deal, archiving one. */
export const CONFIRMED_DEAL_ACTIONS: readonly DealAction[] = ["end", "archive"];

export function dealActionNeedsConfirmation(action: DealAction): boolean {
  return CONFIRMED_DEAL_ACTIONS.includes(action);
}

/**
 * An /api call's confirmation: `"confirmed": "yes"` in its JSON body, or `?confirmed=yes` on
 * its address for a call that sends no body (a DELETE). The same field and value as the forms.
 */
export function isApiConfirmed(url: { searchParams: URLSearchParams }, body: Record<string, unknown> | null): boolean {
  return url.searchParams.get(CONFIRM_FIELD) === CONFIRM_VALUE || body?.[CONFIRM_FIELD] === CONFIRM_VALUE;
}

/** Order statuses an admin moves an order to only after confirming: the order is off. */
export const CONFIRMED_ORDER_STATUSES: readonly string[] = ["CANCELED", "REFUNDED"];
