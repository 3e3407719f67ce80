// Creating an admin: with ADMIN_SECRET as the code, or with the one-time setup link a new
// market prints at start (admin-setup.server.ts). Both pages (/admin/create) and the API call it.
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { authProviders, users, type User } from "~/db/schema";
import type { AdminCreateInput } from "~/domain/admin-schemas";
import { checkAdminSecret } from "./admin-guard.server";
import { adminSetupState, spendAdminSetup } from "./admin-setup.server";
import { hashPassword } from "./password.server";
import { hitRateLimit } from "./rate-limit.server";

export type AdminCreation =
  /** `firstAdmin`: made with a new market's setup link, so the person is the market's owner. */
  | { ok: true; user: User; firstAdmin: boolean }
  | {
      ok: false;
      status: 403 | 409 | 429;
      messageKey: string;
      values?: Record<string, number>;
      field?: "email";
    };

const EMAIL_TAKEN = { ok: false, status: 409, messageKey: "admin.errors.emailTaken", field: "email" } as const;
const SETUP_SPENT = { ok: false, status: 403, messageKey: "admin.errors.setupSpent" } as const;

/**
 * Creates an ADMIN when the secret code matches ADMIN_SECRET, or is the token of the one-time
 * setup link a new market prints at start (auth/admin-setup.server.ts), which it then spends.
 * Every attempt counts toward the "admin-create" rate limit first (under `rateLimitKeys`: the
 * e-mail and the client address), so neither can be guessed at speed. A refused code writes
 * nothing but that count.
 */
export async function createAdminWithSecret(db: Db, input: AdminCreateInput, rateLimitKeys: string[], now = new Date()): Promise<AdminCreation> {
  const limit = hitRateLimit(db, "admin-create", rateLimitKeys);
  if (!limit.allowed) {
    return { ok: false, status: 429, messageKey: "errors.tooManyAttempts", values: { minutes: limit.retryAfterMinutes } };
  }
  const secret = checkAdminSecret(input.secretCode, process.env.ADMIN_SECRET);
  let setup: { setupToken: string; now: Date } | undefined;
  if (secret !== "ok") {
    const state = adminSetupState(db, input.secretCode, now);
    if (state === "unknown") {
      return { ok: false, status: 403, messageKey: secret === "unset" ? "admin.errors.secretUnset" : "admin.errors.secretWrong" };
    }
    if (state === "spent") return SETUP_SPENT;
    setup = { setupToken: input.secretCode, now };
  }
  const user = await createAdmin(db, input, setup);
  if (user === "email-taken") return EMAIL_TAKEN;
  if (user === "setup-spent") return SETUP_SPENT;
  return { ok: true, user, firstAdmin: setup !== undefined };
}

/**
 * A new ADMIN with a password (argon2id) and its "password" sign-in row. With a setup token,
 * the token is spent in the same transaction, or nothing is written when it no longer holds
 * (used a moment ago, or an admin appeared).
 */
async function createAdmin(
  db: Db,
  input: { email: string; password: string },
  setup?: { setupToken: string; now: Date },
): Promise<User | "email-taken" | "setup-spent"> {
  // Hashing is slow and async, so it happens before the (synchronous) transaction.
  const passwordHash = await hashPassword(input.password);
  return db.transaction(
    (tx) => {
      const taken = tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
      if (taken) return "email-taken";
      if (setup && !spendAdminSetup(tx, setup.setupToken, setup.now)) return "setup-spent";
      const user = tx.insert(users).values({ email: input.email, passwordHash, role: "ADMIN" }).returning().get();
      tx.insert(authProviders).values({ userId: user.id, type: "password", providerId: user.email }).run();
      return user;
    },
    { behavior: "immediate" },
  );
}
