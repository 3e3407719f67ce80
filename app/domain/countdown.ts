// The order-deadline countdown's states (spec section 4). Pure.

/** Under 6 hours left is urgent. */
export const URGENT_MS = 6 * 60 * 60 * 1000;
/** The deadline is fetched again every minute... */
export const REFETCH_EVERY_MS = 60_000;
/** ...and once, 5 seconds after it passes. */
export const REFETCH_AFTER_EXPIRY_MS = 5_000;

export interface DeadlineAnswer {
  orderDeadline: string | null;
  isOrderingOpen: boolean;
}

export type CountdownState =
  | { kind: "loading" }
  | { kind: "error" } // shown as "no active order cycle"
  | { kind: "no-deadline" } // "waiting for a new order cycle"
  | { kind: "closed" } // "orders closed for this week"
  | { kind: "counting"; remainingMs: number; urgent: boolean };

export function countdownState(answer: DeadlineAnswer | null | "error", now: number): CountdownState {
  if (answer === "error") return { kind: "error" };
  if (answer === null) return { kind: "loading" };
  if (!answer.orderDeadline) return { kind: "no-deadline" };
  const remainingMs = new Date(answer.orderDeadline).getTime() - now;
  if (!answer.isOrderingOpen || remainingMs <= 0) return { kind: "closed" };
  return { kind: "counting", remainingMs, urgent: remainingMs < URGENT_MS };
}

/** Days, then an hh:mm:ss clock, for "2 days 03:04:05". */
export function splitRemaining(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    clock: [Math.floor((total % 86_400) / 3600), Math.floor((total % 3600) / 60), total % 60].map((n) => String(n).padStart(2, "0")).join(":"),
  };
}
