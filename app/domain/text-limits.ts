// How long typed text may be, and the one message that says so. Every free-text field of a
// form or API schema has a maximum: a body may be up to ~1 MB, and nothing we store or hash
// (argon2 above all) should be handed a megabyte where a line was meant. Limits the spec names
// (review comment 1000, shopping.md) stay where their schema is. Pure and browser-safe: the
// forms' getZodConstraint turns these into maxlength attributes too.

/** Plenty for a passphrase; argon2 never gets megabytes to chew on. */
export const PASSWORD_MAX = 128;
/** A first or last name. */
export const NAME_MAX = 60;
/** The longest address the e-mail standards allow (RFC 5321 path limit). */
export const EMAIL_MAX = 254;
/** A street line or a full delivery address on one line. */
export const ADDRESS_LINE_MAX = 200;
export const CITY_MAX = 60;
export const POSTAL_CODE_MAX = 10;
export const PHONE_MAX = 20;
/** Notes for the courier or the pickup point. */
export const NOTES_MAX = 500;
/** A same-site path to return to after signing in. */
export const REDIRECT_MAX = 2048;

const TOO_LONG = "validation.tooLong";

/**
 * The message for text over `max` characters. Schema messages are locale keys (the page and
 * the API translate them); this one carries its limit after "?", read by `translateMessage`.
 */
export function tooLong(max: number): string {
  return `${TOO_LONG}?max=${max}`;
}

// "section.key?name=value&...": only a key and plain values, so words that happen to hold a
// question mark (a message already translated) are left as they are.
const WITH_VALUES = /^([\w.]+)\?(\w+=[\w-]*(?:&\w+=[\w-]*)*)$/;

/** A schema message in words: a locale key, with values when it carries any ("key?max=60"). */
export function translateMessage(t: (key: string, values?: Record<string, string>) => string, message: string): string {
  const match = WITH_VALUES.exec(message);
  if (!match) return t(message);
  return t(match[1], Object.fromEntries(new URLSearchParams(match[2])));
}
