import { describe, expect, it } from "vitest";
import { ApplicationDecisionSchema, NOT_COUNTED_STATUSES, parseDecision, VendorApplicationSchema, vendorDealState } from "./vendor-schemas";

const valid = {
  businessName: "משק אלון",
  contactName: "אלון ברק",
  phone: "050-1234567",
  email: " Alon@Example.com ",
  description: "ירקות עלים ועשבי תיבול מהמשק שלנו בעמק, קטיף בבוקר ומשלוח באותו יום.",
};

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
}

describe("VendorApplicationSchema", () => {
  it("accepts a full application and lower-cases the e-mail", () => {
    const result = VendorApplicationSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe("alon@example.com");
  });

  it("names each broken rule with its message key", () => {
    expect(messagesOf(VendorApplicationSchema.safeParse({ businessName: "מ", contactName: "א", phone: "12", email: "x", description: "קצר" }))).toEqual({
      businessName: "vendor.validation.businessNameMin",
      contactName: "vendor.validation.contactNameMin",
      phone: "vendor.validation.phoneInvalid",
      email: "validation.emailInvalid",
      description: "vendor.validation.descriptionMin",
    });
  });

  it("refuses a phone with letters", () => {
    expect(messagesOf(VendorApplicationSchema.safeParse({ ...valid, phone: "call me maybe" }))).toEqual({ phone: "vendor.validation.phoneInvalid" });
  });
});

describe("ApplicationDecisionSchema", () => {
  it("approves without a note but rejects only with one", () => {
    expect(ApplicationDecisionSchema.safeParse({ decision: "approve" }).success).toBe(true);
    expect(messagesOf(ApplicationDecisionSchema.safeParse({ decision: "reject", note: " " }))).toEqual({ note: "adminVendorApplications.validation.noteRequired" });
    expect(ApplicationDecisionSchema.safeParse({ decision: "reject", note: "חסר תיאור של המשק" }).success).toBe(true);
  });

  it("knows the two decisions only", () => {
    expect(parseDecision("approve")).toBe("approve");
    expect(parseDecision("reject")).toBe("reject");
    expect(parseDecision("delete")).toBeNull();
  });
});

describe("vendorDealState", () => {
  it("shows a submitted draft as in review, and the four statuses otherwise", () => {
    expect(vendorDealState({ status: "DRAFT", submittedAt: null })).toBe("DRAFT");
    expect(vendorDealState({ status: "DRAFT", submittedAt: new Date() })).toBe("IN_REVIEW");
    expect(vendorDealState({ status: "ACTIVE", submittedAt: new Date() })).toBe("ACTIVE");
    expect(vendorDealState({ status: "ARCHIVED", submittedAt: null })).toBe("ARCHIVED");
  });
});

describe("NOT_COUNTED_STATUSES", () => {
  it("leaves cancelled and refunded orders out, as community revenue does", () => {
    expect([...NOT_COUNTED_STATUSES].sort()).toEqual(["CANCELED", "REFUNDED"]);
  });
});
