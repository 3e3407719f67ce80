// A deal's stock (issue #49): how many units the farmer can still supply to new orders, apart
// from `maxQty`, the most one order may take. Null is "no limit". Pure.

/**
 * Not enough stock left for the smallest order: the deal stays live, keeps its page, and takes no
 * new orders until she sets more.
 */
export function isSoldOut(stock: number | null, minQty = 1): boolean {
  return stock !== null && stock < Math.max(1, minQty);
}

/**
 * Whether `qty` more units may be taken: always without a limit, else only up to what is left.
 * Returns null when they may, or how many are left (0 when sold out) for the refusal's message.
 */
export function stockRefusal(stock: number | null, qty: number): number | null {
  if (stock === null || qty <= stock) return null;
  return Math.max(0, stock);
}

/** The most a shopper may choose now: the per-order maximum, or less when less is left. */
export function orderableMax(maxQty: number, stock: number | null): number {
  return stock === null ? maxQty : Math.max(0, Math.min(maxQty, stock));
}

/**
 * The stock to store when the farmer saves her deal's form. She typed `typed` while the form showed
 * `shown`; orders may have taken some since (`current` is the stock now). Left as shown, the stock
 * is not touched; changed, what was taken since comes off what she typed, so a save never sells
 * the same produce twice. Empty is "no limit".
 */
export function stockToStore(typed: number | null | undefined, shown: number | null | undefined, current: number | null): number | null {
  if (typed === null || typed === undefined) return null;
  if (shown === null || shown === undefined || current === null) return typed;
  if (typed === shown) return current;
  return Math.max(0, typed - Math.max(0, shown - current));
}
