// The optional mails' switches and their one-click unsubscribe (issue #46, RFC 8058). The rules
// are pure (domain/mail-preferences.ts); this reads and writes the switches, and signs links
// with the session secret, so a link from one install never works on another.
import { eq } from "drizzle-orm";
import { getSessionSecret, publicOrigin } from "~/config.server";
import type { Db } from "~/db/client.server";
import { users } from "~/db/schema";
import { maskEmail } from "~/domain/email-mask";
import { ServiceError } from "~/domain/errors";
import { SWITCH_OF, type OptionalMail } from "~/domain/mail-preferences";
import { readUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token.server";

/** The page a mail's unsubscribe link opens (and a mail client posts to, signed out). */
export function unsubscribeLink(userId: string, type: OptionalMail): string {
  return `${publicOrigin()}/unsubscribe/${unsubscribeToken(getSessionSecret(), userId, type)}`;
}

/** The headers every optional mail carries: the link, and that one POST to it is enough. */
export function unsubscribeHeaders(userId: string, type: OptionalMail): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeLink(userId, type)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

export interface UnsubscribeState {
  type: OptionalMail;
  /** whether this type's own switch is on now */
  subscribed: boolean;
  /** whom the link is for, as a page may show it to whoever holds the link */
  maskedEmail: string;
}

function personOf(db: Db, token: string) {
  const named = readUnsubscribeToken(getSessionSecret(), token);
  const person = named ? db.select().from(users).where(eq(users.id, named.userId)).get() : undefined;
  // A forged token and an account deleted since read the same: the link leads nowhere.
  if (!named || !person) throw new ServiceError(404, "unsubscribe.errors.notFound");
  return { person, type: named.type };
}

/** What an unsubscribe link is about, for its page. */
export function readUnsubscribe(db: Db, token: string): UnsubscribeState {
  const { person, type } = personOf(db, token);
  return { type, subscribed: person[SWITCH_OF[type]], maskedEmail: maskEmail(person.email) };
}

/**
 * Turns the link's one mail type off (or on again, `subscribed` true), and nothing else: not
 * the e-mail switch, not another type. Repeating it changes nothing more.
 */
export function setSubscribed(db: Db, token: string, subscribed: boolean): UnsubscribeState {
  const { person, type } = personOf(db, token);
  const column = SWITCH_OF[type];
  if (person[column] !== subscribed) db.update(users).set({ [column]: subscribed, updatedAt: new Date() }).where(eq(users.id, person.id)).run();
  return { type, subscribed, maskedEmail: maskEmail(person.email) };
}
