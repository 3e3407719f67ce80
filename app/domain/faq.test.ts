import { describe, expect, it } from "vitest";
import en from "~/locales/en/pages.json";
import he from "~/locales/he/pages.json";
import { translations } from "~/locales";
import { createTranslator } from "~/translator";
import { CANCEL_CUTOFF_HOURS, type DeliverySettings } from "./delivery";
import {
  deliveryTextValues,
  FAQ_CATEGORIES,
  FAQ_ENTRIES,
  filterFaq,
  groupFaq,
  parseFaqCategory,
  topFaqEntries,
  type FaqCategory,
} from "./faq";

const entries = [
  { id: "a", category: "shipping" as FaqCategory, text: "כמה עולה משלוח? Delivery costs 15 ₪" },
  { id: "b", category: "payments" as FaqCategory, text: "מתי משלמים? After the group closes" },
  { id: "c", category: "shipping" as FaqCategory, text: "אפשר לבחור יום למשלוח? Pick a DAY" },
  { id: "d", category: "account" as FaqCategory, text: "שכחתי סיסמה" },
];
const textOf = (e: (typeof entries)[number]) => e.text;
const ids = (list: { id: string }[]) => list.map((e) => e.id);

function translator(lang: "he" | "en") {
  return createTranslator(lang, [translations[lang]], null);
}

describe("filterFaq", () => {
  it("keeps every entry when there is no search and no category", () => {
    expect(ids(filterFaq(entries, { q: "", category: null }, textOf))).toEqual(["a", "b", "c", "d"]);
    expect(ids(filterFaq(entries, {}, textOf))).toEqual(["a", "b", "c", "d"]);
  });

  it("finds a word in the question or the answer", () => {
    expect(ids(filterFaq(entries, { q: "משלוח" }, textOf))).toEqual(["a", "c"]);
    expect(ids(filterFaq(entries, { q: "סיסמה" }, textOf))).toEqual(["d"]);
  });

  it("ignores case", () => {
    expect(ids(filterFaq(entries, { q: "day" }, textOf))).toEqual(["c"]);
    expect(ids(filterFaq(entries, { q: "DELIVERY" }, textOf))).toEqual(["a"]);
  });

  it("needs every word of the search, in any order, and ignores extra spaces", () => {
    expect(ids(filterFaq(entries, { q: "  למשלוח   יום " }, textOf))).toEqual(["c"]);
    expect(ids(filterFaq(entries, { q: "משלוח סיסמה" }, textOf))).toEqual([]);
  });

  it("keeps only the chosen category, together with the search", () => {
    expect(ids(filterFaq(entries, { category: "shipping" }, textOf))).toEqual(["a", "c"]);
    expect(ids(filterFaq(entries, { q: "day", category: "shipping" }, textOf))).toEqual(["c"]);
    expect(ids(filterFaq(entries, { q: "day", category: "payments" }, textOf))).toEqual([]);
  });

  it("finds nothing for a search nothing matches", () => {
    expect(filterFaq(entries, { q: "אבוקדו" }, textOf)).toEqual([]);
  });

  it("matches an amount whatever bidi marks Intl put around it", () => {
    const marked = [{ category: "shipping" as FaqCategory, text: "משלוח \u200f15\u00a0\u200f₪" }];
    expect(filterFaq(marked, { q: "15 ₪" }, (e) => e.text)).toHaveLength(1);
  });
});

describe("parseFaqCategory and groupFaq", () => {
  it("accepts only the spec's categories; anything else is 'all'", () => {
    expect(parseFaqCategory("shipping")).toBe("shipping");
    expect(parseFaqCategory("all")).toBeNull();
    expect(parseFaqCategory("nope")).toBeNull();
    expect(parseFaqCategory(null)).toBeNull();
  });

  it("groups in the chips' order and leaves empty categories out", () => {
    const groups = groupFaq([entries[3], entries[0], entries[2]]);
    expect(groups.map((g) => g.category)).toEqual(["shipping", "account"]);
    expect(ids(groups[0].entries)).toEqual(["a", "c"]);
  });
});

describe("the FAQ content", () => {
  it("has questions in every category, and unique ids", () => {
    for (const category of FAQ_CATEGORIES) {
      expect(FAQ_ENTRIES.filter((e) => e.category === category).length, category).toBeGreaterThanOrEqual(3);
    }
    expect(new Set(FAQ_ENTRIES.map((e) => e.id)).size).toBe(FAQ_ENTRIES.length);
    expect(topFaqEntries()).toHaveLength(4);
  });

  it("has every question and answer written in Hebrew and English", () => {
    for (const lang of ["he", "en"] as const) {
      const i18n = translator(lang);
      for (const entry of FAQ_ENTRIES) {
        expect(i18n.exists(entry.question), `${lang} ${entry.question}`).toBe(true);
        expect(i18n.exists(entry.answer), `${lang} ${entry.answer}`).toBe(true);
      }
    }
  });

  it("prints the viewer's community's delivery fee, free-delivery threshold and days, and the cut-off", () => {
    const t = translator("he").t;
    const community: DeliverySettings = { enabled: true, fee: 1290, freeFrom: 20_000, daysMin: 1, daysMax: 3 };
    const values = deliveryTextValues("he", community, t);
    const plain = (key: string) => t(key, values).replace(/[\u200e\u200f\u2066-\u2069]/g, "").replace(/\s+/g, " ");
    expect(plain("faq.items.shippingCost.a")).toContain("12.90 ₪");
    expect(plain("faq.items.shippingCost.a")).toContain("200.00 ₪");
    expect(plain("faq.items.hiddenFees.a")).toContain("12.90 ₪");
    expect(plain("faq.items.deliveryTime.a")).toContain("1-3");
    expect(plain("faq.items.cancelOrEdit.a")).toContain(`${CANCEL_CUTOFF_HOURS} `);
    for (const entry of FAQ_ENTRIES) expect(t(entry.answer, values)).not.toMatch(/\{\{/);
  });

  it("says a pickup-only community does not deliver, never-free has no threshold, and a guest reads that each community decides", () => {
    for (const lang of ["he", "en"] as const) {
      const t = translator(lang).t;
      const base: DeliverySettings = { enabled: true, fee: 1500, freeFrom: 15_000, daysMin: 2, daysMax: 5 };
      const off = deliveryTextValues(lang, { ...base, enabled: false }, t);
      expect(t("faq.items.shippingCost.a", off)).toBe(t("faq.items.shippingCost.a", { ...off, deliveryPrice: t("shop.communityDelivery.price.off") }));
      expect(t("faq.items.shippingCost.a", off)).not.toMatch(/\d/);
      const never = deliveryTextValues(lang, { ...base, freeFrom: null }, t);
      expect(never.deliveryPrice).toContain("15.00");
      expect(never.deliveryPrice).not.toContain("150.00");
      const guest = deliveryTextValues(lang, null, t);
      expect(guest.deliveryPrice).toBe(t("shop.communityDelivery.price.any"));
      expect(guest.deliveryTime).toBe(t("shop.communityDelivery.time.any"));
      for (const entry of FAQ_ENTRIES) for (const values of [off, never, guest]) expect(t(entry.answer, values)).not.toMatch(/\{\{/);
    }
  });

  it("never types those numbers into the copy itself", () => {
    const answers = [he.faq.items, en.faq.items].flatMap((items) =>
      ["shippingCost", "deliveryTime", "cancelOrEdit", "refund", "hiddenFees"].map((id) => items[id as keyof typeof items].a),
    );
    for (const answer of answers) expect(answer).not.toMatch(/\d/);
  });
});
