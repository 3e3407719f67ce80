import { describe, expect, it } from "vitest";
import { ProfileApiSchema, ProfileFormSchema, SettingsApiSchema, SettingsFormSchema } from "./profile-schemas";

const valid = { firstName: " נועה ", lastName: "כהן", email: "Noa@Example.com" };

function messagesOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("ProfileFormSchema", () => {
  it("accepts names and an e-mail, trimming and lower-casing; phone and picture are optional", () => {
    const result = ProfileFormSchema.safeParse(valid);
    expect(result.data).toEqual({ firstName: "נועה", lastName: "כהן", email: "noa@example.com" });
  });

  it("names each broken rule with the spec's message key", () => {
    const result = ProfileFormSchema.safeParse({ firstName: "", lastName: " ", email: "noa@", phone: "abc", profileImageUrl: "not a url" });
    expect(messagesOf(result)).toEqual({
      firstName: "account.validation.firstNameRequired",
      lastName: "account.validation.lastNameRequired",
      email: "account.validation.emailInvalid",
      phone: "account.validation.phoneInvalid",
      profileImageUrl: "account.validation.urlInvalid",
    });
  });

  it("takes only web addresses for the picture", () => {
    expect(ProfileFormSchema.safeParse({ ...valid, profileImageUrl: "https://example.com/me.webp" }).success).toBe(true);
    expect(messagesOf(ProfileFormSchema.safeParse({ ...valid, profileImageUrl: "javascript:alert(1)" }))).toEqual({
      profileImageUrl: "account.validation.urlInvalid",
    });
  });
});

describe("ProfileApiSchema", () => {
  it("treats empty, blank and null phone, picture and name as absent", () => {
    const result = ProfileApiSchema.safeParse({ ...valid, phone: "", profileImageUrl: "  ", name: null });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ firstName: "נועה", lastName: "כהן", email: "noa@example.com" });
  });

  it("keeps a given phone and name", () => {
    const result = ProfileApiSchema.safeParse({ ...valid, phone: "052-341 8790", name: "נועה כהן" });
    expect(result.data).toMatchObject({ phone: "052-341 8790", name: "נועה כהן" });
  });

  it("refuses missing names and a bad e-mail", () => {
    expect(messagesOf(ProfileApiSchema.safeParse({ email: 5 }))).toEqual({
      firstName: "account.validation.firstNameRequired",
      lastName: "account.validation.lastNameRequired",
      email: "account.validation.emailInvalid",
    });
  });
});

describe("settings schemas", () => {
  it("the API wants every flag as a boolean and the language he or en", () => {
    const ok = { emailNotifications: true, smsNotifications: false, pushNotifications: true, language: "en" };
    expect(SettingsApiSchema.safeParse(ok).success).toBe(true);
    expect(messagesOf(SettingsApiSchema.safeParse({ ...ok, language: "fr" }))).toEqual({ language: "account.validation.languageInvalid" });
    expect(messagesOf(SettingsApiSchema.safeParse({ ...ok, smsNotifications: "yes" }))).toEqual({ smsNotifications: "account.validation.flagInvalid" });
    expect(messagesOf(SettingsApiSchema.safeParse({ language: "he" }))).toEqual({
      emailNotifications: "account.validation.flagInvalid",
      smsNotifications: "account.validation.flagInvalid",
      pushNotifications: "account.validation.flagInvalid",
    });
  });

  it("the form reads an unchecked (absent) box as off", () => {
    expect(SettingsFormSchema.parse({ emailNotifications: true, language: "he" })).toEqual({
      emailNotifications: true,
      mailDeadlineReminder: false,
      mailWeeklyDigest: false,
      language: "he",
    });
    // It has no SMS or browser switch: those are left as they are, not turned off.
    expect(SettingsFormSchema.parse({ language: "he", smsNotifications: true })).not.toHaveProperty("smsNotifications");
  });
});
