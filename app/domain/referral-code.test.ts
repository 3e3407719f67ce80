import { describe, expect, it } from "vitest";
import { generateRefCode, inviteUrl, nextTierGap, parseRefCode, REF_CODE_LENGTH, whatsappShareUrl } from "./referral-code";

describe("generateRefCode", () => {
  it("makes URL-safe codes of nine characters that differ each time", () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateRefCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) {
      expect(code).toHaveLength(REF_CODE_LENGTH);
      expect(code).toMatch(/^[a-z2-9]+$/);
      expect(encodeURIComponent(code)).toBe(code);
      expect(parseRefCode(code)).toBe(code);
    }
  });

  it("skips the bytes that would favour some letters", () => {
    // 255 is dropped, 0 is "2", 31 wraps to "2" again.
    let call = 0;
    const code = generateRefCode((n) => new Uint8Array(n).fill(call++ === 0 ? 255 : 31));
    expect(code).toBe("222222222");
  });
});

describe("parseRefCode", () => {
  it("accepts a code in any case with spaces around", () => {
    expect(parseRefCode("  AbC234xyz ")).toBe("abc234xyz");
  });

  it.each([[""], ["ab"], ["has space"], ["../admin"], ["x".repeat(17)], [null], [42]])("refuses %j", (value) => {
    expect(parseRefCode(value)).toBeNull();
  });
});

describe("share links", () => {
  it("builds the invite URL and WhatsApp's encoded message", () => {
    const url = inviteUrl("https://shuk.example/", "abc234xyz");
    expect(url).toBe("https://shuk.example/invite/abc234xyz");
    expect(whatsappShareUrl("בואו לקנות איתנו", url)).toBe(
      `https://wa.me/?text=${encodeURIComponent("בואו לקנות איתנו https://shuk.example/invite/abc234xyz")}`,
    );
  });
});

describe("nextTierGap", () => {
  const tiers = [
    { minRevenue: 100_000, discountPercent: 5, tierName: "ברונזה" },
    { minRevenue: 300_000, discountPercent: 10, tierName: "כסף" },
  ];
  it("says how much is left to the next tier", () => {
    expect(nextTierGap(tiers, 120_000)).toEqual({ tierName: "כסף", level: 2, discountPercent: 10, gap: 180_000 });
  });
  it("is null once every tier is reached", () => {
    expect(nextTierGap(tiers, 300_000)).toBeNull();
  });
});
