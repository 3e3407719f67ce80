// The /contact form's schema, shared by the server (parseWithZod) and the browser
// (getZodConstraint). (The support details the static pages print are the site settings,
// domain/site-settings.ts.) Messages are locale keys: "validation.emailInvalid" is the spec's
// wording already used by the account forms, the rest live under "contact.validation" (app/locales/*/pages.json).
import { z } from "zod";
import { EMAIL_MAX, tooLong } from "./text-limits";

export const CONTACT_NAME_MIN = 2;
export const CONTACT_PHONE_MIN = 9;
export const CONTACT_SUBJECT_MIN = 3;
export const CONTACT_MESSAGE_MIN = 10;

/** The hidden field people never see and bots fill in. */
export const HONEYPOT_FIELD = "website";

export const ContactSchema = z.object({
  name: z
    .string({ error: "contact.validation.nameMin" })
    .trim()
    .min(CONTACT_NAME_MIN, { error: "contact.validation.nameMin" })
    .max(80, { error: "contact.validation.nameMax" }),
  email: z
    .string({ error: "validation.emailInvalid" })
    .trim()
    .max(EMAIL_MAX, { error: tooLong(EMAIL_MAX) })
    .toLowerCase()
    .pipe(z.email({ error: "validation.emailInvalid" })),
  // Optional (conform turns an empty field into undefined), but a real number when given.
  phone: z
    .string()
    .trim()
    .min(CONTACT_PHONE_MIN, { error: "contact.validation.phoneInvalid" })
    .max(20, { error: "contact.validation.phoneInvalid" })
    .regex(/^[0-9+\-\s()]+$/, { error: "contact.validation.phoneInvalid" })
    .optional(),
  subject: z
    .string({ error: "contact.validation.subjectMin" })
    .trim()
    .min(CONTACT_SUBJECT_MIN, { error: "contact.validation.subjectMin" })
    .max(120, { error: "contact.validation.subjectMax" }),
  message: z
    .string({ error: "contact.validation.messageMin" })
    .trim()
    .min(CONTACT_MESSAGE_MIN, { error: "contact.validation.messageMin" })
    .max(5000, { error: "contact.validation.messageMax" }),
  [HONEYPOT_FIELD]: z.string().optional(),
});

export type ContactInput = z.infer<typeof ContactSchema>;

/**
 * `/contact?order=...` from an order's "contact support" button: the order number people see
 * (first 8 characters, upper case, as on every screen), or null when there is none to show.
 */
export function orderReference(raw: string | null | undefined): string | null {
  const cleaned = (raw ?? "").replace(/[^A-Za-z0-9]/g, "").slice(0, 8).toUpperCase();
  return cleaned.length > 0 ? cleaned : null;
}
