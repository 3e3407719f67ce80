import { describe, expect, it } from "vitest";
import { ORDER_STATUSES, type OrderStatus } from "~/db/schema";
import { canCancel, cancelWindow, canReprice, canTransition, countsTowardRevenue, orderNumber } from "./order-status";

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

describe("cancelWindow", () => {
  const HOUR = 3_600_000;
  const deadline = new Date("2031-03-04T18:00:00Z");
  const cycle = { orderDeadline: deadline, pickupDate: new Date(deadline.getTime() + 40 * HOUR) };
  const at = (hoursFromDeadline: number) => new Date(deadline.getTime() + hoursFromDeadline * HOUR);
  const pending = { status: "PENDING" as const, priceRaisedAt: null };
  const raised = { status: "PAID" as const, priceRaisedAt: deadline };

  it("is open until 24 hours before the deadline, then closed", () => {
    expect(cancelWindow(pending, cycle, at(-25))).toBe("open");
    expect(cancelWindow(pending, cycle, at(-23))).toBe("closed");
    expect(cancelWindow(pending, cycle, at(1))).toBe("closed");
    expect(cancelWindow(pending, null, at(100))).toBe("open");
  });

  it("lets her cancel an order whose price the close raised, until pickup", () => {
    expect(cancelWindow(raised, cycle, at(1))).toBe("raised");
    expect(cancelWindow(raised, cycle, at(39))).toBe("raised");
    expect(cancelWindow(raised, cycle, at(40))).toBe("closed");
  });

  it("is closed for orders that cannot be cancelled at all", () => {
    for (const status of ["CANCELED", "REFUNDED", "FULFILLED"] as const) {
      expect(cancelWindow({ status, priceRaisedAt: deadline }, cycle, at(1))).toBe("closed");
      expect(cancelWindow({ status, priceRaisedAt: null }, cycle, at(-48))).toBe("closed");
    }
  });
});
