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

/**
 * The rough time left, for "closes in 2 days 4 h": days and hours while a day or more is left,
 * hours and minutes under a day, minutes under an hour (at least 1 while any time is left).
 */
export function roughRemaining(ms: number): { days: number; hours: number; minutes: number } {
  const totalMinutes = Math.max(0, Math.ceil(ms / 60_000));
  const days = Math.floor(totalMinutes / 1440);
  const hours = Math.floor((totalMinutes % 1440) / 60);
  const minutes = totalMinutes % 60;
  return days > 0 ? { days, hours, minutes: 0 } : { days: 0, hours, minutes };
}

/**
 * Which "and" joins the two parts of a rough time: Hebrew writes ו straight onto a word
 * ("ושעה אחת", "ושעתיים") and with a hyphen before a number ("ו-5 שע׳"), so the locale has one
 * template for each (issue #47).
 */
export function andKey(second: string): "browse.time.and" | "browse.time.andNumber" {
  return /^\d/.test(second) ? "browse.time.andNumber" : "browse.time.and";
}
