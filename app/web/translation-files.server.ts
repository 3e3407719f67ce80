// The server's side of the translation files (app/translation-files.ts): their addresses, the
// text the root loader keeps for the page's render, and the file itself for GET
// /i18n/<locale>/<version>/<sections>.json (app/routes/translation-file.ts).
import { createHash } from "node:crypto";
import { translations } from "~/locales";
import { isSectionsKey, pageSectionsKey, translationJsonForSections } from "~/locales/sections";
import { keepTranslationFile, sectionsFileUrl } from "~/translation-files";

type Locale = keyof typeof translations;

function isLocale(locale: string): locale is Locale {
  return Object.hasOwn(translations, locale);
}

const versions = new Map<Locale, string>();

/** A short hash of all of a language's strings: any change to one of them gives a new version. */
function versionOf(locale: Locale): string {
  let version = versions.get(locale);
  if (!version) {
    version = createHash("sha256").update(JSON.stringify(translations[locale])).digest("hex").slice(0, 12);
    versions.set(locale, version);
  }
  return version;
}

/** A language we have strings for: the one asked, else Hebrew, as the pages do. */
function knownLocale(locale: string): Locale {
  return isLocale(locale) ? locale : "he";
}

/** Where a language's translation files are: `/i18n/<locale>/<version>/`. */
export function translationsBase(locale: string): string {
  const known = knownLocale(locale);
  return `/i18n/${known}/${versionOf(known)}/`;
}

/**
 * The root loader's part: the base for the page's data, with the page's file kept for the
 * server's render of it (the Layout reads it by its address).
 */
export function translationsForPage(locale: string, pathname: string): string {
  const base = translationsBase(locale);
  const key = pageSectionsKey(pathname);
  keepTranslationFile(sectionsFileUrl(base, key), translationJsonForSections(translations[knownLocale(locale)], key));
  return base;
}

const FILE_NAME = /^([a-zA-Z.,]+|_)\.json$/;

/**
 * A translation file's text, or null when the address names no file of this build: an unknown
 * language, another version (an old page after an update: the browser then keeps the server's
 * render, which works without scripts) or a set of sections no page has.
 */
export function translationFileAt(locale: string, version: string, fileName: string): string | null {
  if (!isLocale(locale) || version !== versionOf(locale)) return null;
  const name = FILE_NAME.exec(fileName)?.[1];
  if (name === undefined) return null;
  const key = name === "_" ? "" : name;
  if (!isSectionsKey(key)) return null;
  // Kept only for the sets pages have asked for: any other is written for this request alone.
  return translationJsonForSections(translations[locale], key, false);
}
