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
