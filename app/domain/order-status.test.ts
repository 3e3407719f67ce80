import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, type OrderStatus } from "~/db/schema";
import { canCancel, canReprice, canTransition, countsTowardRevenue, orderNumber } from "./order-status";

const allowed: [OrderStatus, OrderStatus][] = [
  ["PENDING", "PAID"],
  ["PENDING", "CANCELED"],
  ["PAID", "FULFILLED"],
  ["PAID", "CANCELED"],
  ["PAID", "REFUNDED"],
  ["FULFILLED", "REFUNDED"],
];

describe("order status transitions", () => {
  it("allows exactly the listed moves", () => {
    for (const from of ORDER_STATUSES) {
      for (const to of ORDER_STATUSES) {
        const expected = allowed.some(([a, b]) => a === from && b === to);
        expect(canTransition(from, to), `${from} -> ${to}`).toBe(expected);
      }
    }
  });

  it("lets a shopper cancel from PENDING or PAID only", () => {
    expect(ORDER_STATUSES.filter(canCancel)).toEqual(["PENDING", "PAID"]);
  });

  it("lets the weekly close reprice only orders still in progress", () => {
    expect(ORDER_STATUSES.filter(canReprice)).toEqual(["PENDING", "PAID"]);
  });

  it("stops counting revenue once cancelled or refunded", () => {
    expect(ORDER_STATUSES.filter((s) => !countsTowardRevenue(s))).toEqual(["CANCELED", "REFUNDED"]);
  });

  it("shows the first 8 characters of the id, upper-cased", () => {
    expect(orderNumber("3f2a9c1e-77aa-4bcd-9e00-123456789abc")).toBe("3F2A9C1E");
  });
});

describe("the cancel cut-off", () => {
  it("allows cancelling until 24 hours before the deadline, not after", async () => {
    const { cancelCutoffPassed } = await import("./order-status");
    const deadline = new Date("2026-11-25T18:00:00Z");
    expect(cancelCutoffPassed(deadline, new Date("2026-11-24T17:59:00Z"))).toBe(false);
    expect(cancelCutoffPassed(deadline, new Date("2026-11-24T18:00:00Z"))).toBe(false);
    expect(cancelCutoffPassed(deadline, new Date("2026-11-24T18:01:00Z"))).toBe(true);
  });
});
