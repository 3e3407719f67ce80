import { describe, expect, it } from "vitest";
import { figuresWorthShowing, PUBLIC_FIGURE_MINIMUM } from "./public-figures";

describe("figuresWorthShowing", () => {
  const small = { totalUsers: 4, totalOrders: 3, totalSavings: 900, activeDeals: 44 };

  it("hides what is below its minimum and keeps the order asked for", () => {
    expect(figuresWorthShowing(small, ["totalUsers", "totalSavings", "activeDeals"])).toEqual([{ key: "activeDeals", value: 44 }]);
    const grown = { totalUsers: 120, totalOrders: 400, totalSavings: 250_000, activeDeals: 0 };
    expect(figuresWorthShowing(grown, ["activeDeals", "totalSavings", "totalUsers"]).map((f) => f.key)).toEqual(["totalSavings", "totalUsers"]);
  });

  it("shows a figure from its minimum on, not one below", () => {
    const at = { ...PUBLIC_FIGURE_MINIMUM };
    expect(figuresWorthShowing(at, ["totalUsers", "totalOrders", "totalSavings", "activeDeals"])).toHaveLength(4);
    const below = { totalUsers: at.totalUsers - 1, totalOrders: at.totalOrders - 1, totalSavings: at.totalSavings - 1, activeDeals: 0 };
    expect(figuresWorthShowing(below, ["totalUsers", "totalOrders", "totalSavings", "activeDeals"])).toEqual([]);
  });
});
