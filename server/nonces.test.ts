import { describe, expect, it } from "vitest";
import { createNonceSource } from "./nonces";

describe("CSP nonces", () => {
  it("are 16 random bytes in base64, never repeated across refills", () => {
    const nextNonce = createNonceSource();
    const seen = new Set<string>();
    for (let i = 0; i < 1_000; i++) {
      const nonce = nextNonce();
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(1_000);
  });

  it("differ between sources", () => {
    expect(createNonceSource()()).not.toBe(createNonceSource()());
  });
});
