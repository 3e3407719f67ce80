/**
 * What the browser checks on the review form before it sends (the server checks all of
 * ReviewSchema). The same as `getZodConstraint(ReviewSchema)`, which its test checks, written
 * out so the deal page does not load zod in the browser for it (docs/decisions/017).
 */
export const REVIEW_CONSTRAINT = { rating: { required: true }, comment: { required: false } } as const;
