import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { cartItems, deals } from "~/db/schema";
import { ServiceError } from "~/domain/errors";
import { dealRow, groupRow } from "./catalog-rows.server";
import { checkStock } from "./deal-stock.server";
import { findDealsByIds, type DealView, type Viewer } from "./deals.server";
import { lineAmounts } from "~/domain/pricing";

export interface CartLine {
  id: string;
  dealId: string;
  groupId: string;
  qty: number;
  addedAt: Date;
  deal: DealView;
  /** agorot, for this line's quantity after quantity tiers and the community discount */
  unitPrice: number;
  lineTotal: number;
  originalTotal: number;
}

export interface Cart {
  lines: CartLine[];
  itemCount: number;
  subtotal: number;
  originalTotal: number;
}

// Every add to the cart and every checkout runs these: prepared once (db/prepared.server.ts).
const cartRowsQuery = preparedQuery((db) => db.select().from(cartItems).where(eq(cartItems.userId, sql.placeholder("userId"))).orderBy(asc(cartItems.addedAt)).prepare());
const clearCartQuery = preparedQuery((db) => db.delete(cartItems).where(eq(cartItems.userId, sql.placeholder("userId"))).prepare());
const cartLineQuery = preparedQuery((db) =>
  db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.userId, sql.placeholder("userId")), eq(cartItems.dealId, sql.placeholder("dealId"))))
    .prepare(),
);
const setLineQuery = preparedQuery((db) =>
  db
    .update(cartItems)
    .set({ qty: sql`${sql.placeholder("qty")}`, groupId: sql`${sql.placeholder("groupId")}`, lastTap: sql`${sql.placeholder("tap")}` })
    .where(eq(cartItems.id, sql.placeholder("id")))
    .prepare(),
);
// The id is a placeholder too: drizzle fills a $defaultFn once, when the query is prepared.
const insertLineQuery = preparedQuery((db) =>
  db
    .insert(cartItems)
    .values({ id: sql.placeholder("id"), userId: sql.placeholder("userId"), dealId: sql.placeholder("dealId"), groupId: sql.placeholder("groupId"), qty: sql.placeholder("qty"), lastTap: sql.placeholder("tap") })
    .prepare(),
);

/** A user's cart rows, oldest first. */
export function cartRows(db: Queryable, userId: string) {
  return cartRowsQuery(db).all({ userId });
}

/** The group a cart line joins must be this deal's, and open. */
function openGroupOfDeal(db: Queryable, dealId: string, groupId: string) {
  const group = groupRow(db, groupId);
  if (!group || group.dealId !== dealId || group.status !== "OPEN") return null;
  return group;
}

function activeDeal(db: Queryable, dealId: string) {
  const deal = dealRow(db, dealId);
  if (!deal || deal.status !== "ACTIVE") throw new ServiceError(404, "shop.errors.dealNotFound", "dealId");
  return deal;
}

/**
 * Adds to the cart (the quantity adds up when the deal is already there, up to maxQty). A form's
 * `tap` (one per page view) makes the add happen once: the same tap again (a second impatient
 * tap, a page sent again) finds it on the line and changes nothing.
 */
export function addToCart(db: Db, userId: string, input: { dealId: string; groupId: string; qty: number; tap?: string }): { dealId: string; qty: number } {
  return db.transaction(
    (tx) => {
      const deal = activeDeal(tx, input.dealId);
      if (!openGroupOfDeal(tx, deal.id, input.groupId)) throw new ServiceError(422, "shop.errors.noGroup", "groupId");
      const existing = cartLineQuery(tx).get({ userId, dealId: deal.id });
      const tap = input.tap || null;
      if (existing && tap !== null && existing.lastTap === tap) return { dealId: deal.id, qty: existing.qty };
      const qty = (existing?.qty ?? 0) + input.qty;
      if (qty > deal.maxQty) throw new ServiceError(422, "shop.errors.qtyAboveMax", "qty");
      checkStock(deal.stock, qty);
      if (existing) {
        setLineQuery(tx).run({ qty, groupId: input.groupId, tap, id: existing.id });
      } else {
        insertLineQuery(tx).run({ id: crypto.randomUUID(), userId, dealId: deal.id, groupId: input.groupId, qty, tap });
      }
      return { dealId: deal.id, qty };
    },
    { behavior: "immediate" },
  );
}

/**
 * Several deals at once (bulk mode's ticked cards): all of them or none. A line a rule refuses
 * (a week closed since the page was drawn, a quantity past the maximum) undoes the ones before
 * it, so the shopper is not left with part of what they ticked and a message about the rest.
 */
export function addLinesToCart(db: Db, userId: string, lines: readonly { dealId: string; groupId: string; qty: number }[]): { dealId: string; qty: number }[] {
  // Each line's own transaction becomes a savepoint inside this one.
  return db.transaction(() => lines.map((line) => addToCart(db, userId, line)), { behavior: "immediate" });
}

/** A line's new quantity (the cart's stepper). */
export function setCartQty(db: Db, userId: string, dealId: string, qty: number): { dealId: string; qty: number } {
  return db.transaction(
    (tx) => {
      const line = tx.select().from(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.dealId, dealId))).get();
      if (!line) throw new ServiceError(404, "shop.errors.notInCart");
      const deal = tx.select({ maxQty: deals.maxQty, stock: deals.stock }).from(deals).where(eq(deals.id, dealId)).get();
      if (deal && qty > deal.maxQty) throw new ServiceError(422, "shop.errors.qtyAboveMax", "qty");
      // Fewer is always allowed, so a line above what is left can come down step by step.
      if (deal && qty > line.qty) checkStock(deal.stock, qty);
      tx.update(cartItems).set({ qty }).where(eq(cartItems.id, line.id)).run();
      return { dealId, qty };
    },
    { behavior: "immediate" },
  );
}

/** Takes a line out of the cart. */
export function removeFromCart(db: Db, userId: string, dealId: string): void {
  const result = db.delete(cartItems).where(and(eq(cartItems.userId, userId), eq(cartItems.dealId, dealId))).run();
  if (result.changes === 0) throw new ServiceError(404, "shop.errors.notInCart");
}

export function clearCart(db: Queryable, userId: string) {
  return clearCartQuery(db).run({ userId }).changes;
}

export function cartCount(db: Queryable, userId: string): number {
  return db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId)).get()?.n ?? 0;
}

/** The cart, each line priced for its quantity and the buyer's community. */
export function getCart(db: Queryable, viewer: Viewer & { userId: string }): Cart {
  const rows = cartRows(db, viewer.userId);
  const views = findDealsByIds(db, rows.map((r) => r.dealId), viewer);
  const lines: CartLine[] = [];
  for (const row of rows) {
    const deal = views.get(row.dealId);
    if (!deal) continue;
    const amounts = lineAmounts({
      basePrice: deal.basePrice,
      quantityTiers: deal.quantityTiers,
      qty: row.qty,
      discountPercent: deal.discountPercent,
    });
    lines.push({
      id: row.id,
      dealId: row.dealId,
      groupId: row.groupId,
      qty: row.qty,
      addedAt: row.addedAt,
      deal,
      unitPrice: amounts.unitPrice,
      lineTotal: amounts.subtotal,
      originalTotal: amounts.originalTotal,
    });
  }
  return {
    lines,
    itemCount: lines.reduce((n, l) => n + l.qty, 0),
    subtotal: lines.reduce((n, l) => n + l.lineTotal, 0),
    originalTotal: lines.reduce((n, l) => n + l.originalTotal, 0),
  };
}
