// A deal's stock moves with its orders (issue #49; the rule is domain/stock.ts): placing or
// raising an order takes from it, cancelling or refunding one not yet handed over gives back.
// Always inside the caller's transaction, next to the order row it follows. A deal without a
// stock (null) is never touched.
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Queryable, Tx } from "~/db/client.server";
import { deals } from "~/db/schema";
import { ServiceError } from "~/domain/errors";
import { isSoldOut, stockRefusal } from "~/domain/stock";

/** Refuses `qty` more units of a deal with this stock: "sold out", or "only N left". */
export function checkStock(stock: number | null, qty: number): void {
  const left = stockRefusal(stock, qty);
  if (left === null) return;
  if (isSoldOut(left)) throw new ServiceError(409, "shop.errors.soldOut", "qty");
  throw new ServiceError(409, "shop.errors.stockShort", "qty", { left });
}

/** Takes `qty` units for new or raised orders, or refuses (and takes nothing). */
export function takeStock(tx: Tx, deal: { id: string; stock: number | null }, qty: number): void {
  if (deal.stock === null || qty <= 0) return;
  // Read again: one checkout may take from the same deal twice (an order and a later change).
  const stock = stockOf(tx, deal.id);
  checkStock(stock, qty);
  tx.update(deals).set({ stock: sql`${deals.stock} - ${qty}` }).where(and(eq(deals.id, deal.id), isNotNull(deals.stock))).run();
}

/** Gives `qty` units back (an order cancelled, refunded or made smaller before hand-over). */
export function giveBackStock(tx: Tx, dealId: string, qty: number): void {
  if (qty <= 0) return;
  tx.update(deals).set({ stock: sql`${deals.stock} + ${qty}` }).where(and(eq(deals.id, dealId), isNotNull(deals.stock))).run();
}

export function stockOf(db: Queryable, dealId: string): number | null {
  return db.select({ stock: deals.stock }).from(deals).where(eq(deals.id, dealId)).get()?.stock ?? null;
}
