// How a community's discount tier is named on a page (issue #47). Organisers name their tiers
// in their own words, in Hebrew ("רגיל", "ארד"), and only one name is stored: an English page
// showed "Current tier: רגיל". A name written in Latin letters reads in English and stays; a
// Hebrew one, on an English page, gives way to the tier's place on the ladder ("Level 2"). Pure.
import type { CommunityTier } from "./pricing";

const HEBREW_LETTER = /[\u0590-\u05FF]/;

/** The tier's place on its community's ladder: 1 for the lowest threshold (thresholds are unique per community). */
export function tierLevel(tiers: readonly Pick<CommunityTier, "minRevenue">[], minRevenue: number): number {
  return tiers.filter((tier) => tier.minRevenue < minRevenue).length + 1;
}

/** The level reached at `revenue`: how many thresholds it meets (0 below the first). */
export function reachedLevel(tiers: readonly Pick<CommunityTier, "minRevenue">[], revenue: number): number {
  return tiers.filter((tier) => tier.minRevenue <= revenue).length;
}

/** The organiser's name when it reads in `language` (every name in Hebrew; a Latin one in English), else null. */
export function tierNameIn(name: string, language: string): string | null {
  return language === "he" || !HEBREW_LETTER.test(name) ? name : null;
}
