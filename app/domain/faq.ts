// The FAQ: which questions exist, under which category, and the search over them. Pure, so the
// /faq loader, the /contact page and the unit tests share it. The wording lives in the locale
// files ("faq.items.<id>.q" / ".a"); every delivery and cancellation number comes from
// delivery.ts through deliveryTextValues(), so the answers can never disagree with checkout.
import { CANCEL_CUTOFF_HOURS, deliveryPhrases, REFUND_DAYS, type DeliverySettings } from "./delivery";
import { formatShekel } from "./money";

/** The spec's chips, in order (besides "all", which is no category at all). */
export const FAQ_CATEGORIES = ["groups", "orders", "shipping", "payments", "account"] as const;
export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

export interface FaqEntry {
  id: string;
  category: FaqCategory;
  /** locale key of the question */
  question: string;
  /** locale key of the answer */
  answer: string;
}

const entry = (category: FaqCategory, id: string): FaqEntry => ({
  id,
  category,
  question: `faq.items.${id}.q`,
  answer: `faq.items.${id}.a`,
});

export const FAQ_ENTRIES: readonly FaqEntry[] = [
  entry("groups", "howItWorks"),
  entry("groups", "priceTiers"),
  entry("groups", "minimumMissed"),
  entry("groups", "closingDate"),
  entry("orders", "cancelOrEdit"),
  entry("orders", "trackOrders"),
  entry("orders", "severalDeals"),
  entry("orders", "outOfStock"),
  entry("shipping", "shippingCost"),
  entry("shipping", "deliveryTime"),
  entry("shipping", "deliveryDate"),
  entry("shipping", "courier"),
  entry("payments", "whenPay"),
  entry("payments", "invoice"),
  entry("payments", "refund"),
  entry("payments", "hiddenFees"),
  entry("account", "signIn"),
  entry("account", "passwordReset"),
  entry("account", "editProfile"),
  entry("account", "deleteAccount"),
  entry("account", "notifications"),
];

/** The few questions the /contact page answers before anyone writes in. */
export const TOP_FAQ_IDS = ["cancelOrEdit", "shippingCost", "minimumMissed", "whenPay"] as const;

export function topFaqEntries(): FaqEntry[] {
  return TOP_FAQ_IDS.map((id) => FAQ_ENTRIES.find((e) => e.id === id)!);
}

/** A translate function: the page's `t` (app/translator.ts), given a key and its values. */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * The interpolation values the FAQ and the terms print ({{deliveryPrice}}, {{deliveryTime}},
 * {{cutoffHours}}, {{refundMin}}, {{refundMax}}), from the one delivery module; and the tier
 * example's prices, so that every amount on the page has the one price format. Delivery is each
 * community's own (issue #45): `delivery` is the viewer's community's, or null for a viewer of
 * none, whose answer is that each community decides.
 */
export function deliveryTextValues(locale: string, delivery: DeliverySettings | null, t: Translate) {
  const shekel = (agorot: number) => formatShekel(agorot, locale);
  const phrases = deliveryPhrases(delivery, shekel);
  return {
    deliveryPrice: t(phrases.price.key, phrases.price.values),
    deliveryTime: t(phrases.time.key, phrases.time.values),
    cutoffHours: CANCEL_CUTOFF_HOURS,
    refundMin: REFUND_DAYS.min,
    refundMax: REFUND_DAYS.max,
    examplePrice: shekel(5000),
    exampleLowerPrice: shekel(4000),
  };
}

/** `?category=` as a known category, or null for "all" (and for anything unknown). */
export function parseFaqCategory(value: string | null | undefined): FaqCategory | null {
  return FAQ_CATEGORIES.find((c) => c === value) ?? null;
}

// Bidi marks (Intl puts them around "15 ₪" in Hebrew) and case must not decide a match.
function normalize(text: string): string {
  return text
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "")
    .toLocaleLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The entries in `category` (all when null) whose question or answer holds every word of `q`,
 * case-insensitively. `textOf` gives an entry's translated question and answer.
 */
export function filterFaq<T extends Pick<FaqEntry, "category">>(
  entries: readonly T[],
  { q, category }: { q?: string | null; category?: FaqCategory | null },
  textOf: (entry: T) => string,
): T[] {
  const words = normalize(q ?? "").split(" ").filter(Boolean);
  return entries.filter((e) => {
    if (category && e.category !== category) return false;
    if (words.length === 0) return true;
    const text = normalize(textOf(e));
    return words.every((word) => text.includes(word));
  });
}

/** Entries grouped under their category, in the chips' order; empty categories left out. */
export function groupFaq<T extends Pick<FaqEntry, "category">>(entries: readonly T[]) {
  return FAQ_CATEGORIES.map((category) => ({ category, entries: entries.filter((e) => e.category === category) })).filter(
    (group) => group.entries.length > 0,
  );
}
