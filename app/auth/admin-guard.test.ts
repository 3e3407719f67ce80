import { describe, expect, it } from "vitest";
import { checkAdminSecret } from "./admin-guard.server";

describe("checkAdminSecret", () => {
  it("accepts only the configured secret", () => {
    expect(checkAdminSecret("open-sesame", "open-sesame")).toBe("ok");
    expect(checkAdminSecret("open-sesame!", "open-sesame")).toBe("wrong");
    expect(checkAdminSecret("", "open-sesame")).toBe("wrong");
    // Different lengths compare without throwing (both sides are hashed first).
    expect(checkAdminSecret("x".repeat(1000), "open-sesame")).toBe("wrong");
  });

  it("refuses everything when no secret is configured", () => {
    expect(checkAdminSecret("anything", undefined)).toBe("unset");
    expect(checkAdminSecret("", "")).toBe("unset");
  });
});
