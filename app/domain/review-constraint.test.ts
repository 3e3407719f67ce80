import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { REVIEW_CONSTRAINT } from "./review-constraint";
import { ReviewSchema } from "./shop-schemas";

describe("REVIEW_CONSTRAINT", () => {
  it("is what conform derives from ReviewSchema", () => {
    expect(REVIEW_CONSTRAINT).toEqual(getZodConstraint(ReviewSchema));
  });
});
