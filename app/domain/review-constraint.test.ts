import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { commentProblem, REVIEW_CONSTRAINT } from "./review-constraint";
import { ReviewSchema } from "./shop-schemas";

describe("REVIEW_CONSTRAINT", () => {
  it("is what conform derives from ReviewSchema", () => {
    expect(REVIEW_CONSTRAINT).toEqual(getZodConstraint(ReviewSchema));
  });
});

describe("commentProblem", () => {
  const problemBySchema = (comment: string) => {
    const result = ReviewSchema.safeParse({ rating: 5, comment });
    return result.success ? null : result.error.issues[0]!.message;
  };

  it("agrees with ReviewSchema on every length around the limits", () => {
    for (const comment of ["", "   ", "abc", "123456789", " 123456789 ", "1234567890", "x".repeat(1000), "x".repeat(1001)]) {
      expect(commentProblem(comment), JSON.stringify(comment.slice(0, 12))).toBe(comment === "" ? null : problemBySchema(comment));
    }
  });

  it("names the spec's messages: at least 10, at most 1000", () => {
    expect(commentProblem("abc")).toBe("shop.validation.commentMin");
    expect(commentProblem("x".repeat(1001))).toBe("shop.validation.commentMax");
  });
});
