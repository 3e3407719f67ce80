// Throttles sign-in, sign-up, e-mailed links and admin creation, per e-mail and per address,
// in the `rate_limits` table. One synchronous transaction per check: concurrent requests
// cannot both slip under the limit.
import { and, eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { clientAddressContext } from "~/context";
import type { Db } from "~/db/client.server";
import { rateLimits } from "~/db/schema";

const MINUTE = 60_000;

/**
 * RATE_LIMIT_SCALE multiplies every limit: the browser tests sign up dozens of people from one
 * address. Production leaves it unset.
 */
function scale() {
  const value = Number(process.env.RATE_LIMIT_SCALE ?? 1);
  return Number.isFinite(value) && value >= 1 ? value : 1;
}

/** attempts allowed per window; past them the identifier waits `blockMs`. */
export const RATE_LIMITS = {
  login: { max: 20, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  // Per address too: a neighbourhood evening on one Wi-Fi may sign up a dozen people.
  signup: { max: 20, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
  "magic-link": { max: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  "password-reset": { max: 5, windowMs: 15 * MINUTE, blockMs: 15 * MINUTE },
  "admin-create": { max: 5, windowMs: 60 * MINUTE, blockMs: 60 * MINUTE },
} as const;
export type RateLimitedAction = keyof typeof RATE_LIMITS;

export interface RateLimitResult {
  allowed: boolean;
  /** whole minutes until the block lifts (0 when allowed) */
  retryAfterMinutes: number;
}

/**
 * Counts one attempt for every identifier ("email:…", "ip:…") and says whether it may go on.
 * Blocked identifiers are not counted further.
 */
export function hitRateLimit(db: Db, action: RateLimitedAction, identifiers: string[], now = new Date()): RateLimitResult {
  const rule = { ...RATE_LIMITS[action], max: RATE_LIMITS[action].max * scale() };
  return db.transaction(
    (tx) => {
      let blockedUntil = 0;
      for (const identifier of identifiers) {
        const row = tx.select().from(rateLimits).where(and(eq(rateLimits.identifier, identifier), eq(rateLimits.action, action))).get();
        if (row?.blockedUntil && row.blockedUntil.getTime() > now.getTime()) {
          blockedUntil = Math.max(blockedUntil, row.blockedUntil.getTime());
          continue;
        }
        const fresh = !row || now.getTime() - row.lastAttemptAt.getTime() > rule.windowMs || row.blockedUntil !== null;
        const attempts = fresh ? 1 : row.attempts + 1;
        const block = attempts > rule.max ? new Date(now.getTime() + rule.blockMs) : null;
        if (block) blockedUntil = Math.max(blockedUntil, block.getTime());
        if (row) {
          tx.update(rateLimits).set({ attempts, lastAttemptAt: now, blockedUntil: block }).where(eq(rateLimits.id, row.id)).run();
        } else {
          tx.insert(rateLimits).values({ identifier, action, attempts, lastAttemptAt: now, blockedUntil: block }).run();
        }
      }
      return blockedUntil > now.getTime()
        ? { allowed: false, retryAfterMinutes: Math.ceil((blockedUntil - now.getTime()) / MINUTE) }
        : { allowed: true, retryAfterMinutes: 0 };
    },
    { behavior: "immediate" },
  );
}

/** Forgets the attempts of an identifier (a successful login clears its e-mail's count). */
export function clearRateLimit(db: Db, action: RateLimitedAction, identifier: string) {
  db.delete(rateLimits).where(and(eq(rateLimits.identifier, identifier), eq(rateLimits.action, action))).run();
}

/** The identifiers a request is counted under: the e-mail (if any) and the client address. */
export function rateLimitKeys(context: Readonly<RouterContextProvider>, email?: string | null): string[] {
  const keys = [`ip:${context.get(clientAddressContext) || "unknown"}`];
  if (email) keys.push(`email:${email.trim().toLowerCase()}`);
  return keys;
}
