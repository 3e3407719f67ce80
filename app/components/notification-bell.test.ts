import { describe, expect, it } from "vitest";
import { badgeText } from "./notification-bell";

describe("badgeText", () => {
  it("shows the count up to 99, then 99+", () => {
    expect(badgeText(7)).toBe("7");
    expect(badgeText(99)).toBe("99");
    expect(badgeText(100)).toBe("99+");
  });
});
