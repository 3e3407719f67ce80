import { describe, expect, it } from "vitest";
import { groupByWeek, parseOrderQuery } from "./order-query";

const row = (id: string, cycle: string | null, week: string | null) => ({
  id,
  order: { weeklyCycleId: cycle },
  weekStartDate: week,
  pickupDate: week ? new Date(`${week}T14:00:00Z`) : null,
});

describe("groupByWeek", () => {
  const rows = [row("a", "c2", "2026-11-22"), row("b", "c1", "2026-11-15"), row("c", null, null), row("d", "c2", "2026-11-22"), row("e", "c1", "2026-11-15")];

  it("puts each order under its week, newest week first, keeping the list's order inside a week", () => {
    const weeks = groupByWeek(rows, "amount_desc");
    expect(weeks.map((w) => w.cycleId)).toEqual(["c2", "c1", ""]);
    expect(weeks.map((w) => w.rows.map((r) => r.id))).toEqual([["a", "d"], ["b", "e"], ["c"]]);
    expect(weeks[0]!.pickupDate).toEqual(new Date("2026-11-22T14:00:00Z"));
  });

  it("shows the oldest week first when sorted by date ascending; orders outside a week stay last", () => {
    expect(groupByWeek(rows, "date_asc").map((w) => w.cycleId)).toEqual(["c1", "c2", ""]);
  });

  it("gives no weeks for no orders", () => {
    expect(groupByWeek([], parseOrderQuery(new URLSearchParams()).sort)).toEqual([]);
  });
});
