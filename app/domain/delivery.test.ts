import { describe, expect, it } from "vitest";
import { DELIVERY_FEE, deliveryFee, FREE_DELIVERY_FROM, freeDeliveryGap } from "./delivery";

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

describe("freeDeliveryGap", () => {
  it("is what the subtotal lacks for free delivery, and 0 from the threshold on", () => {
    expect(freeDeliveryGap(0)).toBe(FREE_DELIVERY_FROM);
    expect(freeDeliveryGap(FREE_DELIVERY_FROM - 250)).toBe(250);
    expect(freeDeliveryGap(FREE_DELIVERY_FROM)).toBe(0);
    expect(freeDeliveryGap(FREE_DELIVERY_FROM + 1)).toBe(0);
  });
});
