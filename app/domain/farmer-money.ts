// The farmer's money (issue #49; decision record 018): one rule for the guide, the dashboard, the
// week's statement and its CSV. Pure; agorot and basis points.
//
// - A line is paid what the shopper pays for it: quantity x her unit price, after the deal's
//   quantity price and the community's discount as the weekly close settles them. The farmer
//   carries both discounts: they are prices of her produce. Delivery fees are the market's.
// - The market keeps the share the organiser sets in the site settings (0 % unless she sets one),
//   of each line. A week's share is fixed when the week closes, so a new setting never rewrites a
//   closed week. What is left is the farmer's.
// - Cancelled and refunded lines earn nothing. Until the close the figures are an estimate; the
//   statement of a closed week is what the market owes her, and the admin marks it paid.

/** The most the market may keep, in percent. */
export const MARKET_SHARE_MAX_PERCENT = 50;

/** "7.5" % as basis points (750): settings are percent with up to two decimals, sums are whole. */
export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** The market's share of one line the shopper paid `paid` for (rounded to the agora, per line). */
export function marketShareOf(paid: number, shareBasisPoints: number): number {
  return Math.round((paid * shareBasisPoints) / 10_000);
}

/** What one line earns the farmer: what the shopper paid, less the market's share. */
export function farmerEarnsOf(paid: number, shareBasisPoints: number): number {
  return paid - marketShareOf(paid, shareBasisPoints);
}

export interface MoneyLine {
  /** what the shoppers paid for these lines */
  paid: number;
  /** the market's share of them, each line rounded */
  share: number;
}

/** A statement's totals: the lines added as they are, so the rows always add up to the total. */
export function moneyTotals(lines: readonly MoneyLine[]): MoneyLine & { farmer: number } {
  const paid = lines.reduce((sum, line) => sum + line.paid, 0);
  const share = lines.reduce((sum, line) => sum + line.share, 0);
  return { paid, share, farmer: paid - share };
}
