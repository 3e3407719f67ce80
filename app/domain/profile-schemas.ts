// Profile and settings payloads (spec section 5: "Profile edit", "Profile update payload",
// "Settings update"), for the page forms and the /api routes alike. The community choice uses
// CommunityChoiceSchema (account-schemas.ts), shared with PATCH /api/auth/user. Messages are
// locale keys (app/locales/*/account.json, "account.validation.*").
import { z } from "zod";
import { LANGUAGES } from "~/domain/enums";
import { EMAIL_MAX, NAME_MAX, tooLong } from "./text-limits";

const firstName = z
  .string({ error: "account.validation.firstNameRequired" })
  .trim()
  .min(1, { error: "account.validation.firstNameRequired" })
  .max(NAME_MAX, { error: tooLong(NAME_MAX) });
const lastName = z
  .string({ error: "account.validation.lastNameRequired" })
  .trim()
  .min(1, { error: "account.validation.lastNameRequired" })
  .max(NAME_MAX, { error: tooLong(NAME_MAX) });
const email = z
  .string({ error: "account.validation.emailInvalid" })
  .trim()
  .max(EMAIL_MAX, { error: tooLong(EMAIL_MAX) })
  .toLowerCase()
  .pipe(z.email({ error: "account.validation.emailInvalid" }));
// Digits with the usual separators, local ("052-341 8790") or international ("+972 52...").
const phone = z
  .string({ error: "account.validation.phoneInvalid" })
  .trim()
  .regex(/^\+?[\d\s\-()]{7,20}$/, { error: "account.validation.phoneInvalid" });
// Only web addresses: a `javascript:` or `data:` URL is no picture.
const profileImageUrl = z
  .string({ error: "account.validation.urlInvalid" })
  .trim()
  .max(2048, { error: "account.validation.urlInvalid" })
  .pipe(z.url({ protocol: /^https?$/, error: "account.validation.urlInvalid" }));

/** Profile edit: "empty is treated as absent" (null or blank text means no value). */
function emptyAsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
    schema.optional(),
  );
}

/** The /profile/edit form (conform already drops empty fields). */
export const ProfileFormSchema = z.object({
  firstName,
  lastName,
  email,
  phone: phone.optional(),
  profileImageUrl: profileImageUrl.optional(),
});

/** PUT /api/user/profile: the form's fields plus `name` (first plus last when not sent). */
export const ProfileApiSchema = z.object({
  firstName,
  lastName,
  email,
  phone: emptyAsAbsent(phone),
  profileImageUrl: emptyAsAbsent(profileImageUrl),
  name: emptyAsAbsent(
    z
      .string({ error: "account.validation.nameRequired" })
      .trim()
      .min(1, { error: "account.validation.nameRequired" })
      .max(NAME_MAX * 2 + 1, { error: tooLong(NAME_MAX * 2 + 1) }),
  ),
});

const flag = z.boolean({ error: "account.validation.flagInvalid" });
const language = z.enum(LANGUAGES, { error: "account.validation.languageInvalid" });

/**
 * PUT /api/user/settings: the spec's three switches, each a real boolean, and the language; the
 * optional mails' own switches (issue #46) may come too, and stay as they are when absent.
 */
export const SettingsApiSchema = z.object({
  emailNotifications: flag,
  smsNotifications: flag,
  pushNotifications: flag,
  mailDeadlineReminder: flag.optional(),
  mailWeeklyDigest: flag.optional(),
  language,
});

/**
 * The /settings form: an unchecked box is simply absent from the form data, so absent is off.
 * It shows no SMS or browser switch (nothing sends either), so it leaves them as they are.
 */
export const SettingsFormSchema = z.object({
  emailNotifications: flag.default(false),
  mailDeadlineReminder: flag.default(false),
  mailWeeklyDigest: flag.default(false),
  language,
});

export type ProfileUpdate = z.infer<typeof ProfileApiSchema>;
export type SettingsUpdate = z.infer<typeof SettingsApiSchema> | z.infer<typeof SettingsFormSchema>;
