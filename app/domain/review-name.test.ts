import { describe, expect, it } from "vitest";
import { reviewerName } from "./review-name";

describe("reviewerName", () => {
  it("falls back from name to first and last, to first, to anonymous", () => {
    expect(reviewerName({ name: "דנה לוי", firstName: "x", lastName: "y" })).toBe("דנה לוי");
    expect(reviewerName({ name: null, firstName: "דנה", lastName: "לוי" })).toBe("דנה לוי");
    expect(reviewerName({ name: " ", firstName: "דנה", lastName: null })).toBe("דנה");
    expect(reviewerName({ name: null, firstName: null, lastName: null })).toBeNull();
  });
});
