// Form and API schemas for accounts, shared by the server (parseWithZod) and the browser
// (getZodConstraint). Messages are locale keys (app/locales/*.json, "validation.*"): the page
// and the API translate them, so the spec's Hebrew lives in one place.
import { z } from "zod";
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, REDIRECT_MAX, tooLong } from "./text-limits";

export const PASSWORD_MIN = 10;
export const NAME_MIN = 2;

/** A valid e-mail, trimmed and lower-cased (stored that way: the unique index is then case-blind). */
export const emailField = z
  .string({ error: "validation.emailInvalid" })
  .trim()
  .max(EMAIL_MAX, { error: tooLong(EMAIL_MAX) })
  .toLowerCase()
  .pipe(z.email({ error: "validation.emailInvalid" }));
const email = emailField;

const firstName = z
  .string({ error: "validation.firstNameMin" })
  .trim()
  .min(NAME_MIN, { error: "validation.firstNameMin" })
  .max(NAME_MAX, { error: tooLong(NAME_MAX) });
const lastName = z
  .string({ error: "validation.lastNameMin" })
  .trim()
  .min(NAME_MIN, { error: "validation.lastNameMin" })
  .max(NAME_MAX, { error: tooLong(NAME_MAX) });
const password = z
  .string({ error: "validation.passwordMin" })
  .min(PASSWORD_MIN, { error: "validation.passwordMin" })
  .max(PASSWORD_MAX, { error: tooLong(PASSWORD_MAX) });
const confirmPassword = z
  .string({ error: "validation.passwordMin" })
  .min(PASSWORD_MIN, { error: "validation.passwordMin" })
  .max(PASSWORD_MAX, { error: tooLong(PASSWORD_MAX) });
/** A same-site path to go on to (safeRedirect checks it); long enough for any real one. */
const redirectTo = z.string().max(REDIRECT_MAX, { error: tooLong(REDIRECT_MAX) }).optional();
const communityId = z
  .string({ error: "validation.communityRequired" })
  .trim()
  .min(1, { error: "validation.communityRequired" });

const signupFields = {
  email,
  password,
  confirmPassword,
  firstName,
  lastName,
  acceptTerms: z.literal(true, { error: "validation.termsRequired" }),
  redirectTo,
};
const passwordsMatch: [(value: { password: string; confirmPassword: string }) => boolean, { path: string[]; error: string }] = [
  (value) => value.password === value.confirmPassword,
  { path: ["confirmPassword"], error: "validation.passwordsMismatch" },
];

/** The /signup page: everything the person types, confirmation and terms included. */
export const SignupFormSchema = z.object({ ...signupFields, communityId }).refine(...passwordsMatch);

/**
 * /signup?as=vendor: a farmer signing up to apply as a vendor (#45). No community: that is a
 * shopper's pickup group, and a farm sells to every community.
 */
export const VendorSignupFormSchema = z.object(signupFields).refine(...passwordsMatch);

/** POST /api/auth/signup: the spec's server rules (password optional, at least 10). */
export const SignupApiSchema = z.object({
  email,
  password: password.optional(),
  firstName,
  lastName,
  communityId,
});

export const LoginSchema = z.object({
  email,
  // Checked before anything is hashed: a login never hands argon2 more than PASSWORD_MAX.
  password: z
    .string({ error: "validation.passwordRequired" })
    .min(1, { error: "validation.passwordRequired" })
    .max(PASSWORD_MAX, { error: tooLong(PASSWORD_MAX) }),
  redirectTo,
});

export const CommunityChoiceSchema = z.object({ communityId });

export type SignupInput = z.infer<typeof SignupApiSchema>;

/** Magic link and forgot password: a valid e-mail. */
export const EmailOnlySchema = z.object({ email });

export const ResetPasswordSchema = z
  .object({
    // Tokens are 43 characters; a longer one is no token of ours.
    token: z.string({ error: "auth.linkInvalid" }).min(1, { error: "auth.linkInvalid" }).max(200, { error: "auth.linkInvalid" }),
    password,
    confirmPassword,
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ["confirmPassword"],
    error: "validation.passwordsMismatch",
  });
