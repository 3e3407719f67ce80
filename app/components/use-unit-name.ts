// A deal's sale unit in the page's language (issue #47). A deal stores its unit as the list's
// Hebrew name (domain/units.ts); an English page showed "per ק״ג". A unit of the list reads in
// English there; a unit typed by hand before the list existed is the vendor's own word and shows
// as typed. The list's words come from the locale files (locales/units.ts): about 3 kB gzip of
// script on a shop page, which reads units on every card, against a loader change per page.
import { useCallback } from "react";
import { unitLabel } from "~/locales/units";
import { useTranslation } from "./use-translation";

/** The unit's name in the page's language; after a count other than one, its plural. */
export function useUnitName(): (stored: string, count?: number) => string {
  const { i18n } = useTranslation();
  const language = i18n?.language ?? "he";
  return useCallback((stored: string, count?: number) => unitLabel(stored, language, count), [language]);
}
