// The token of an optional mail's unsubscribe link (issue #46): whom and which mail, signed with
// the install's secret, so it works signed out and cannot be made for someone else. Pure: the
// secret is passed in.
import { createHmac, timingSafeEqual } from "node:crypto";
// Relative, not "~/": the browser tests import this file to sign a link of their own.
import { isOptionalMail, type OptionalMail } from "../domain/mail-preferences";

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
