import { describe, expect, it } from "vitest";
import { dealQueryHref, hasActiveFilters, parseDealQuery } from "./deal-query";

describe("parseDealQuery", () => {
  it("reads search, category, sort, quick filter and page", () => {
    const query = parseDealQuery(new URLSearchParams("q=%20עגבניות%20&category=vegetables&sort=price_asc&quick=bulk&page=3"));
    expect(query).toEqual({ q: "עגבניות", category: "vegetables", sort: "price_asc", quick: "bulk", page: 3 });
  });

  it("falls back to defaults on anything unknown", () => {
    expect(parseDealQuery(new URLSearchParams("category=bread&sort=random&quick=x&page=abc"))).toEqual({
      q: "",
      category: null,
      sort: "newest",
      quick: null,
      page: 1,
    });
    expect(parseDealQuery(new URLSearchParams("page=-4")).page).toBe(1);
    expect(parseDealQuery(new URLSearchParams("page=9999")).page).toBe(50);
  });
});

describe("dealQueryHref", () => {
  it("leaves defaults out and round-trips", () => {
    expect(dealQueryHref({ sort: "newest", page: 1 })).toBe("/deals");
    const href = dealQueryHref({ q: "שרי", category: "fruits", sort: "progress", page: 2 });
    expect(parseDealQuery(new URL(href, "http://x").searchParams)).toMatchObject({ q: "שרי", category: "fruits", sort: "progress", page: 2 });
  });

  it("knows when filters are active", () => {
    expect(hasActiveFilters(parseDealQuery(new URLSearchParams("sort=price_asc")))).toBe(false);
    expect(hasActiveFilters(parseDealQuery(new URLSearchParams("quick=bulk")))).toBe(true);
  });
});
