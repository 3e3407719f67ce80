// When the outbox tries a refused mail again (issue 46). Pure: no clock, no database.
//
// The waits grow 1, 2, 4, ... minutes up to six hours apart, and a mail is given up after
// MAIL_MAX_ATTEMPTS tries: about three days of a mail server refusing, long enough for an
// organiser to notice the queue on her dashboard and fix it.

export const MAIL_MAX_ATTEMPTS = 20;
const FIRST_WAIT_MS = 60_000;
const LONGEST_WAIT_MS = 6 * 60 * 60_000;
/** How long a sender holds a mail it took; a sender that died lets it go after this. */
export const MAIL_CLAIM_MS = 2 * 60_000;

/** The wait before the next try, after `attempts` failed tries (1 or more). */
export function retryDelayMs(attempts: number): number {
  const n = Math.max(1, Math.floor(attempts));
  return Math.min(FIRST_WAIT_MS * 2 ** (n - 1), LONGEST_WAIT_MS);
}

/** What becomes of a mail whose try number `attempts` failed: tried again at `at`, or given up. */
export function afterFailure(attempts: number, now: number): { status: "WAITING"; at: number } | { status: "FAILED" } {
  if (attempts >= MAIL_MAX_ATTEMPTS) return { status: "FAILED" };
  return { status: "WAITING", at: now + retryDelayMs(attempts) };
}
