import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query", () => {
    expect(safeRedirect("/orders?status=PAID")).toBe("/orders?status=PAID");
    expect(safeRedirect("/onboarding/community")).toBe("/onboarding/community");
  });

  it.each(["//evil.example", "https://evil.example/", "/\\evil.example", "javascript:alert(1)", "orders", "", "/\nx"])(
    "refuses %j and falls back",
    (to) => {
      expect(safeRedirect(to, "/admin")).toBe("/admin");
    },
  );

  it("percent-encodes what a Location header cannot carry, and keeps what is already encoded", () => {
    expect(safeRedirect("/deals#deal-\u05ea\u05e4\u05d5\u05d7\u05d9\u05dd")).toBe("/deals#deal-%D7%AA%D7%A4%D7%95%D7%97%D7%99%D7%9D");
    expect(safeRedirect("/deals?q=%D7%90&page=2")).toBe("/deals?q=%D7%90&page=2");
    expect(() => new Headers({ Location: safeRedirect("/deals?q=\u05d0 \u05d1#\u05d2") })).not.toThrow();
    expect(safeRedirect("/deals#\ud800", "/")).toBe("/");
  });

  it("falls back on anything that is not a string", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
  });
});
