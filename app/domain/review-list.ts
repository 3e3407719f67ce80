// How many of a deal's reviews its page shows. Pure.
// A popular deal gathers hundreds of reviews; the page showed (and sent, and hydrated) every
// one of them: 151 on the bench's first deal, half of the page's data (decision record 016).

/** Reviews shown at first, and how many more each "show more" adds. */
export const REVIEWS_STEP = 10;
/** However the address is written, no page lists more than this. */
export const REVIEWS_MAX = 200;

/** The count asked for by `?reviews=`, rounded up to a whole step, REVIEWS_STEP at the least. */
export function reviewsToShow(asked: string | null): number {
  const n = Number(asked);
  if (!asked || !Number.isFinite(n) || n <= REVIEWS_STEP) return REVIEWS_STEP;
  return Math.min(REVIEWS_MAX, Math.ceil(n / REVIEWS_STEP) * REVIEWS_STEP);
}

/** How many the next "show more" adds: a step, or the rest when fewer are left; 0 when none. */
export function moreReviews(shown: number, total: number): number {
  if (shown >= REVIEWS_MAX) return 0;
  return Math.max(0, Math.min(REVIEWS_STEP, total - shown));
}
