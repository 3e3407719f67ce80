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
