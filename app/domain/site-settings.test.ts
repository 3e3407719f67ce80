import { describe, expect, it } from "vitest";
import {
  changedSettingKeys,
  DEFAULT_SITE_SETTINGS,
  inLanguage,
  missingSettings,
  paragraphs,
  publicBusiness,
  senderLine,
  settingsFromRows,
  SiteSettingsSchema,
  telHref,
} from "./site-settings";

const filled = SiteSettingsSchema.parse({
  businessName: { he: "שוק השכונה בע״מ", en: "Neighbourhood Market Ltd." },
  registrationNumber: "51-234567-8",
  address: { he: "הרימון 4, חדרה", en: "" },
  phone: "04-6000000",
  email: "hello@market.example",
  hours: { he: "ראשון עד חמישי 9-17", en: "Sun-Thu 9-17" },
  aboutStory: { he: "פסקה ראשונה\nשורה שנייה\n\nפסקה שנייה", en: "" },
  receiptFooter: { he: "תודה שקניתם בשכונה", en: "Thank you" },
});

describe("site settings schema", () => {
  it("leaves every field empty on a fresh install", () => {
    expect(DEFAULT_SITE_SETTINGS).toEqual({
      businessName: { he: "", en: "" },
      registrationNumber: "",
      address: { he: "", en: "" },
      phone: "",
      email: "",
      privacyEmail: "",
      hours: { he: "", en: "" },
      aboutStory: { he: "", en: "" },
      receiptFooter: { he: "", en: "" },
      // The market keeps no share of the farmers' sales until the organiser sets one (issue #49).
      marketSharePercent: 0,
    });
  });

  it("takes a market share from 0 to 50 percent with up to two decimals, and nothing else", () => {
    expect(SiteSettingsSchema.parse({ marketSharePercent: 7.5 }).marketSharePercent).toBe(7.5);
    expect(SiteSettingsSchema.parse({ marketSharePercent: 12.25 }).marketSharePercent).toBe(12.25);
    for (const bad of [-1, 50.5, 1.234, Number.NaN, "ten"]) expect(SiteSettingsSchema.safeParse({ marketSharePercent: bad }).success, String(bad)).toBe(false);
  });

  it("keeps what the organiser typed, trimmed, and reads empty text as empty", () => {
    const parsed = SiteSettingsSchema.parse({ businessName: { he: "  שוק  ", en: "" }, phone: "", email: " a@b.example " });
    expect(parsed.businessName).toEqual({ he: "שוק", en: "" });
    expect(parsed.phone).toBe("");
    expect(parsed.email).toBe("a@b.example");
  });

  it.each([
    ["a registration number of 8 digits", { registrationNumber: "12345678" }, "registrationNumber", "admin.siteSettings.validation.registrationNumber"],
    ["letters in the registration number", { registrationNumber: "51234567X" }, "registrationNumber", "admin.siteSettings.validation.registrationNumber"],
    ["a phone number of words", { phone: "call us" }, "phone", "admin.siteSettings.validation.phone"],
    ["an e-mail without @", { email: "hello.example" }, "email", "admin.siteSettings.validation.email"],
    ["a bad privacy e-mail", { privacyEmail: "privacy@" }, "privacyEmail", "admin.siteSettings.validation.email"],
    ["a name too long", { businessName: { he: "א".repeat(121), en: "" } }, "businessName", "admin.siteSettings.validation.tooLong"],
    ["a story too long", { aboutStory: { he: "", en: "a".repeat(4001) } }, "aboutStory", "admin.siteSettings.validation.tooLong"],
    ["a number for a text", { address: { he: 12, en: "" } }, "address", "admin.siteSettings.validation.invalid"],
  ])("refuses %s with its message", (_, input, path, message) => {
    const result = SiteSettingsSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ message, path: expect.arrayContaining([path]) })]);
  });

  it("takes a 9-digit number with dashes or spaces, and an international phone", () => {
    expect(SiteSettingsSchema.parse({ registrationNumber: "514 123 456", phone: "+972 4-600-0000" })).toMatchObject({ registrationNumber: "514 123 456", phone: "+972 4-600-0000" });
  });
});

describe("stored settings", () => {
  it("reads each row over the defaults and ignores unknown keys and values that no longer fit", () => {
    const settings = settingsFromRows([
      { key: "phone", value: "04-6000000" },
      { key: "businessName", value: { he: "שוק", en: "Market" } },
      { key: "email", value: "not an e-mail" },
      { key: "address", value: "a plain string from an older version" },
      { key: "somethingElse", value: 42 },
    ]);
    expect(settings).toEqual({ ...DEFAULT_SITE_SETTINGS, phone: "04-6000000", businessName: { he: "שוק", en: "Market" } });
  });

  it("names the keys that changed", () => {
    expect(changedSettingKeys(DEFAULT_SITE_SETTINGS, DEFAULT_SITE_SETTINGS)).toEqual([]);
    expect(changedSettingKeys(DEFAULT_SITE_SETTINGS, { ...DEFAULT_SITE_SETTINGS, phone: "04-6000000", hours: { he: "", en: "9-17" } })).toEqual(["phone", "hours"]);
  });
});

describe("what the pages print", () => {
  it("lists the essentials still missing", () => {
    expect(missingSettings(DEFAULT_SITE_SETTINGS)).toEqual(["businessName", "registrationNumber", "address", "phone", "email"]);
    expect(missingSettings(filled)).toEqual([]);
    expect(missingSettings({ ...filled, address: { he: "", en: "" }, phone: "" })).toEqual(["address", "phone"]);
  });

  it("picks the page's language and falls back to the other one", () => {
    expect(inLanguage({ he: "שוק", en: "Market" }, "en")).toBe("Market");
    expect(inLanguage({ he: "שוק", en: "" }, "en")).toBe("שוק");
    expect(inLanguage({ he: "", en: "Market" }, "he")).toBe("Market");
    expect(inLanguage({ he: "", en: "" }, "he")).toBeNull();
  });

  it("dials an Israeli number in international form", () => {
    expect(telHref("03-555 0199")).toBe("tel:+97235550199");
    expect(telHref("+972 4-600-0000")).toBe("tel:+97246000000");
  });

  it("signs a mail with the business's name, phone and e-mail as far as they are filled in", () => {
    expect(senderLine(filled, "he")).toBe("שוק השכונה בע״מ · 04-6000000 · hello@market.example");
    expect(senderLine(filled, "en")).toBe("Neighbourhood Market Ltd. · 04-6000000 · hello@market.example");
    expect(senderLine({ ...filled, phone: "", email: "" }, "en")).toBe("Neighbourhood Market Ltd.");
    expect(senderLine(DEFAULT_SITE_SETTINGS, "he")).toBeNull();
  });

  it("splits the story at empty lines", () => {
    expect(paragraphs("one\ntwo\n\n\nthree\n")).toEqual(["one two", "three"]);
    expect(paragraphs("  ")).toEqual([]);
  });

  it("prints nothing for a fresh install", () => {
    expect(publicBusiness(DEFAULT_SITE_SETTINGS, "he")).toEqual({
      name: null,
      registrationNumber: null,
      address: null,
      phone: null,
      email: null,
      privacyEmail: null,
      hours: null,
      story: [],
      receiptFooter: null,
    });
  });

  it("prints what is set, in the page's language, privacy mail falling back to the main one", () => {
    expect(publicBusiness(filled, "en")).toEqual({
      name: "Neighbourhood Market Ltd.",
      registrationNumber: "51-234567-8",
      address: "הרימון 4, חדרה",
      phone: { label: "04-6000000", href: "tel:+97246000000" },
      email: "hello@market.example",
      privacyEmail: "hello@market.example",
      hours: "Sun-Thu 9-17",
      story: ["פסקה ראשונה שורה שנייה", "פסקה שנייה"],
      receiptFooter: "Thank you",
    });
  });
});
