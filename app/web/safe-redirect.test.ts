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

  it("falls back on anything that is not a string", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
  });
});
