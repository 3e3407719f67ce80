// The deal form's live preview (issue #17): the price ladder a shopper will see, worked out from
// what the vendor has typed so far. Rows that are empty or not yet valid are left out (the
// form's own messages say what is wrong); the ladder never shows a price that rises. Pure.
import { shekelTextToAgorot } from "./deal-schema";

export interface LadderStep {
  /** the first quantity this price is for */
  from: number;
  /** the last one, or null for "and up" */
  to: number | null;
  /** agorot per unit */
  unitPrice: number;
}

/** From the typed base price and tier rows (text, as the form holds them). */
export function priceLadder(basePrice: string, tiers: { thresholdQty?: string; unitPrice?: string }[]): LadderStep[] {
  const base = shekelTextToAgorot(basePrice);
  if (base === null || base <= 0) return [];
  const rows = tiers
    .map((tier) => ({ qty: Number(tier.thresholdQty ?? ""), price: shekelTextToAgorot(tier.unitPrice ?? "") }))
    .filter((row): row is { qty: number; price: number } => Number.isInteger(row.qty) && row.qty >= 2 && row.price !== null)
    .sort((a, b) => a.qty - b.qty);
  const steps: LadderStep[] = [{ from: 1, to: null, unitPrice: base }];
  for (const row of rows) {
    const last = steps[steps.length - 1]!;
    if (row.qty <= last.from || row.price >= last.unitPrice) continue;
    last.to = row.qty - 1;
    steps.push({ from: row.qty, to: null, unitPrice: row.price });
  }
  return steps;
}

/**
 * How a ladder row reads (issue #49): "from 6 kg" for the last, open row; one quantity for a
 * band of one ("1 bag of 2 kg", not "1-1"); else the range. The values fill the locale's
 * backOffice.dealForm.ladder{From,One,Range} texts.
 */
export function ladderRowText(step: Pick<LadderStep, "from" | "to">): { key: "ladderFrom" | "ladderOne" | "ladderRange"; values: { qty?: number; from?: number; to?: number } } {
  if (step.to === null) return { key: "ladderFrom", values: { qty: step.from } };
  if (step.to === step.from) return { key: "ladderOne", values: { qty: step.from } };
  return { key: "ladderRange", values: { from: step.from, to: step.to } };
}
