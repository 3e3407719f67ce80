import { describe, expect, it } from "vitest";
import { LoginSchema, SignupApiSchema, SignupFormSchema } from "./account-schemas";

const valid = {
  email: "Noa@Example.com",
  password: "0123456789",
  confirmPassword: "0123456789",
  firstName: "נועה",
  lastName: "כהן",
  communityId: "c1",
  acceptTerms: true,
};

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("SignupFormSchema", () => {
  it("accepts a complete form and lower-cases the e-mail", () => {
    const result = SignupFormSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe("noa@example.com");
  });

  it("names each broken rule with its message key", () => {
    const result = SignupFormSchema.safeParse({
      email: "noa",
      password: "short",
      confirmPassword: "short",
      firstName: "נ",
      lastName: "",
      communityId: "",
      acceptTerms: false,
    });
    expect(messagesOf(result)).toEqual({
      email: "validation.emailInvalid",
      password: "validation.passwordMin",
      confirmPassword: "validation.passwordMin",
      firstName: "validation.firstNameMin",
      lastName: "validation.lastNameMin",
      communityId: "validation.communityRequired",
      acceptTerms: "validation.termsRequired",
    });
  });

  it("puts a mismatched confirmation on the confirmation field", () => {
    const result = SignupFormSchema.safeParse({ ...valid, confirmPassword: "9876543210" });
    expect(messagesOf(result)).toEqual({ confirmPassword: "validation.passwordsMismatch" });
  });
});

describe("SignupApiSchema", () => {
  it("lets the password be left out but not be short", () => {
    const { password: _password, confirmPassword: _c, acceptTerms: _a, ...rest } = valid;
    expect(SignupApiSchema.safeParse(rest).success).toBe(true);
    expect(messagesOf(SignupApiSchema.safeParse({ ...rest, password: "123" }))).toEqual({ password: "validation.passwordMin" });
  });
});

describe("LoginSchema", () => {
  it("requires a valid e-mail and a password", () => {
    expect(messagesOf(LoginSchema.safeParse({ email: "x", password: "" }))).toEqual({
      email: "validation.emailInvalid",
      password: "validation.passwordRequired",
    });
  });
});
