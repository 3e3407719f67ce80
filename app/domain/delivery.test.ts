import { describe, expect, it } from "vitest";
import { checkoutFeeShares, DELIVERY_FEE, deliveryFee, FREE_DELIVERY_FROM, freeDeliveryGap } from "./delivery";

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

describe("checkoutFeeShares", () => {
  const line = (subtotal: number, deliveryFee = 0, settled = false) => ({ subtotal, deliveryFee, settled });

  it("puts one fee, by the whole checkout's subtotal, on its first order", () => {
    expect(checkoutFeeShares("DELIVERY", [line(5_000, 1500), line(4_000), line(3_000)])).toEqual([1500, 0, 0]);
    expect(checkoutFeeShares("DELIVERY", [line(10_000), line(5_000)])).toEqual([0, 0]);
  });

  it("charges the fee again when the orders no longer reach free delivery, and drops it when they do", () => {
    // Four lines over 150 ₪, each cut to one unit: 96.61 ₪ is not free delivery.
    expect(checkoutFeeShares("DELIVERY", [line(2_580), line(2_322), line(2_709), line(2_050)])).toEqual([1500, 0, 0, 0]);
    expect(checkoutFeeShares("DELIVERY", [line(14_000, 1500), line(1_000)])).toEqual([0, 0]);
  });

  it("moves the fee to the next order when the one that carried it is gone", () => {
    expect(checkoutFeeShares("DELIVERY", [line(4_000), line(3_000)])).toEqual([1500, 0]);
  });

  it("is nothing for pickup", () => {
    expect(checkoutFeeShares("PICKUP", [line(100), line(200)])).toEqual([0, 0]);
  });

  it("keeps what an order already handed over was paid with, and charges the rest of the fee to the next", () => {
    expect(checkoutFeeShares("DELIVERY", [line(4_000, 1500, true), line(3_000)])).toEqual([1500, 0]);
    expect(checkoutFeeShares("DELIVERY", [line(4_000, 0, true), line(3_000)])).toEqual([0, 1500]);
    expect(checkoutFeeShares("DELIVERY", [line(14_000, 1500, true), line(3_000)])).toEqual([1500, 0]);
  });

  it("charges nothing new when every live order was handed over already", () => {
    // Free delivery when she collected; another order of the checkout refunded afterwards.
    expect(checkoutFeeShares("DELIVERY", [line(4_000, 0, true)])).toEqual([0]);
  });

  it("never goes above a ceiling: after the close the fee may only fall", () => {
    expect(checkoutFeeShares("DELIVERY", [line(4_000), line(3_000)], 0)).toEqual([0, 0]);
    expect(checkoutFeeShares("DELIVERY", [line(16_000, 1500)], 1500)).toEqual([0]);
  });
});
