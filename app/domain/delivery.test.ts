import { describe, expect, it } from "vitest";
import { DELIVERY_FEE, deliveryFee, FREE_DELIVERY_FROM } from "./delivery";

describe("deliveryFee", () => {
  it("is free for pickup, whatever the subtotal", () => {
    expect(deliveryFee("PICKUP", 100)).toBe(0);
    expect(deliveryFee("PICKUP", 100_000)).toBe(0);
  });

  it("is 15 ₪ for home delivery under 150 ₪ and free from 150 ₪", () => {
    expect(DELIVERY_FEE).toBe(1500);
    expect(deliveryFee("DELIVERY", FREE_DELIVERY_FROM - 1)).toBe(1500);
    expect(deliveryFee("DELIVERY", FREE_DELIVERY_FROM)).toBe(0);
    expect(deliveryFee("DELIVERY", 0)).toBe(1500);
  });
});
