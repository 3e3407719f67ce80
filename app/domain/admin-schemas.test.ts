import { describe, expect, it } from "vitest";
import { PASSWORD_MIN } from "./account-schemas";
import { ADMIN_PASSWORD_MIN, adminHref, AdminCreateApiSchema, AdminCreateFormSchema, displayName, parseAdminQuery } from "./admin-schemas";

function messagesOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("AdminCreateFormSchema", () => {
  const valid = { email: " Ops@Example.com ", password: "1234567890", confirmPassword: "1234567890", secretCode: "s" };

  it("accepts 10 characters (every role's minimum) and lower-cases the e-mail", () => {
    const result = AdminCreateFormSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe("ops@example.com");
  });

  it("names each broken rule with the spec's message key", () => {
    const result = AdminCreateFormSchema.safeParse({ email: "ops", password: "123456789", confirmPassword: "123456789", secretCode: "" });
    expect(messagesOf(result)).toEqual({
      email: "validation.emailInvalid",
      password: "admin.validation.passwordMin",
      secretCode: "admin.validation.secretRequired",
    });
  });

  it("puts a mismatched confirmation on the confirmation field", () => {
    const result = AdminCreateFormSchema.safeParse({ ...valid, confirmPassword: "0987654321" });
    expect(messagesOf(result)).toEqual({ confirmPassword: "admin.validation.passwordsMismatch" });
  });
});

describe("one password policy for every role (#45)", () => {
  it("refuses a 6-character admin password, as signup does", () => {
    expect(ADMIN_PASSWORD_MIN).toBe(PASSWORD_MIN);
    expect(messagesOf(AdminCreateApiSchema.safeParse({ email: "a@b.co", password: "garden", secretCode: "x" }))).toEqual({ password: "admin.validation.passwordMin" });
  });
});

describe("AdminCreateApiSchema", () => {
  it("needs no confirmation, and a missing secret is 'secret required'", () => {
    expect(AdminCreateApiSchema.safeParse({ email: "a@b.co", password: "1234567890", secretCode: "x" }).success).toBe(true);
    expect(messagesOf(AdminCreateApiSchema.safeParse({ email: "a@b.co", password: "1234567890" }))).toEqual({
      secretCode: "admin.validation.secretRequired",
    });
  });
});

describe("parseAdminQuery and adminHref", () => {
  it("defaults to the users tab and trims the search", () => {
    expect(parseAdminQuery(new URLSearchParams("q=%20dana%20&tab=nope"))).toEqual({ q: "dana", tab: "users" });
    expect(parseAdminQuery(new URLSearchParams("tab=messages"))).toEqual({ q: "", tab: "messages" });
  });

  it("keeps the search when switching tabs", () => {
    const query = { q: "דנה", tab: "users" as const };
    expect(adminHref(query, { tab: "orders" })).toBe(`/admin?tab=orders&q=${encodeURIComponent("דנה")}`);
    expect(adminHref(query, { q: "" })).toBe("/admin");
  });
});

describe("displayName", () => {
  it("prefers the full name, then first and last, else null", () => {
    expect(displayName({ name: "נועה כהן", firstName: "x", lastName: "y" })).toBe("נועה כהן");
    expect(displayName({ name: null, firstName: "נועה", lastName: null })).toBe("נועה");
    expect(displayName({ name: " ", firstName: null, lastName: null })).toBeNull();
  });
});
