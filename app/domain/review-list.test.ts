import { describe, expect, it } from "vitest";
import { moreReviews, REVIEWS_MAX, REVIEWS_STEP, reviewsToShow } from "./review-list";

describe("reviewsToShow", () => {
  it("shows a step by default and for anything odd", () => {
    for (const asked of [null, "", "0", "-5", "abc", "3", "10", "Infinity"]) expect(reviewsToShow(asked)).toBe(REVIEWS_STEP);
  });
  it("rounds up to whole steps and stops at the most", () => {
    expect(reviewsToShow("11")).toBe(20);
    expect(reviewsToShow("20")).toBe(20);
    expect(reviewsToShow("35")).toBe(40);
    expect(reviewsToShow("1e9")).toBe(REVIEWS_MAX);
  });
});

describe("moreReviews", () => {
  it("adds a step, the rest, or nothing", () => {
    expect(moreReviews(10, 151)).toBe(10);
    expect(moreReviews(150, 151)).toBe(1);
    expect(moreReviews(10, 10)).toBe(0);
    expect(moreReviews(10, 4)).toBe(0);
    expect(moreReviews(REVIEWS_MAX, 1000)).toBe(0);
  });
});
