import { describe, expect, it } from "vitest";
import { containsPattern, LIST_PAGE_SIZE, LIST_SEARCH_MAX, listHref, listPage, listWindow, parseListQuery } from "./list-query";

const parse = (search: string) => parseListQuery(new URLSearchParams(search));

describe("admin list queries", () => {
  it("reads the search and the page", () => {
    expect(parse("q=%20%D7%A9%D7%95%D7%A7%20%20%D7%98%D7%A8%D7%99%20&page=3")).toEqual({ q: "שוק טרי", page: 3 });
    expect(parse("")).toEqual({ q: "", page: 1 });
  });

  it("turns odd pages into page 1 instead of an error", () => {
    for (const page of ["0", "-2", "1.5", "abc", "1e3", "99999999", "", "10001"]) expect(parse(`page=${page}`).page).toBe(1);
    expect(parse("page=10000").page).toBe(10000);
    expect(parse("page=007").page).toBe(7);
  });

  it("cuts a very long search", () => {
    expect(parse(`q=${"א".repeat(500)}`).q).toHaveLength(LIST_SEARCH_MAX);
  });

  it("asks the service for one page", () => {
    expect(listWindow({ q: "x", page: 1 })).toEqual({ q: "x", limit: LIST_PAGE_SIZE, offset: 0 });
    expect(listWindow({ q: "", page: 3 }, 10)).toEqual({ q: "", limit: 10, offset: 20 });
  });

  it("says where a page stands", () => {
    expect(listPage({ q: "", page: 1 }, 44, 20)).toEqual({ page: 1, pageCount: 3, total: 44, from: 1, to: 20 });
    expect(listPage({ q: "", page: 3 }, 44, 4)).toEqual({ page: 3, pageCount: 3, total: 44, from: 41, to: 44 });
    expect(listPage({ q: "", page: 9 }, 44, 0)).toEqual({ page: 9, pageCount: 3, total: 44, from: 0, to: 0 });
    expect(listPage({ q: "zz", page: 1 }, 0, 0)).toEqual({ page: 1, pageCount: 1, total: 0, from: 0, to: 0 });
  });

  it("builds addresses without empty values or page 1", () => {
    expect(listHref("/admin/deals", { q: "", page: 1, status: null })).toBe("/admin/deals");
    expect(listHref("/admin/deals", { q: "עגבניות", page: 2, status: "ACTIVE" })).toBe(`/admin/deals?q=${encodeURIComponent("עגבניות")}&page=2&status=ACTIVE`);
  });

  it("searches for % and _ literally", () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    expect(containsPattern("תות")).toBe("%תות%");
  });
});
