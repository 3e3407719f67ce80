import { describe, expect, it } from "vitest";
import { israelDay, planUndo, type StatusStep } from "./pickup-undo";

// 10:00 in Israel on 27 November 2026 (UTC+2), and later the same and the next day.
const markedAt = new Date("2026-11-27T08:00:00Z");
const sameEvening = new Date("2026-11-27T21:30:00Z"); // 23:30 in Israel
const nextDay = new Date("2026-11-27T22:05:00Z"); // 00:05 on the 28th in Israel

const step = (orderId: string, before: StatusStep["before"], after: StatusStep["after"], note: string | null, at = markedAt): StatusStep => ({ orderId, before, after, note, at });

describe("israelDay", () => {
  it("is the calendar day in Asia/Jerusalem, not in UTC", () => {
    expect(israelDay(sameEvening)).toBe("2026-11-27");
    expect(israelDay(nextDay)).toBe("2026-11-28");
  });
});

describe("planUndo", () => {
  const collected = [step("a", "PENDING", "PAID", "collected"), step("a", "PAID", "FULFILLED", "collected"), step("b", "PAID", "FULFILLED", "collected")];

  it("puts each order of the latest mark back where it was, clearing the stamps the mark set", () => {
    const plan = planUndo([{ id: "a", status: "FULFILLED" }, { id: "b", status: "FULFILLED" }], collected, sameEvening);
    expect(plan).toEqual({
      ok: true,
      intent: "collected",
      restore: [
        { orderId: "a", from: "FULFILLED", to: "PENDING", clear: ["paidAt", "fulfilledAt"] },
        { orderId: "b", from: "FULFILLED", to: "PAID", clear: ["fulfilledAt"] },
      ],
    });
  });

  it("undoes a no-show back to PENDING or PAID", () => {
    const steps = [step("a", "PENDING", "CANCELED", "no-show"), step("b", "PAID", "CANCELED", "no-show")];
    expect(planUndo([{ id: "a", status: "CANCELED" }, { id: "b", status: "CANCELED" }], steps, sameEvening)).toEqual({
      ok: true,
      intent: "no-show",
      restore: [
        { orderId: "a", from: "CANCELED", to: "PENDING", clear: ["canceledAt"] },
        { orderId: "b", from: "CANCELED", to: "PAID", clear: ["canceledAt"] },
      ],
    });
  });

  it("takes back only the latest mark, not an older one of the same orders", () => {
    const later = new Date(markedAt.getTime() + 60_000);
    const steps = [step("a", "PENDING", "CANCELED", "no-show"), step("a", "CANCELED", "PENDING", "undo", new Date(markedAt.getTime() + 30_000)), step("a", "PENDING", "PAID", "collected", later), step("a", "PAID", "FULFILLED", "collected", later)];
    const plan = planUndo([{ id: "a", status: "FULFILLED" }], steps, sameEvening);
    expect(plan).toEqual({ ok: true, intent: "collected", restore: [{ orderId: "a", from: "FULFILLED", to: "PENDING", clear: ["paidAt", "fulfilledAt"] }] });
  });

  it("refuses the next day in Israel", () => {
    expect(planUndo([{ id: "a", status: "FULFILLED" }, { id: "b", status: "FULFILLED" }], collected, nextDay)).toEqual({ ok: false, reason: "notToday" });
  });

  it("refuses when there is no mark, or the mark was undone already", () => {
    expect(planUndo([{ id: "a", status: "PENDING" }], [], sameEvening)).toEqual({ ok: false, reason: "nothingToUndo" });
    expect(planUndo([{ id: "a", status: "PAID" }], [step("a", "PENDING", "PAID", null)], sameEvening)).toEqual({ ok: false, reason: "nothingToUndo" });
    const undone = [step("a", "PENDING", "CANCELED", "no-show"), step("a", "CANCELED", "PENDING", "undo", new Date(markedAt.getTime() + 1000))];
    expect(planUndo([{ id: "a", status: "PENDING" }], undone, sameEvening)).toEqual({ ok: false, reason: "nothingToUndo" });
  });

  it("refuses when an order moved on after the mark (a refund), or is not where the mark left it", () => {
    const refunded = [...collected, step("b", "FULFILLED", "REFUNDED", null, new Date(markedAt.getTime() + 1000))];
    expect(planUndo([{ id: "a", status: "FULFILLED" }, { id: "b", status: "REFUNDED" }], refunded, sameEvening)).toEqual({ ok: false, reason: "changedSince" });
    expect(planUndo([{ id: "a", status: "FULFILLED" }, { id: "b", status: "REFUNDED" }], collected, sameEvening)).toEqual({ ok: false, reason: "changedSince" });
  });
});
