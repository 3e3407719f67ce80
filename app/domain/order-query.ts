// The orders list's search, status filter and sort, all in the URL. Pure.
import { ORDER_STATUSES, type OrderStatus } from "~/domain/enums";

export const ORDER_SORTS = ["date_desc", "date_asc", "amount_desc", "amount_asc"] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];

export interface OrderListQuery {
  /** a part of the order id, any case */
  q?: string;
  status?: OrderStatus | null;
  sort?: OrderSort;
}

export function parseOrderQuery(params: URLSearchParams): Required<OrderListQuery> {
  const status = params.get("status") ?? "";
  const sort = params.get("sort") ?? "";
  return {
    q: (params.get("q") ?? "").trim().slice(0, 36),
    status: (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : null,
    sort: (ORDER_SORTS as readonly string[]).includes(sort) ? (sort as OrderSort) : "date_desc",
  };
}

export interface WeekGroup<T> {
  /** the order cycle's id, or "" for orders placed outside any cycle */
  cycleId: string;
  /** YYYY-MM-DD, the week's first day */
  weekStartDate: string | null;
  pickupDate: Date | null;
  rows: T[];
}

/**
 * The orders list by week (order cycle): weeks newest first (oldest first when sorted by date
 * ascending), each week's orders in the list's own sort. Orders without a cycle come last.
 */
export function groupByWeek<T extends { order: { weeklyCycleId: string | null }; weekStartDate: string | null; pickupDate: Date | null }>(
  rows: readonly T[],
  sort: OrderSort,
): WeekGroup<T>[] {
  const weeks = new Map<string, WeekGroup<T>>();
  for (const row of rows) {
    const cycleId = row.order.weeklyCycleId ?? "";
    let week = weeks.get(cycleId);
    if (!week) weeks.set(cycleId, (week = { cycleId, weekStartDate: row.weekStartDate, pickupDate: row.pickupDate, rows: [] }));
    week.rows.push(row);
  }
  const direction = sort === "date_asc" ? 1 : -1;
  return [...weeks.values()].sort((a, b) => {
    if (!a.weekStartDate || !b.weekStartDate) return Number(!a.weekStartDate) - Number(!b.weekStartDate);
    return direction * a.weekStartDate.localeCompare(b.weekStartDate);
  });
}
