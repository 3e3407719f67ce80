/**
 * What the browser checks on the review form before it sends (the server checks all of
 * ReviewSchema). The same as `getZodConstraint(ReviewSchema)`, which its test checks, written
 * out so the deal page does not load zod in the browser for it (docs/decisions/017).
 */
export const REVIEW_CONSTRAINT = { rating: { required: true }, comment: { required: false } } as const;

/** The spec's limits on a review's comment (shopping.md: optional, 10 to 1000 characters). */
export const COMMENT_MIN = 10;
export const COMMENT_MAX = 1000;

/**
 * What is wrong with a comment as she types it, as ReviewSchema's message key, or null: an
 * empty box is fine (the comment is optional; the form sends none), spaces at either end do
 * not count. The browser shows it live and keeps the submit off meanwhile; the server still
 * checks with ReviewSchema.
 */
export function commentProblem(comment: string): "shop.validation.commentMin" | "shop.validation.commentMax" | null {
  if (comment === "") return null;
  const length = comment.trim().length;
  if (length < COMMENT_MIN) return "shop.validation.commentMin";
  if (length > COMMENT_MAX) return "shop.validation.commentMax";
  return null;
}
