// Which of the platform's live figures a visitor is shown. Pure.
// A young marketplace's true numbers are small; "4 members" or "₪0.00 saved so far" reads as an
// empty shop, and an invented "12,000 families" is a lie. So we show a figure only once it is
// worth saying, and never one we did not count.

export interface PlatformFigures {
  totalUsers: number;
  totalOrders: number;
  /** agorot */
  totalSavings: number;
  activeDeals: number;
}
export type FigureKey = keyof PlatformFigures;

/** The least value of each figure that a visitor is shown. */
export const PUBLIC_FIGURE_MINIMUM: Readonly<Record<FigureKey, number>> = {
  totalUsers: 50,
  totalOrders: 100,
  totalSavings: 1_000_00, // ₪1,000
  activeDeals: 1,
};

/** The figures among `keys` (in that order) that have reached their minimum. */
export function figuresWorthShowing(stats: PlatformFigures, keys: readonly FigureKey[]): { key: FigureKey; value: number }[] {
  return keys.filter((key) => stats[key] >= PUBLIC_FIGURE_MINIMUM[key]).map((key) => ({ key, value: stats[key] }));
}
