import { describe, expect, it } from "vitest";
import {
  checkoutFeeShares,
  deliveryFee,
  deliveryPhrases,
  deliverySettingsOf,
  deliverySettingsProblems,
  freeDeliveryGap,
  NEW_COMMUNITY_DELIVERY,
  offersDelivery,
  type DeliverySettings,
} from "./delivery";

/** The settings migration 0006 gave every existing community: 15 ₪, free from 150 ₪, 2-5 days. */
const S: DeliverySettings = { enabled: true, fee: 1500, freeFrom: 15_000, daysMin: 2, daysMax: 5 };
const OFF: DeliverySettings = { ...S, enabled: false };
const NEVER_FREE: DeliverySettings = { ...S, fee: 2000, freeFrom: null };
const FREE_FROM_0: DeliverySettings = { ...S, freeFrom: 0 };

describe("deliveryFee", () => {
  it("is free for pickup, whatever the subtotal", () => {
    expect(deliveryFee(S, "PICKUP", 100)).toBe(0);
    expect(deliveryFee(S, "PICKUP", 100_000)).toBe(0);
    expect(deliveryFee(NEVER_FREE, "PICKUP", 100)).toBe(0);
  });

  it("is the community's fee under its threshold and free from it", () => {
    expect(deliveryFee(S, "DELIVERY", 14_999)).toBe(1500);
    expect(deliveryFee(S, "DELIVERY", 15_000)).toBe(0);
    expect(deliveryFee(S, "DELIVERY", 0)).toBe(1500);
    const other = { ...S, fee: 990, freeFrom: 20_000 };
    expect(deliveryFee(other, "DELIVERY", 15_000)).toBe(990);
    expect(deliveryFee(other, "DELIVERY", 20_000)).toBe(0);
  });

  it("never frees a community that set no threshold", () => {
    expect(deliveryFee(NEVER_FREE, "DELIVERY", 0)).toBe(2000);
    expect(deliveryFee(NEVER_FREE, "DELIVERY", 10_000_000)).toBe(2000);
  });

  it("is always free from a threshold of 0, and with a fee of 0", () => {
    expect(deliveryFee(FREE_FROM_0, "DELIVERY", 0)).toBe(0);
    expect(deliveryFee({ ...S, fee: 0 }, "DELIVERY", 100)).toBe(0);
  });
});

describe("offersDelivery", () => {
  it("is the community's switch; no community offers nothing; a new community starts off", () => {
    expect(offersDelivery(S)).toBe(true);
    expect(offersDelivery(OFF)).toBe(false);
    expect(offersDelivery(null)).toBe(false);
    expect(offersDelivery(NEW_COMMUNITY_DELIVERY)).toBe(false);
  });
});

describe("deliverySettingsOf", () => {
  it("reads a community row's columns", () => {
    const row = { deliveryEnabled: true, deliveryFee: 1200, freeDeliveryFrom: null, deliveryDaysMin: 1, deliveryDaysMax: 3 };
    expect(deliverySettingsOf(row)).toEqual({ enabled: true, fee: 1200, freeFrom: null, daysMin: 1, daysMax: 3 });
  });
});

describe("freeDeliveryGap", () => {
  it("is what the subtotal lacks for free delivery, and 0 from the threshold on", () => {
    expect(freeDeliveryGap(S, 0)).toBe(15_000);
    expect(freeDeliveryGap(S, 15_000 - 250)).toBe(250);
    expect(freeDeliveryGap(S, 15_000)).toBe(0);
    expect(freeDeliveryGap(S, 15_001)).toBe(0);
    expect(freeDeliveryGap({ ...S, freeFrom: 9_000 }, 8_000)).toBe(1_000);
  });

  it("is nothing to reach when delivery is off, never free, or costs nothing", () => {
    expect(freeDeliveryGap(OFF, 0)).toBeNull();
    expect(freeDeliveryGap(NEVER_FREE, 0)).toBeNull();
    expect(freeDeliveryGap({ ...S, fee: 0 }, 0)).toBeNull();
  });

  it("is 0 at once with a threshold of 0", () => {
    expect(freeDeliveryGap(FREE_FROM_0, 0)).toBe(0);
  });
});

describe("deliverySettingsProblems", () => {
  it("accepts the defaults, never free, free from 0 and a fee of 0", () => {
    for (const s of [S, OFF, NEVER_FREE, FREE_FROM_0, { ...S, fee: 0 }, { ...S, daysMin: 3, daysMax: 3 }]) expect(deliverySettingsProblems(s)).toEqual([]);
  });

  it("refuses a negative or fractional fee or threshold, zero or too many days, and a maximum under the minimum", () => {
    expect(deliverySettingsProblems({ ...S, fee: -1 }).map(([f]) => f)).toEqual(["fee"]);
    expect(deliverySettingsProblems({ ...S, fee: 1.5 }).map(([f]) => f)).toEqual(["fee"]);
    expect(deliverySettingsProblems({ ...S, freeFrom: -100 }).map(([f]) => f)).toEqual(["freeFrom"]);
    expect(deliverySettingsProblems({ ...S, daysMin: 0 }).map(([f]) => f)).toEqual(["daysMin"]);
    expect(deliverySettingsProblems({ ...S, daysMax: 31 }).map(([f]) => f)).toEqual(["daysMax"]);
    expect(deliverySettingsProblems({ ...S, daysMin: 5, daysMax: 2 })).toEqual([["daysMax", "admin.communities.deliverySettings.errors.daysOrder"]]);
  });
});

describe("deliveryPhrases", () => {
  const shekel = (a: number) => `${a / 100} ILS`;
  it("says each community decides for a viewer of none, and pickup only for a community that is off", () => {
    expect(deliveryPhrases(null, shekel).price.key).toBe("shop.communityDelivery.price.any");
    expect(deliveryPhrases(OFF, shekel).price.key).toBe("shop.communityDelivery.price.off");
    expect(deliveryPhrases(OFF, shekel).time.key).toBe("shop.communityDelivery.time.off");
  });

  it("prints the community's own fee, threshold and days", () => {
    expect(deliveryPhrases(S, shekel).price).toEqual({ key: "shop.communityDelivery.price.paid", values: { fee: "15 ILS", freeFrom: "150 ILS" } });
    expect(deliveryPhrases(NEVER_FREE, shekel).price).toEqual({ key: "shop.communityDelivery.price.neverFree", values: { fee: "20 ILS" } });
    expect(deliveryPhrases(FREE_FROM_0, shekel).price.key).toBe("shop.communityDelivery.price.free");
    expect(deliveryPhrases(S, shekel).time).toEqual({ key: "shop.communityDelivery.time.range", values: { minDays: 2, maxDays: 5 } });
    expect(deliveryPhrases({ ...S, daysMin: 3, daysMax: 3 }, shekel).time).toEqual({ key: "shop.communityDelivery.time.exact", values: { count: 3 } });
  });
});

describe("checkoutFeeShares", () => {
  const line = (subtotal: number, deliveryFee = 0, settled = false) => ({ subtotal, deliveryFee, settled });

  it("puts one fee, by the whole checkout's subtotal, on its first order", () => {
    expect(checkoutFeeShares(S, "DELIVERY", [line(5_000, 1500), line(4_000), line(3_000)])).toEqual([1500, 0, 0]);
    expect(checkoutFeeShares(S, "DELIVERY", [line(10_000), line(5_000)])).toEqual([0, 0]);
  });

  it("charges the fee again when the orders no longer reach free delivery, and drops it when they do", () => {
    // Four lines over 150 ₪, each cut to one unit: 96.61 ₪ is not free delivery.
    expect(checkoutFeeShares(S, "DELIVERY", [line(2_580), line(2_322), line(2_709), line(2_050)])).toEqual([1500, 0, 0, 0]);
    expect(checkoutFeeShares(S, "DELIVERY", [line(14_000, 1500), line(1_000)])).toEqual([0, 0]);
  });

  it("moves the fee to the next order when the one that carried it is gone", () => {
    expect(checkoutFeeShares(S, "DELIVERY", [line(4_000), line(3_000)])).toEqual([1500, 0]);
  });

  it("follows the community's own fee and threshold, and never frees a community with none", () => {
    expect(checkoutFeeShares(NEVER_FREE, "DELIVERY", [line(50_000), line(50_000)])).toEqual([2000, 0]);
    expect(checkoutFeeShares(FREE_FROM_0, "DELIVERY", [line(100, 1500), line(100)])).toEqual([0, 0]);
    expect(checkoutFeeShares({ ...S, fee: 990, freeFrom: 5_000 }, "DELIVERY", [line(3_000), line(1_000)])).toEqual([990, 0]);
  });

  it("is nothing for pickup", () => {
    expect(checkoutFeeShares(S, "PICKUP", [line(100), line(200)])).toEqual([0, 0]);
  });

  it("keeps what an order already handed over was paid with, and charges the rest of the fee to the next", () => {
    expect(checkoutFeeShares(S, "DELIVERY", [line(4_000, 1500, true), line(3_000)])).toEqual([1500, 0]);
    expect(checkoutFeeShares(S, "DELIVERY", [line(4_000, 0, true), line(3_000)])).toEqual([0, 1500]);
    expect(checkoutFeeShares(S, "DELIVERY", [line(14_000, 1500, true), line(3_000)])).toEqual([1500, 0]);
  });

  it("charges nothing new when every live order was handed over already", () => {
    // Free delivery when she collected; another order of the checkout refunded afterwards.
    expect(checkoutFeeShares(S, "DELIVERY", [line(4_000, 0, true)])).toEqual([0]);
  });

  it("never goes above a ceiling: after the close the fee may only fall", () => {
    expect(checkoutFeeShares(S, "DELIVERY", [line(4_000), line(3_000)], 0)).toEqual([0, 0]);
    expect(checkoutFeeShares(S, "DELIVERY", [line(16_000, 1500)], 1500)).toEqual([0]);
  });
});
