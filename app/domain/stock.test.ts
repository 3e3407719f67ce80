import { describe, expect, it } from "vitest";
import { isSoldOut, orderableMax, stockRefusal, stockToStore } from "./stock";

describe("a deal's stock", () => {
  it("has no limit when none is set", () => {
    expect(isSoldOut(null)).toBe(false);
    expect(stockRefusal(null, 10_000)).toBeNull();
    expect(orderableMax(20, null)).toBe(20);
  });

  it("is sold out at zero only", () => {
    expect(isSoldOut(0)).toBe(true);
    expect(isSoldOut(1)).toBe(false);
  });

  it("is sold out when less is left than the smallest order", () => {
    expect(isSoldOut(2, 3)).toBe(true);
    expect(isSoldOut(3, 3)).toBe(false);
  });

  it("takes up to what is left and says how much is left when asked for more", () => {
    expect(stockRefusal(5, 5)).toBeNull();
    expect(stockRefusal(5, 6)).toBe(5);
    expect(stockRefusal(0, 1)).toBe(0);
  });

  it("caps what a shopper may choose at the smaller of the order maximum and the stock", () => {
    expect(orderableMax(20, 7)).toBe(7);
    expect(orderableMax(5, 7)).toBe(5);
    expect(orderableMax(5, 0)).toBe(0);
  });
});

describe("the stock a saved form stores", () => {
  it("is no limit when the box is empty", () => {
    expect(stockToStore(undefined, 10, 4)).toBeNull();
    expect(stockToStore(null, null, null)).toBeNull();
  });

  it("leaves the stock alone when she did not change the box, whatever was sold since", () => {
    expect(stockToStore(10, 10, 7)).toBe(7);
  });

  it("takes what was sold since the form was drawn off a new number", () => {
    expect(stockToStore(20, 10, 7)).toBe(17);
    expect(stockToStore(2, 10, 5)).toBe(0);
  });

  it("stores what she typed when the deal had no limit or the form showed none", () => {
    expect(stockToStore(12, null, null)).toBe(12);
    expect(stockToStore(12, undefined, 3)).toBe(12);
  });
});
