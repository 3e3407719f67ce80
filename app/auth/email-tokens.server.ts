// Single-use links sent by e-mail (magic sign-in, password reset): a random token goes out,
// only its sha256 is kept in magic_tokens, valid 15 minutes, used once.
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { magicTokens } from "~/db/schema";
import { newSecret, sha256 } from "./tokens.server";

export const EMAIL_TOKEN_MINUTES = 15;
export type EmailTokenPurpose = "magic" | "reset";

export function createEmailToken(db: Db, input: { email: string; userId: string | null; purpose: EmailTokenPurpose }, now = new Date()) {
  const token = newSecret();
  db.insert(magicTokens)
    .values({
      tokenHash: sha256(token),
      email: input.email,
      userId: input.userId,
      expiresAt: new Date(now.getTime() + EMAIL_TOKEN_MINUTES * 60_000),
      meta: { purpose: input.purpose },
    })
    .run();
  return token;
}

/**
 * Whether the token would be accepted now, without spending it: the page a mailed link opens
 * reads this, and only the person's button press spends the token.
 */
export function isEmailTokenUsable(db: Db, token: string, purpose: EmailTokenPurpose, now = new Date()): boolean {
  return usableEmailTokenAddress(db, token, purpose, now) !== null;
}

/** The address a usable token was sent to, or null when it is unknown, used, expired or for another purpose. */
export function usableEmailTokenAddress(db: Db, token: string, purpose: EmailTokenPurpose, now = new Date()): string | null {
  const row = db
    .select({ email: magicTokens.email, expiresAt: magicTokens.expiresAt, meta: magicTokens.meta })
    .from(magicTokens)
    .where(and(eq(magicTokens.tokenHash, sha256(token)), isNull(magicTokens.usedAt)))
    .get();
  return row && row.meta?.purpose === purpose && row.expiresAt.getTime() > now.getTime() ? row.email : null;
}

/** Marks the token used and returns its row, or null when unknown, used, expired or for another purpose. */
export function consumeEmailToken(db: Db, token: string, purpose: EmailTokenPurpose, now = new Date()) {
  return db.transaction(
    (tx) => {
      const row = tx
        .select()
        .from(magicTokens)
        .where(and(eq(magicTokens.tokenHash, sha256(token)), isNull(magicTokens.usedAt)))
        .get();
      if (!row || row.meta?.purpose !== purpose || row.expiresAt.getTime() <= now.getTime()) return null;
      tx.update(magicTokens).set({ usedAt: now }).where(eq(magicTokens.id, row.id)).run();
      return row;
    },
    { behavior: "immediate" },
  );
}
