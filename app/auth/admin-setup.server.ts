// The first admin of a new market. With no ADMIN user and no ADMIN_SECRET, each start makes a
// one-time setup link for the server's log; it stands in for the secret code on /admin/create.
// Like the e-mailed links (email-tokens.server.ts), only the token's sha256 is kept, in
// magic_tokens under its own purpose, so the table needs no migration. The link creates one
// admin and is spent; it is refused as soon as any admin exists, so a link left in an old log
// opens nothing once the market has its admin.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { inlined } from "~/db/prepared.server";
import { magicTokens, users } from "~/db/schema";
import { newSecret, sha256 } from "./tokens.server";

/** Long enough to get round to it; a start after that makes a new link anyway. */
export const ADMIN_SETUP_DAYS = 7;
const PURPOSE = "admin-setup";
/** newSecret() gives 43 characters; anything much longer is not ours and is not hashed. */
const MAX_TOKEN_LENGTH = 200;

const isSetupToken = sql`json_extract(${magicTokens.meta}, '$.purpose') = ${PURPOSE}`;

export function hasAdmin(db: Queryable): boolean {
  return db.select({ id: users.id }).from(users).where(eq(users.role, "ADMIN")).limit(inlined(1)).get() !== undefined;
}

/**
 * At start: the path of a new one-time setup link (`/admin/create?setup=<token>`) when the
 * market has no admin and no ADMIN_SECRET is configured, otherwise null. Links from earlier
 * starts are removed either way, so only the one in the latest log works.
 */
export function prepareAdminSetup(db: Db, adminSecret: string | undefined, now = new Date()): string | null {
  return db.transaction(
    (tx) => {
      tx.delete(magicTokens).where(and(isSetupToken, isNull(magicTokens.usedAt))).run();
      if (adminSecret || hasAdmin(tx)) return null;
      const token = newSecret();
      tx.insert(magicTokens)
        .values({
          tokenHash: sha256(token),
          // No mailbox: the link goes to whoever reads the server's log.
          email: "",
          userId: null,
          expiresAt: new Date(now.getTime() + ADMIN_SETUP_DAYS * 24 * 60 * 60_000),
          meta: { purpose: PURPOSE },
        })
        .run();
      return `/admin/create?setup=${token}`;
    },
    { behavior: "immediate" },
  );
}

/** "valid": it may create the first admin; "spent": used, expired, or an admin exists; "unknown": not a setup token. */
export type AdminSetupState = "valid" | "spent" | "unknown";

export function adminSetupState(db: Queryable, token: string, now = new Date()): AdminSetupState {
  if (!token || token.length > MAX_TOKEN_LENGTH) return "unknown";
  const row = db
    .select({ usedAt: magicTokens.usedAt, expiresAt: magicTokens.expiresAt })
    .from(magicTokens)
    .where(and(eq(magicTokens.tokenHash, sha256(token)), isSetupToken))
    .get();
  if (!row) return "unknown";
  if (row.usedAt || row.expiresAt.getTime() <= now.getTime() || hasAdmin(db)) return "spent";
  return "valid";
}

/**
 * Marks the token used; false when it is not valid. Call it inside the transaction that
 * creates the admin, so two people racing with one link get one admin.
 */
export function spendAdminSetup(tx: Queryable, token: string, now = new Date()): boolean {
  if (adminSetupState(tx, token, now) !== "valid") return false;
  const spent = tx
    .update(magicTokens)
    .set({ usedAt: now })
    .where(and(eq(magicTokens.tokenHash, sha256(token)), isSetupToken, isNull(magicTokens.usedAt)))
    .run();
  return spent.changes === 1;
}
