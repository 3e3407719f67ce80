// The back office (admin and vendor pages, issue #17): which area a path belongs to and which of
// its tabs is the current one. Pure: the layout and its tests use it.

export type BackOfficeArea = "admin" | "vendor";

/** The area of a back-office path, or null for a shop page. */
export function backOfficeArea(pathname: string): BackOfficeArea | null {
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return "admin";
  if (pathname.startsWith("/vendor/")) return "vendor";
  return null;
}

/**
 * The tab a path belongs to: the longest tab address the path starts with (so
 * /admin/deals/3/edit is under "deals", not the overview). A vendor's deal pages
 * (/vendor/deals/...) belong to the dashboard, where "my deals" is.
 */
export function backOfficeSection(pathname: string, sections: readonly { to: string }[]): string | null {
  const path = pathname.startsWith("/vendor/deals/") ? "/vendor/dashboard" : pathname.replace(/\/+$/, "") || "/";
  let best: string | null = null;
  for (const { to } of sections) {
    if ((path === to || path.startsWith(`${to}/`)) && (!best || to.length > best.length)) best = to;
  }
  return best;
}

export interface DealWeekSales {
  qty: number;
  /** agorot, as the vendor dashboard's service counts it: what shoppers paid, and the market's share */
  revenue: number;
  share: number;
  orders: number;
}

/**
 * "My deals" shows each deal's sales this week: the dashboard's per-community sales rows added
 * up per deal (a deal sells in every community with an open week).
 */
export function salesByDeal(rows: readonly { dealId: string; qty: number; revenue: number; share: number; orders: number }[]): Map<string, DealWeekSales> {
  const byDeal = new Map<string, DealWeekSales>();
  for (const row of rows) {
    const sum = byDeal.get(row.dealId) ?? { qty: 0, revenue: 0, share: 0, orders: 0 };
    byDeal.set(row.dealId, { qty: sum.qty + row.qty, revenue: sum.revenue + row.revenue, share: sum.share + row.share, orders: sum.orders + row.orders });
  }
  return byDeal;
}

export interface UnitQuantity {
  unit: string;
  qty: number;
}

/**
 * Quantities added up per unit, never across units (issue #49): 6 kg of carrots and 4 bunches of
 * basil are "6 kg · 4 bunches", not 10 of anything. The unit with the most first, then by name.
 */
export function quantitiesByUnit(rows: readonly UnitQuantity[]): UnitQuantity[] {
  const byUnit = new Map<string, number>();
  for (const row of rows) byUnit.set(row.unit, (byUnit.get(row.unit) ?? 0) + row.qty);
  return [...byUnit].map(([unit, qty]) => ({ unit, qty })).sort((a, b) => b.qty - a.qty || a.unit.localeCompare(b.unit, "he"));
}

export interface PickLine {
  dealId: string;
  dealTitle: string;
  unit: string;
  qty: number;
}

/**
 * What to pick this week: each product once, its quantity over every community and pickup point
 * (the packing list then says where each part goes). By title, as the packing list is.
 */
export function pickList(lines: readonly PickLine[]): PickLine[] {
  const byDeal = new Map<string, PickLine>();
  for (const line of lines) {
    const sum = byDeal.get(line.dealId);
    byDeal.set(line.dealId, { dealId: line.dealId, dealTitle: line.dealTitle, unit: line.unit, qty: (sum?.qty ?? 0) + line.qty });
  }
  return [...byDeal.values()].sort((a, b) => a.dealTitle.localeCompare(b.dealTitle, "he"));
}
