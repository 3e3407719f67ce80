import { describe, expect, it } from "vitest";
import { maskEmail } from "./email-mask";

describe("maskEmail", () => {
  it("keeps the first letter and the domain", () => {
    expect(maskEmail("noa.cohen@example.com")).toBe("n***@example.com");
    expect(maskEmail("n@example.com")).toBe("n***@example.com");
  });

  it("shows nothing of something that is not an address", () => {
    expect(maskEmail("@example.com")).toBe("***");
    expect(maskEmail("nobody")).toBe("***");
  });
});
