import { describe, expect, it } from "vitest";
import { receiptKind } from "./receipt-kind";

describe("receiptKind", () => {
  it("is a summary while an order waits for payment", () => {
    expect(receiptKind(["PENDING"])).toBe("summary");
    expect(receiptKind(["PAID", "PENDING"])).toBe("summary");
  });
  it("is a receipt once every order still in the bill is paid or handed over", () => {
    expect(receiptKind(["PAID"])).toBe("receipt");
    expect(receiptKind(["FULFILLED", "PAID"])).toBe("receipt");
    expect(receiptKind(["PAID", "CANCELED"])).toBe("receipt");
  });
  it("is a summary when nothing is left to pay for", () => {
    expect(receiptKind(["CANCELED"])).toBe("summary");
    expect(receiptKind(["REFUNDED"])).toBe("summary");
    expect(receiptKind([])).toBe("summary");
  });
});
