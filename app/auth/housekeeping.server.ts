// Housekeeping: rows that can never be used again are deleted, so the auth tables stay small
// and a copy of the database holds no more sign-in history than it needs. One process runs it
// (the one that runs the cycle clock): at start, then every hour.
import { and, eq, isNotNull, isNull, lt, lte, notInArray, or } from "drizzle-orm";
import { RATE_LIMITS } from "~/auth/rate-limit.server";
import { refreshPlannerStatistics, type Db } from "~/db/client.server";
import { magicTokens, rateLimits, sessions } from "~/db/schema";
import { dropOldMail } from "~/services/mail-outbox.server";
import { checkBackups } from "~/services/backup-status.server";

const HOUR_MS = 60 * 60_000;

/**
 * How long a spent or expired e-mail token is kept: a day, so "why did my link not work?"
 * can still be answered from the database the next morning.
 */
export const EMAIL_TOKEN_GRACE_MS = 24 * HOUR_MS;

export const HOUSEKEEPING_EVERY_MS = HOUR_MS;

export interface HousekeepingReport {
  sessions: number;
  emailTokens: number;
  rateLimits: number;
  /** sent and given-up mails older than the outbox keeps them */
  mails: number;
}

/**
 * Deletes, in one transaction: sessions and API tokens past their expiry; e-mail tokens used
 * or expired more than EMAIL_TOKEN_GRACE_MS ago; rate-limit rows that count nothing any more
 * (their window has passed and they block no one). Answers how many rows of each went.
 */
export function deleteExpiredRows(db: Db, now = new Date()): HousekeepingReport {
  const tokensBefore = new Date(now.getTime() - EMAIL_TOKEN_GRACE_MS);
  return db.transaction(
    (tx) => {
      // Sign-in treats `expire <= now` as gone already (session.server.ts asks for expire > now).
      const sessionsGone = tx.delete(sessions).where(lte(sessions.expire, now)).run().changes;

      const tokensGone = tx
        .delete(magicTokens)
        .where(or(lt(magicTokens.expiresAt, tokensBefore), and(isNotNull(magicTokens.usedAt), lt(magicTokens.usedAt, tokensBefore))))
        .run().changes;

      // A row whose block has lifted starts afresh on the next attempt (rate-limit.server.ts),
      // and so does one whose last attempt is older than its action's window: deleting either
      // changes nothing. An action not in RATE_LIMITS any more gets the longest window.
      const blockLifted = and(isNotNull(rateLimits.blockedUntil), lte(rateLimits.blockedUntil, now));
      const windowPassed = (windowMs: number) => and(isNull(rateLimits.blockedUntil), lt(rateLimits.lastAttemptAt, new Date(now.getTime() - windowMs)));
      const actions = Object.keys(RATE_LIMITS);
      const longestWindow = Math.max(...Object.values(RATE_LIMITS).map((rule) => rule.windowMs));
      let rateLimitsGone = 0;
      for (const [action, rule] of Object.entries(RATE_LIMITS)) {
        rateLimitsGone += tx.delete(rateLimits).where(and(eq(rateLimits.action, action), or(blockLifted, windowPassed(rule.windowMs)))).run().changes;
      }
      rateLimitsGone += tx
        .delete(rateLimits)
        .where(and(notInArray(rateLimits.action, actions), or(blockLifted, windowPassed(longestWindow))))
        .run().changes;

      const mailsGone = dropOldMail(tx, now.getTime());
      return { sessions: sessionsGone, emailTokens: tokensGone, rateLimits: rateLimitsGone, mails: mailsGone };
    },
    { behavior: "immediate" },
  );
}

let timer: ReturnType<typeof setInterval> | undefined;

/** Runs deleteExpiredRows now and then hourly; the timer never keeps the process alive. */
export function startHousekeeping(db: Db, everyMs = HOUSEKEEPING_EVERY_MS) {
  stopHousekeeping();
  const tick = () => {
    try {
      const report = deleteExpiredRows(db);
      // The planner's statistics follow the data as it grows (db/client.server.ts).
      refreshPlannerStatistics(db);
      if (report.sessions || report.emailTokens || report.rateLimits || report.mails) {
        console.info(`housekeeping: deleted ${report.sessions} sessions, ${report.emailTokens} e-mail tokens, ${report.rateLimits} rate-limit rows, ${report.mails} old mails`);
      }
    } catch (error) {
      // A busy or briefly locked database is not worth stopping the server for: next hour again.
      console.error("housekeeping failed", error);
    }
    try {
      // No replica and no recent backup: the admins are told (issue #48).
      if (checkBackups(db)) console.warn("backups: none in the last two days and no replica; the admins were alerted");
    } catch (error) {
      console.error("the backup check failed", error);
    }
  };
  tick();
  timer = setInterval(tick, everyMs);
  timer.unref();
}

export function stopHousekeeping() {
  if (timer) clearInterval(timer);
  timer = undefined;
}
