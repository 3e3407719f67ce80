import { describe, expect, it } from "vitest";
import { reachedLevel, tierLevel, tierNameIn } from "./tier-names";

const ladder = [
  { minRevenue: 150_000, discountPercent: 10, tierName: "ארד" },
  { minRevenue: 0, discountPercent: 0, tierName: "רגיל" },
  { minRevenue: 400_000, discountPercent: 20, tierName: "כסף" },
];

describe("a tier's place on the ladder", () => {
  it("counts from 1 at the lowest threshold, whatever order the tiers come in", () => {
    expect(tierLevel(ladder, 0)).toBe(1);
    expect(tierLevel(ladder, 150_000)).toBe(2);
    expect(tierLevel(ladder, 400_000)).toBe(3);
  });

  it("says which level a revenue reached: none below the first threshold, the top one past the last", () => {
    expect(reachedLevel(ladder.slice(0, 1), 100_000)).toBe(0);
    expect(reachedLevel(ladder, 0)).toBe(1);
    expect(reachedLevel(ladder, 399_999)).toBe(2);
    expect(reachedLevel(ladder, 1_000_000)).toBe(3);
  });
});

describe("a tier's name on a page", () => {
  it("keeps the organiser's name on a Hebrew page, in whichever letters", () => {
    expect(tierNameIn("ארד", "he")).toBe("ארד");
    expect(tierNameIn("Gold", "he")).toBe("Gold");
  });

  it("keeps a Latin name on an English page and gives none for a Hebrew one (the level stands in)", () => {
    expect(tierNameIn("Gold", "en")).toBe("Gold");
    expect(tierNameIn("רגיל", "en")).toBeNull();
    expect(tierNameIn("Gold זהב", "en")).toBeNull();
  });
});
