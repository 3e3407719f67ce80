// The deal form (vendor and admin) and its API twin: one schema, used by the pages through
// conform and by PUT/POST /api/.../deals as JSON. Money is typed in shekels ("12.90", a JSON
// number works too) and comes out in agorot. Messages are locale keys under
// "dealEditor.validation" (app/locales/*/deals-admin.json). Pure.
import { z } from "zod";
import { CATEGORIES, DEAL_STATUSES, type DealStatus } from "~/domain/enums";
import { toDecimalString } from "./money";
import { tooLong } from "./text-limits";
import { parseListQuery } from "./list-query";

export const DEAL_TITLE_MAX = 120;
export const DEAL_DESCRIPTION_MAX = 4000;
export const DEAL_UNIT_MAX = 40;
/** The most anyone may order of one deal. */
export const DEAL_QTY_LIMIT = 1000;
export const DEAL_TIERS_MAX = 5;
/** An admin's send-back note to the vendor. */
export const DEAL_NOTE_MAX = 1000;
/** 10,000 shekels: far above any box of vegetables, low enough to catch a typo. */
export const DEAL_PRICE_MAX = 1_000_000;

/** "12.9" -> 1290; the text is already checked to be digits with up to two decimals. */
function toAgorot(text: string): number {
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Typed shekels ("12.9", "12,90") in agorot, or null when the text is not a price the form takes. */
export function shekelTextToAgorot(text: string): number | null {
  const clean = text.trim().replace(",", ".");
  return /^\d{1,6}(\.\d{1,2})?$/.test(clean) ? toAgorot(clean) : null;
}

function shekels(requiredKey: string) {
  return z.preprocess(
    (value) => (typeof value === "number" && Number.isFinite(value) ? value.toFixed(2) : typeof value === "string" ? value.trim().replace(",", ".") : value),
    z
      .string({ error: requiredKey })
      .min(1, { error: requiredKey })
      .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: "dealEditor.validation.priceInvalid" })
      .transform(toAgorot)
      .pipe(z.number().max(DEAL_PRICE_MAX, { error: "dealEditor.validation.priceTooHigh" })),
  );
}

function quantity(requiredKey: string) {
  return z
    .number({ error: requiredKey })
    .int({ error: "dealEditor.validation.qtyWhole" })
    .min(1, { error: "dealEditor.validation.qtyMin" })
    .max(DEAL_QTY_LIMIT, { error: "dealEditor.validation.qtyMax" });
}

const tier = z.object({
  thresholdQty: quantity("dealEditor.validation.tierQtyRequired"),
  unitPrice: shekels("dealEditor.validation.tierPriceRequired"),
});

const blank = (value: unknown) => value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** The form shows empty tier rows to fill in (no script needed); wholly empty rows are not tiers. */
const tiers = z.preprocess(
  (value) => (Array.isArray(value) ? value.filter((row) => !(row && typeof row === "object" && Object.values(row).every(blank))) : value ?? []),
  z.array(tier, { error: "dealEditor.validation.tiersInvalid" }).max(DEAL_TIERS_MAX, { error: "dealEditor.validation.tiersTooMany" }),
);

export interface TierIssue {
  /** the tier's position in the list */
  index: number;
  field: "thresholdQty" | "unitPrice";
  message: string;
}

/**
 * Quantity tiers: thresholds rise, each price is below the base price and below the tier before
 * it (buying more never costs more per unit), and no tier starts past the maximum quantity.
 */
export function tierIssues(input: { basePrice: number; maxQty: number; tiers: { thresholdQty: number; unitPrice: number }[] }): TierIssue[] {
  const issues: TierIssue[] = [];
  input.tiers.forEach((tier, index) => {
    const previous = input.tiers[index - 1];
    if (tier.thresholdQty < 2) issues.push({ index, field: "thresholdQty", message: "dealEditor.validation.tierQtyAboveOne" });
    else if (previous && tier.thresholdQty <= previous.thresholdQty) issues.push({ index, field: "thresholdQty", message: "dealEditor.validation.tierQtyRising" });
    else if (tier.thresholdQty > input.maxQty) issues.push({ index, field: "thresholdQty", message: "dealEditor.validation.tierQtyAboveMax" });
    if (tier.unitPrice >= input.basePrice) issues.push({ index, field: "unitPrice", message: "dealEditor.validation.tierPriceBelowBase" });
    else if (previous && tier.unitPrice >= previous.unitPrice) issues.push({ index, field: "unitPrice", message: "dealEditor.validation.tierPriceFalling" });
  });
  return issues;
}

export const DealFormSchema = z
  .object({
    title: z
      .string({ error: "dealEditor.validation.titleRequired" })
      .trim()
      .min(2, { error: "dealEditor.validation.titleRequired" })
      .max(DEAL_TITLE_MAX, { error: "dealEditor.validation.titleTooLong" }),
    /** empty: made from the title */
    slug: z.string().trim().max(DEAL_TITLE_MAX, { error: "dealEditor.validation.slugTooLong" }).optional(),
    description: z
      .string({ error: "dealEditor.validation.descriptionRequired" })
      .trim()
      .min(10, { error: "dealEditor.validation.descriptionRequired" })
      .max(DEAL_DESCRIPTION_MAX, { error: "dealEditor.validation.descriptionTooLong" }),
    category: z.enum(CATEGORIES, { error: "dealEditor.validation.categoryRequired" }),
    unit: z
      .string({ error: "dealEditor.validation.unitRequired" })
      .trim()
      .min(1, { error: "dealEditor.validation.unitRequired" })
      .max(DEAL_UNIT_MAX, { error: "dealEditor.validation.unitTooLong" }),
    basePrice: shekels("dealEditor.validation.priceRequired").pipe(z.number().min(1, { error: "dealEditor.validation.priceRequired" })),
    minQty: quantity("dealEditor.validation.minQtyRequired"),
    maxQty: quantity("dealEditor.validation.maxQtyRequired"),
    /** units she can still supply (domain/stock.ts); empty or null: no limit */
    stock: z
      .number({ error: "dealEditor.validation.stockInvalid" })
      .int({ error: "dealEditor.validation.qtyWhole" })
      .min(0, { error: "dealEditor.validation.stockInvalid" })
      .max(DEAL_QTY_LIMIT * 100, { error: "dealEditor.validation.qtyMax" })
      .nullish(),
    /** the stock the form showed: orders taken since it was drawn come off what she typed */
    stockShown: z.number().int().min(0).max(DEAL_QTY_LIMIT * 100).nullish(),
    tiers,
  })
  .superRefine((value, ctx) => {
    // Zod runs this even when a field above failed: compare only what parsed.
    const ok = (n: unknown) => typeof n === "number" && Number.isFinite(n);
    if (!ok(value.basePrice) || !ok(value.minQty) || !ok(value.maxQty) || !Array.isArray(value.tiers)) return;
    if (value.maxQty < value.minQty) ctx.addIssue({ code: "custom", path: ["maxQty"], message: "dealEditor.validation.maxBelowMin" });
    for (const issue of tierIssues(value)) ctx.addIssue({ code: "custom", path: ["tiers", issue.index, issue.field], message: issue.message });
  });

export type DealInput = z.output<typeof DealFormSchema>;

/** An admin's send-back: the vendor reads this note, so it must say something. */
export const SendBackSchema = z.object({
  note: z
    .string({ error: "dealEditor.validation.noteRequired" })
    .trim()
    .min(3, { error: "dealEditor.validation.noteRequired" })
    .max(DEAL_NOTE_MAX, { error: "dealEditor.validation.noteTooLong" }),
});

/** DELETE /api/vendor/deals/:id/images */
export const RemoveImageSchema = z.object({
  url: z.string({ error: "dealEditor.validation.imageUrlRequired" }).min(1, { error: "dealEditor.validation.imageUrlRequired" }).max(200, { error: tooLong(200) }),
});

/** How many tier rows the form shows: the deal's own plus empty ones to fill (no script needed). */
export function tierRowCount(filled: number): number {
  return Math.min(DEAL_TIERS_MAX, Math.max(3, filled + 2));
}

/** A deal's content as stored (money in agorot): what the form starts from and the summary shows. */
export interface DealContent {
  title: string;
  description: string;
  category: string;
  unit: string;
  basePrice: number;
  minQty: number;
  maxQty: number;
  stock: number | null;
  tiers: { thresholdQty: number; unitPrice: number }[];
}

/** A stored deal as the form's starting values: shekels as text, empty tier rows padded. */
export function dealFormDefaults(deal: DealContent & { slug: string }) {
  const tiers = deal.tiers.map((tier) => ({ thresholdQty: String(tier.thresholdQty), unitPrice: toDecimalString(tier.unitPrice) }));
  while (tiers.length < tierRowCount(deal.tiers.length)) tiers.push({ thresholdQty: "", unitPrice: "" });
  return {
    title: deal.title,
    slug: deal.slug,
    description: deal.description,
    category: deal.category,
    unit: deal.unit,
    basePrice: toDecimalString(deal.basePrice),
    minQty: String(deal.minQty),
    maxQty: String(deal.maxQty),
    stock: deal.stock === null ? "" : String(deal.stock),
    stockShown: deal.stock === null ? "" : String(deal.stock),
    tiers,
  };
}

export type DealFormDefaults = ReturnType<typeof dealFormDefaults>;

/** The new-deal form's starting values. */
export function emptyDealFormDefaults(): DealFormDefaults {
  return { ...dealFormDefaults({ title: "", slug: "", description: "", category: "", unit: "", basePrice: 0, minQty: 1, maxQty: 100, stock: null, tiers: [] }), basePrice: "" };
}

/** The admins' deals tab state (status, search, page), in the URL so it works without JavaScript. */
export function parseAdminDealsQuery(params: URLSearchParams): { status: DealStatus | null; q: string; page: number } {
  const status = params.get("status") ?? "";
  return {
    status: (DEAL_STATUSES as readonly string[]).includes(status) ? (status as DealStatus) : null,
    ...parseListQuery(params),
  };
}
