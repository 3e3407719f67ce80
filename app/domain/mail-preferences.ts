// Which optional mails a person gets, and the one-click unsubscribe token (issue #46). Pure: the
// secret is passed in, nothing is read from the database or the environment.
//
// Order-status mail is mandatory (the terms say so) and never consults these switches. The
// optional mails each have their own switch, under the spec's e-mail switch: a mail goes only
// when both are on. An unsubscribe link turns off its own type's switch and nothing else.
import { createHmac, timingSafeEqual } from "node:crypto";

/** The optional mails, each with its own column on users. */
export const OPTIONAL_MAILS = ["deadlineReminder", "weeklyDigest"] as const;
export type OptionalMail = (typeof OPTIONAL_MAILS)[number];

export interface MailSwitches {
  emailNotifications: boolean;
  mailDeadlineReminder: boolean;
  mailWeeklyDigest: boolean;
}

/** The users column of each optional mail's switch. */
export const SWITCH_OF: Record<OptionalMail, "mailDeadlineReminder" | "mailWeeklyDigest"> = {
  deadlineReminder: "mailDeadlineReminder",
  weeklyDigest: "mailWeeklyDigest",
};

export function wantsMail(person: MailSwitches, type: OptionalMail): boolean {
  return person.emailNotifications && person[SWITCH_OF[type]];
}

const isOptionalMail = (value: string): value is OptionalMail => (OPTIONAL_MAILS as readonly string[]).includes(value);

function mac(secret: string, userId: string, type: OptionalMail): string {
  return createHmac("sha256", secret).update(`unsubscribe\n${userId}\n${type}`).digest("base64url").slice(0, 32);
}

/**
 * The token of an unsubscribe link: whom and which mail, signed. It does not expire: a mail
 * read a year later must still stop the next one (RFC 8058 asks the link to keep working).
 */
export function unsubscribeToken(secret: string, userId: string, type: OptionalMail): string {
  return `${userId}.${type}.${mac(secret, userId, type)}`;
}

/** Whom and which mail a token names, or null for anything not signed by us. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; type: OptionalMail } | null {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  const [userId, type, signature] = parts as [string, string, string];
  if (!userId || userId.length > 64 || !isOptionalMail(type)) return null;
  const expected = Buffer.from(mac(secret, userId, type));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { userId, type };
}
