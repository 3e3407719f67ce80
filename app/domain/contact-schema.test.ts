import { describe, expect, it } from "vitest";
import { ContactSchema, orderReference } from "./contact-schema";

const valid = {
  name: "נועה כהן",
  email: " Noa@Example.com ",
  subject: "שאלה על משלוח",
  message: "מתי מגיע המשלוח לרחובות?",
};

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("ContactSchema", () => {
  it("accepts a message without a phone, trimming and lower-casing the e-mail", () => {
    const result = ContactSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe("noa@example.com");
    expect(result.data?.phone).toBeUndefined();
  });

  it("accepts a phone of 9 characters or more", () => {
    expect(ContactSchema.safeParse({ ...valid, phone: "050-1234567" }).success).toBe(true);
    expect(ContactSchema.safeParse({ ...valid, phone: "035550199" }).success).toBe(true);
  });

  it("names each broken rule with its message key", () => {
    const result = ContactSchema.safeParse({ name: "נ", email: "noa", phone: "1234", subject: "הי", message: "קצר" });
    expect(messagesOf(result)).toEqual({
      name: "contact.validation.nameMin",
      email: "validation.emailInvalid",
      phone: "contact.validation.phoneInvalid",
      subject: "contact.validation.subjectMin",
      message: "contact.validation.messageMin",
    });
  });

  it("refuses a phone with letters in it, and missing fields", () => {
    expect(messagesOf(ContactSchema.safeParse({ ...valid, phone: "call me maybe" }))).toEqual({
      phone: "contact.validation.phoneInvalid",
    });
    expect(messagesOf(ContactSchema.safeParse({}))).toEqual({
      name: "contact.validation.nameMin",
      email: "validation.emailInvalid",
      subject: "contact.validation.subjectMin",
      message: "contact.validation.messageMin",
    });
  });

  it("counts the message after trimming spaces", () => {
    expect(messagesOf(ContactSchema.safeParse({ ...valid, message: "   קצר מדי     " }))).toEqual({
      message: "contact.validation.messageMin",
    });
  });
});

describe("orderReference", () => {
  it("shows the order number people see: the first 8 characters, upper case", () => {
    expect(orderReference("3f2a9c1e-77aa-4bcd-9e00-123456789abc")).toBe("3F2A9C1E");
    expect(orderReference("3f2a9c1e")).toBe("3F2A9C1E");
  });

  it("drops anything that is not a letter or digit, and gives null for nothing", () => {
    expect(orderReference("<script>")).toBe("SCRIPT");
    expect(orderReference("")).toBeNull();
    expect(orderReference(null)).toBeNull();
    expect(orderReference("--")).toBeNull();
  });
});
