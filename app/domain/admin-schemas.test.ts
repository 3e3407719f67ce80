import { describe, expect, it } from "vitest";
import { adminHref, AdminCreateApiSchema, AdminCreateFormSchema, displayName, parseAdminQuery } from "./admin-schemas";

function messagesOf(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("AdminCreateFormSchema", () => {
  const valid = { email: " Ops@Example.com ", password: "123456", confirmPassword: "123456", secretCode: "s" };

  it("accepts 6 characters (admin creation's minimum) and lower-cases the e-mail", () => {
    const result = AdminCreateFormSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe("ops@example.com");
  });

  it("names each broken rule with the spec's message key", () => {
    const result = AdminCreateFormSchema.safeParse({ email: "ops", password: "12345", confirmPassword: "12345", secretCode: "" });
    expect(messagesOf(result)).toEqual({
      email: "validation.emailInvalid",
      password: "admin.validation.passwordMin",
      secretCode: "admin.validation.secretRequired",
    });
  });

  it("puts a mismatched confirmation on the confirmation field", () => {
    const result = AdminCreateFormSchema.safeParse({ ...valid, confirmPassword: "654321" });
    expect(messagesOf(result)).toEqual({ confirmPassword: "admin.validation.passwordsMismatch" });
  });
});

describe("AdminCreateApiSchema", () => {
  it("needs no confirmation, and a missing secret is 'secret required'", () => {
    expect(AdminCreateApiSchema.safeParse({ email: "a@b.co", password: "123456", secretCode: "x" }).success).toBe(true);
    expect(messagesOf(AdminCreateApiSchema.safeParse({ email: "a@b.co", password: "123456" }))).toEqual({
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
