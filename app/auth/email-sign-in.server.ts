// Magic-link sign-in and password reset: the mails, and what following their links does.
import { eq } from "drizzle-orm";
import type { Translator } from "~/translator";
import { consumeEmailToken, createEmailToken, EMAIL_TOKEN_MINUTES, usableEmailTokenAddress } from "~/auth/email-tokens.server";
import { hashPassword } from "~/auth/password.server";
import { endAllSessions } from "~/auth/session.server";
import type { Db } from "~/db/client.server";
import { authProviders, users, type User } from "~/db/schema";
import { mailBodies } from "~/services/mail-layout.server";
import { queueMail } from "~/services/mail-outbox.server";

function mailBody(t: Translator["t"], intro: string, link: string, cta: string) {
  return mailBodies({ dir: t("mail.dir"), paragraphs: [intro], cta: { text: cta, link }, footer: `${t("mail.expires", { minutes: EMAIL_TOKEN_MINUTES })} ${t("mail.ignore")}` });
}

function userByEmail(db: Db, email: string): User | undefined {
  return db.select().from(users).where(eq(users.email, email)).get();
}

/**
 * E-mails a sign-in link to an existing account. Unknown addresses get nothing, and the caller
 * answers the same either way, so the form does not reveal who has an account.
 */
export async function sendMagicLink(db: Db, i18n: Translator, email: string, origin: string) {
  const user = userByEmail(db, email);
  if (!user) return;
  const token = createEmailToken(db, { email, userId: user.id, purpose: "magic" });
  const link = `${origin}/auth/magic?token=${token}`;
  queueMail(db, { kind: "sign-in", to: email, subject: i18n.t("mail.magicSubject"), ...mailBody(i18n.t, i18n.t("mail.magicIntro"), link, i18n.t("mail.magicCta")) });
}

/** Whether a magic link would still sign someone in; looking does not spend it. */
/** The address a usable magic link signs in, or null when it is unknown, used or expired. */
export function magicLinkAddress(db: Db, token: string): string | null {
  return usableEmailTokenAddress(db, token, "magic");
}

/** The user a magic link signs in (spending it), or null when it is unknown, used or expired. */
export function signInWithMagicLink(db: Db, token: string): User | null {
  const row = consumeEmailToken(db, token, "magic");
  if (!row?.userId) return null;
  const lastLoginAt = new Date();
  const user = db.update(users).set({ lastLoginAt }).where(eq(users.id, row.userId)).returning().get();
  db.insert(authProviders).values({ userId: row.userId, type: "magic", providerId: row.email }).onConflictDoNothing().run();
  return user ?? null;
}

export async function sendPasswordReset(db: Db, i18n: Translator, email: string, origin: string) {
  const user = userByEmail(db, email);
  if (!user) return;
  const token = createEmailToken(db, { email, userId: user.id, purpose: "reset" });
  const link = `${origin}/reset-password?token=${token}`;
  queueMail(db, { kind: "password-reset", to: email, subject: i18n.t("mail.resetSubject"), ...mailBody(i18n.t, i18n.t("mail.resetIntro"), link, i18n.t("mail.resetCta")) });
}

/**
 * Sets a new password from a reset link and signs the user out everywhere else; the caller
 * starts a fresh session. Null when the link is unknown, used or expired.
 */
export async function resetPassword(db: Db, token: string, password: string): Promise<User | null> {
  // Hash first (slow, async); the token is checked and spent in one transaction afterwards.
  const passwordHash = await hashPassword(password);
  const row = consumeEmailToken(db, token, "reset");
  if (!row?.userId) return null;
  const user = db
    .update(users)
    .set({ passwordHash, updatedAt: new Date(), lastLoginAt: new Date() })
    .where(eq(users.id, row.userId))
    .returning()
    .get();
  if (!user) return null;
  db.insert(authProviders).values({ userId: user.id, type: "password", providerId: user.email }).onConflictDoNothing().run();
  endAllSessions(db, user.id);
  return user;
}
