import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { translations } from "~/locales";
import { translatorForJson } from "~/translator";
import { LoginSchema, ResetPasswordSchema, SignupApiSchema, SignupFormSchema } from "./account-schemas";
import { ContactSchema } from "./contact-schema";
import { RemoveImageSchema } from "./deal-schema";
import { ProfileApiSchema, ProfileFormSchema } from "./profile-schemas";
import { CheckoutDetailsSchema, CheckoutSchema, OrderApiSchema } from "./shop-schemas";
import { ADDRESS_LINE_MAX, CITY_MAX, EMAIL_MAX, NAME_MAX, NOTES_MAX, PASSWORD_MAX, PHONE_MAX, POSTAL_CODE_MAX, REDIRECT_MAX, tooLong, translateMessage } from "./text-limits";

const he = translatorForJson("he", JSON.stringify(translations.he)).t;
const en = translatorForJson("en", JSON.stringify(translations.en)).t;

const signup = { email: "noa@example.com", password: "0123456789", confirmPassword: "0123456789", firstName: "נועה", lastName: "כהן", communityId: "c1", acceptTerms: true };
const checkout = { fullName: "נועה כהן", phone: "0521234567", address: "הרצל 12", city: "חיפה" };
const pickup = { deliveryType: "PICKUP", pickupPointId: "p1", phone: "0521234567" };
const delivery = { ...checkout, deliveryType: "DELIVERY" };
const order = { dealId: "d1", groupId: "g1", qty: 1, deliveryType: "DELIVERY" };
const contact = { name: "נועה כהן", email: "noa@example.com", subject: "שאלה", message: "מתי מגיע המשלוח?" };

/** A value `length` characters long that passes the field's other rules. */
function filler(field: string, length: number): string {
  if (field === "email") return `${"a".repeat(Math.max(1, length - 12))}@example.com`;
  if (/phone/i.test(field)) return "0".repeat(length);
  return "א".repeat(length);
}

// Every free-text field a form or the API takes, with its limit.
const FIELDS: { schema: z.ZodType; base: Record<string, unknown>; field: string; max: number }[] = [
  { schema: SignupFormSchema, base: signup, field: "email", max: EMAIL_MAX },
  { schema: SignupFormSchema, base: signup, field: "password", max: PASSWORD_MAX },
  { schema: SignupFormSchema, base: signup, field: "firstName", max: NAME_MAX },
  { schema: SignupFormSchema, base: signup, field: "lastName", max: NAME_MAX },
  { schema: SignupFormSchema, base: signup, field: "redirectTo", max: REDIRECT_MAX },
  { schema: SignupApiSchema, base: signup, field: "password", max: PASSWORD_MAX },
  { schema: LoginSchema, base: { email: "noa@example.com", password: "x" }, field: "password", max: PASSWORD_MAX },
  { schema: LoginSchema, base: { email: "noa@example.com", password: "x" }, field: "email", max: EMAIL_MAX },
  { schema: ProfileFormSchema, base: { firstName: "נועה", lastName: "כהן", email: "noa@example.com" }, field: "firstName", max: NAME_MAX },
  { schema: ProfileFormSchema, base: { firstName: "נועה", lastName: "כהן", email: "noa@example.com" }, field: "email", max: EMAIL_MAX },
  { schema: ProfileApiSchema, base: { firstName: "נועה", lastName: "כהן", email: "noa@example.com" }, field: "name", max: NAME_MAX * 2 + 1 },
  { schema: ContactSchema, base: contact, field: "email", max: EMAIL_MAX },
  { schema: CheckoutSchema, base: checkout, field: "fullName", max: 100 },
  { schema: CheckoutSchema, base: checkout, field: "address", max: ADDRESS_LINE_MAX },
  { schema: CheckoutSchema, base: checkout, field: "city", max: CITY_MAX },
  { schema: CheckoutSchema, base: checkout, field: "postalCode", max: POSTAL_CODE_MAX },
  { schema: CheckoutSchema, base: checkout, field: "notes", max: NOTES_MAX },
  { schema: CheckoutDetailsSchema, base: pickup, field: "notes", max: NOTES_MAX },
  { schema: CheckoutDetailsSchema, base: delivery, field: "address", max: ADDRESS_LINE_MAX },
  { schema: CheckoutDetailsSchema, base: delivery, field: "postalCode", max: POSTAL_CODE_MAX },
  { schema: OrderApiSchema, base: order, field: "deliveryAddress", max: 300 },
  { schema: OrderApiSchema, base: order, field: "deliveryNotes", max: NOTES_MAX },
  { schema: RemoveImageSchema, base: {}, field: "url", max: 200 },
];

const SCHEMA_NAMES = new Map<z.ZodType, string>(
  Object.entries({ SignupFormSchema, SignupApiSchema, LoginSchema, ProfileFormSchema, ProfileApiSchema, ContactSchema, CheckoutSchema, CheckoutDetailsSchema, OrderApiSchema, RemoveImageSchema }).map(([name, schema]) => [schema, name]),
);

function messagesOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("maximum lengths", () => {
  it.each(FIELDS.map((f) => ({ ...f, name: `${SCHEMA_NAMES.get(f.schema)}.${f.field}` })))(
    "$name: $max characters pass, one more gets the too-long message",
    ({ schema, base, field, max }) => {
      const atLimit = messagesOf(schema.safeParse({ ...base, [field]: filler(field, max) }));
      expect(atLimit[field]).toBeUndefined();
      const over = messagesOf(schema.safeParse({ ...base, [field]: filler(field, max + 1) }));
      expect(over[field]).toBe(tooLong(max));
    },
  );

  it("refuses a 10,000-character password with the message alone (nothing else is checked on it)", () => {
    const huge = "p".repeat(10_000);
    expect(messagesOf(LoginSchema.safeParse({ email: "noa@example.com", password: huge }))).toEqual({ password: tooLong(PASSWORD_MAX) });
    expect(messagesOf(ResetPasswordSchema.safeParse({ token: "t", password: huge, confirmPassword: huge }))).toEqual({
      password: tooLong(PASSWORD_MAX),
      confirmPassword: tooLong(PASSWORD_MAX),
    });
  });

  it("refuses a checkout phone one digit over its limit with the phone message", () => {
    expect(messagesOf(CheckoutSchema.safeParse({ ...checkout, phone: "0".repeat(PHONE_MAX) })).phone).toBeUndefined();
    expect(messagesOf(CheckoutSchema.safeParse({ ...checkout, phone: "0".repeat(PHONE_MAX + 1) })).phone).toBe("shop.validation.phone");
  });

  it("takes a reset token of any real length and refuses an absurd one", () => {
    const token = "x".repeat(43);
    expect(ResetPasswordSchema.safeParse({ token, password: "0123456789", confirmPassword: "0123456789" }).success).toBe(true);
    expect(messagesOf(ResetPasswordSchema.safeParse({ token: "x".repeat(10_000), password: "0123456789", confirmPassword: "0123456789" }))).toEqual({ token: "auth.linkInvalid" });
  });
});

describe("translateMessage", () => {
  it("words the too-long message with its limit, in Hebrew and English", () => {
    expect(translateMessage(he, tooLong(128))).toBe("ארוך מדי: אפשר עד 128 תווים");
    expect(translateMessage(en, tooLong(60))).toBe("Too long: up to 60 characters");
  });

  it("translates a plain key as before, and leaves words holding a question mark alone", () => {
    expect(translateMessage(he, "validation.emailInvalid")).toBe("כתובת מייל לא תקינה");
    expect(translateMessage(en, "Really? Yes.")).toBe("Really? Yes.");
  });
});
