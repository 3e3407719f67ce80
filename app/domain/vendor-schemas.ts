// The vendor area's schemas and small rules (issue #7), shared by the server (parseWithZod, the
// /api routes) and the browser (getZodConstraint). Messages are locale keys under
// "vendor.validation" (app/locales/*/vendor.json), plus the account forms' e-mail wording. Pure.
import { z } from "zod";
import type { DealStatus, OrderStatus } from "~/domain/enums";
import { emailField } from "./account-schemas";
import { HONEYPOT_FIELD } from "./contact-schema";
import { countsTowardRevenue } from "./order-status";

export const BUSINESS_NAME_MIN = 2;
export const APPLICATION_DESCRIPTION_MIN = 20;
export const REVIEW_NOTE_MIN = 3;

const text = (min: number, max: number, minKey: string, maxKey: string) =>
  z.string({ error: minKey }).trim().min(min, { error: minKey }).max(max, { error: maxKey });

/** The /vendor application form and POST /api/vendor/applications. */
export const VendorApplicationSchema = z.object({
  businessName: text(BUSINESS_NAME_MIN, 100, "vendor.validation.businessNameMin", "vendor.validation.businessNameMax"),
  contactName: text(2, 80, "vendor.validation.contactNameMin", "vendor.validation.contactNameMax"),
  phone: z
    .string({ error: "vendor.validation.phoneInvalid" })
    .trim()
    .min(9, { error: "vendor.validation.phoneInvalid" })
    .max(20, { error: "vendor.validation.phoneInvalid" })
    .regex(/^[0-9+\-\s()]+$/, { error: "vendor.validation.phoneInvalid" }),
  email: emailField,
  description: text(APPLICATION_DESCRIPTION_MIN, 2000, "vendor.validation.descriptionMin", "vendor.validation.descriptionMax"),
  [HONEYPOT_FIELD]: z.string().optional(),
});
export type VendorApplicationInput = z.infer<typeof VendorApplicationSchema>;

export const APPLICATION_DECISIONS = ["approve", "reject"] as const;
export type ApplicationDecision = (typeof APPLICATION_DECISIONS)[number];

export function parseDecision(value: string | null | undefined): ApplicationDecision | null {
  return APPLICATION_DECISIONS.find((d) => d === value) ?? null;
}

/** An admin's decision: a reject must say why, so the applicant knows what to fix. */
export const ApplicationDecisionSchema = z
  .object({
    decision: z.enum(APPLICATION_DECISIONS, { error: "adminVendorApplications.validation.decision" }),
    note: z.string({ error: "adminVendorApplications.validation.noteRequired" }).trim().max(1000, { error: "adminVendorApplications.validation.noteMax" }).optional(),
  })
  .refine((value) => value.decision !== "reject" || (value.note?.length ?? 0) >= REVIEW_NOTE_MIN, {
    path: ["note"],
    error: "adminVendorApplications.validation.noteRequired",
  });

/** What a vendor sees of a deal: the four statuses, plus "in review" (a DRAFT with submittedAt). */
export type VendorDealState = DealStatus | "IN_REVIEW";

export function vendorDealState(deal: { status: DealStatus; submittedAt: Date | null }): VendorDealState {
  return deal.status === "DRAFT" && deal.submittedAt !== null ? "IN_REVIEW" : deal.status;
}

/** Order statuses the dashboard leaves out of quantities and revenue (DESIGN.md). */
export const NOT_COUNTED_STATUSES: readonly OrderStatus[] = (
  ["PENDING", "PAID", "CANCELED", "FULFILLED", "REFUNDED"] as const
).filter((status) => !countsTowardRevenue(status));
