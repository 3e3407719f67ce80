// The marketplace's own details (issue #45): who runs it, how people reach them, the /about story
// and the receipt's closing line. The organiser enters them at /admin/settings; until then every
// field is empty and the pages say nothing rather than name a business that does not exist.
// Pure: the schema the admin form and the service share, the defaults, and how a page reads them.
// Messages are locale keys (admin.siteSettings.validation.*).
import { z } from "zod";
import { MARKET_SHARE_MAX_PERCENT } from "./farmer-money";

const M = "admin.siteSettings.validation";

export const SITE_LOCALES = ["he", "en"] as const;
export type SiteLocale = (typeof SITE_LOCALES)[number];

/** The longest each text may be, in characters. */
export const SITE_TEXT_LIMITS = { name: 120, address: 200, hours: 200, story: 4000, footer: 500, email: 254 } as const;

// A form sends "" for an empty box and conform hands the schema undefined; JSON may send "".
// Either way an empty field is stored as "".
const text = (max: number) => z.string({ error: `${M}.invalid` }).trim().max(max, { error: `${M}.tooLong` }).default("");
const bilingual = (max: number) => z.object({ he: text(max), en: text(max) }, { error: `${M}.invalid` }).default({ he: "", en: "" });
/** Empty, or text that passes `rule`. */
const optionalMatching = (max: number, rule: (value: string) => boolean, key: string) =>
  text(max).refine((value) => value === "" || rule(value), { error: `${M}.${key}` });

/** An Israeli company number or licensed dealer number: 9 digits, a dash or space between them allowed. */
const REGISTRATION_NUMBER = /^(\d[- ]?){8}\d$/;
const PHONE = /^\+?\d[\d -]{7,18}\d$/;
const isEmail = (value: string) => z.email().safeParse(value).success;

export const SiteSettingsSchema = z.object({
  businessName: bilingual(SITE_TEXT_LIMITS.name),
  registrationNumber: optionalMatching(20, (value) => REGISTRATION_NUMBER.test(value), "registrationNumber"),
  address: bilingual(SITE_TEXT_LIMITS.address),
  phone: optionalMatching(20, (value) => PHONE.test(value), "phone"),
  email: optionalMatching(SITE_TEXT_LIMITS.email, isEmail, "email"),
  /** Where privacy requests go; empty, they go to `email`. */
  privacyEmail: optionalMatching(SITE_TEXT_LIMITS.email, isEmail, "email"),
  hours: bilingual(SITE_TEXT_LIMITS.hours),
  /** The /about story, paragraphs separated by an empty line. */
  aboutStory: bilingual(SITE_TEXT_LIMITS.story),
  receiptFooter: bilingual(SITE_TEXT_LIMITS.footer),
  /**
   * The market's share of each line its farmers sell, in percent (issue #49, domain/farmer-money.ts):
   * 0 until the organiser sets one; a week's share is fixed when it closes.
   */
  marketSharePercent: z
    .number({ error: `${M}.marketShare` })
    .min(0, { error: `${M}.marketShare` })
    .max(MARKET_SHARE_MAX_PERCENT, { error: `${M}.marketShare` })
    .refine((value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, { error: `${M}.marketShare` })
    .default(0),
});
export type SiteSettings = z.output<typeof SiteSettingsSchema>;
export type SiteSettingKey = keyof SiteSettings;
export type BilingualText = SiteSettings["businessName"];

/** One site_settings row per key. */
export const SITE_SETTING_KEYS = Object.keys(SiteSettingsSchema.shape) as SiteSettingKey[];

/** A fresh install: nothing filled in. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = SiteSettingsSchema.parse({});

/**
 * The settings from the stored rows. A key never saved, or one whose value no longer fits (edited
 * by hand, written by an older version), reads as its default instead of breaking every page.
 */
export function settingsFromRows(rows: readonly { key: string; value: unknown }[]): SiteSettings {
  const settings: Record<string, unknown> = { ...DEFAULT_SITE_SETTINGS };
  for (const { key, value } of rows) {
    if (!(SITE_SETTING_KEYS as string[]).includes(key)) continue;
    const parsed = SiteSettingsSchema.shape[key as SiteSettingKey].safeParse(value);
    if (parsed.success) settings[key] = parsed.data;
  }
  return settings as SiteSettings;
}

/** The keys whose value differs between two settings (what the audit row records). */
export function changedSettingKeys(before: SiteSettings, after: SiteSettings): SiteSettingKey[] {
  return SITE_SETTING_KEYS.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
}

/** A text in the page's language; failing that the other one (a Hebrew name beats none); else null. */
export function inLanguage(value: BilingualText, locale: string): string | null {
  const first: SiteLocale = locale === "en" ? "en" : "he";
  const other: SiteLocale = first === "he" ? "en" : "he";
  return value[first] || value[other] || null;
}

/**
 * Who sends the product's mails, in one line (issue #45: mails name the organiser's business):
 * its name, phone and e-mail as far as they are filled in; null on a fresh install.
 */
export function senderLine(settings: SiteSettings, locale: string): string | null {
  const parts = [inLanguage(settings.businessName, locale), settings.phone, settings.email].filter((part): part is string => Boolean(part));
  return parts.length ? parts.join(" · ") : null;
}

/** What the dashboard asks the organiser to fill in before the first real receipt. */
export const ESSENTIAL_SETTINGS = ["businessName", "registrationNumber", "address", "phone", "email"] as const satisfies readonly SiteSettingKey[];

export function missingSettings(settings: SiteSettings): (typeof ESSENTIAL_SETTINGS)[number][] {
  return ESSENTIAL_SETTINGS.filter((key) => {
    const value = settings[key];
    return typeof value === "string" ? value === "" : !value.he && !value.en;
  });
}

/** "03-555 0199" -> "tel:+97235550199"; an Israeli number's leading 0 becomes +972. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  if (digits.startsWith("+")) return `tel:${digits}`;
  return `tel:${digits.startsWith("0") ? `+972${digits.slice(1)}` : digits}`;
}

/** A long text as paragraphs: split at empty lines, each paragraph's lines kept together. */
export function paragraphs(value: string): string[] {
  return value
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);
}

/** What the public pages print, in one language: null for every field not filled in. */
export interface PublicBusiness {
  name: string | null;
  registrationNumber: string | null;
  address: string | null;
  phone: { label: string; href: string } | null;
  email: string | null;
  privacyEmail: string | null;
  hours: string | null;
  story: string[];
  receiptFooter: string | null;
}

export function publicBusiness(settings: SiteSettings, locale: string): PublicBusiness {
  return {
    name: inLanguage(settings.businessName, locale),
    registrationNumber: settings.registrationNumber || null,
    address: inLanguage(settings.address, locale),
    phone: settings.phone ? { label: settings.phone, href: telHref(settings.phone) } : null,
    email: settings.email || null,
    privacyEmail: settings.privacyEmail || settings.email || null,
    hours: inLanguage(settings.hours, locale),
    story: paragraphs(inLanguage(settings.aboutStory, locale) ?? ""),
    receiptFooter: inLanguage(settings.receiptFooter, locale),
  };
}
