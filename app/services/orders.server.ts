import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "~/db/client.server";
import { preparedQuery, preparedQueryByShape } from "~/db/prepared.server";
import {
  communities,
  deals,
  dealTiers,
  groups,
  orders,
  pickupPoints,
  weeklyCycles,
  type Order,
  type PickupPoint,
  type User,
} from "~/db/schema";
import { recordAuditEvent } from "./audit.server";
import { cartRows, clearCart } from "./cart.server";
import { dealRow, groupRow } from "./catalog-rows.server";
import { communityPricing } from "./community-pricing.server";
import { moveOrder, withCheckoutFee } from "./order-lifecycle.server";
import { settleCommunity } from "./cycle-engine.server";
import { activePickupPoints } from "./communities.server";
import { deliveryFee } from "~/domain/delivery";
import { deliveryOf } from "./communities.server";
import { ServiceError } from "~/domain/errors";
import { toDecimalString } from "~/domain/money";
import { cancelWindow, canCancel, cancelCutoffPassed, orderNumber } from "~/domain/order-status";
import type { OrderListQuery } from "~/domain/order-query";
import { lineAmounts, quantityUnitPrice } from "~/domain/pricing";
import type { DeliveryChoice } from "~/domain/checkout";
import { mailOrderPlaced, tellOrderChanged, tellOrdersCancelled } from "./order-messages.server";
import { giveBackStock, takeStock } from "./deal-stock.server";

interface LineRequest {
  dealId: string;
  groupId: string;
  qty: number;
}

// A checkout's reads and writes of a fixed shape, prepared once (db/prepared.server.ts).
// Every column a checkout sets is a placeholder, the id too: drizzle fills a $defaultFn once, when
// the query is prepared.
const insertOrder = preparedQuery((db) =>
  db
    .insert(orders)
    .values({
      id: sql.placeholder("id"),
      userId: sql.placeholder("userId"),
      dealId: sql.placeholder("dealId"),
      groupId: sql.placeholder("groupId"),
      communityId: sql.placeholder("communityId"),
      weeklyCycleId: sql.placeholder("weeklyCycleId"),
      pickupPointId: sql.placeholder("pickupPointId"),
      checkoutId: sql.placeholder("checkoutId"),
      qty: sql.placeholder("qty"),
      unitPriceAtPurchase: sql.placeholder("unitPriceAtPurchase"),
      quantityPriceAtPurchase: sql.placeholder("quantityPriceAtPurchase"),
      originalTotal: sql.placeholder("originalTotal"),
      total: sql.placeholder("total"),
      deliveryType: sql.placeholder("deliveryType"),
      deliveryFee: sql.placeholder("deliveryFee"),
      deliveryAddress: sql.placeholder("deliveryAddress"),
      deliveryPhone: sql.placeholder("deliveryPhone"),
      deliveryNotes: sql.placeholder("deliveryNotes"),
      paymentMethod: "CASH",
    })
    .returning()
    .prepare(),
);
const tiersOfDeal = preparedQuery((db) =>
  db
    .select({ thresholdQty: dealTiers.thresholdQty, unitPrice: dealTiers.unitPrice })
    .from(dealTiers)
    .where(eq(dealTiers.dealId, sql.placeholder("dealId")))
    .prepare(),
);
const addToGroup = preparedQuery((db) =>
  db
    .update(groups)
    .set({ currentRevenue: sql`${groups.currentRevenue} + ${sql.placeholder("amount")}`, currentQty: sql`${groups.currentQty} + ${sql.placeholder("qty")}` })
    .where(eq(groups.id, sql.placeholder("id")))
    .prepare(),
);
const addToCycle = preparedQuery((db) =>
  db
    .update(weeklyCycles)
    .set({ currentRevenue: sql`${weeklyCycles.currentRevenue} + ${sql.placeholder("amount")}` })
    .where(eq(weeklyCycles.id, sql.placeholder("id")))
    .prepare(),
);

/** Validates one line and prices it for the buyer's community, inside the caller's transaction. */
function prepareLine(tx: Tx, user: User, line: LineRequest) {
  if (!user.communityId) throw new ServiceError(422, "shop.errors.noCommunity", "communityId");
  const deal = dealRow(tx, line.dealId);
  if (!deal || deal.status !== "ACTIVE") throw new ServiceError(404, "shop.errors.dealNotFound", "dealId");
  if (line.qty > deal.maxQty) throw new ServiceError(422, "shop.errors.qtyAboveMax", "qty");
  if (line.qty < deal.minQty) throw new ServiceError(422, "shop.validation.qtyMin", "qty");
  const pricing = communityPricing(tx, user.communityId);
  if (!pricing?.cycle) throw new ServiceError(422, "shop.errors.noGroup", "groupId");
  const named = groupRow(tx, line.groupId);
  if (!named || named.dealId !== deal.id) throw new ServiceError(422, "shop.errors.noGroup", "groupId");
  // The line joins the buyer's community's open group of this week, whichever group the cart
  // named (a person may have moved community since adding it).
  const group =
    named.communityId === user.communityId && named.weeklyCycleId === pricing.cycle.id && named.status === "OPEN"
      ? named
      : tx
          .select()
          .from(groups)
          .where(and(eq(groups.dealId, deal.id), eq(groups.weeklyCycleId, pricing.cycle.id), eq(groups.status, "OPEN")))
          .get();
  if (!group) throw new ServiceError(422, "shop.errors.noGroup", "groupId");
  const quantityTiers = tiersOfDeal(tx).all({ dealId: deal.id });
  const amounts = lineAmounts({ basePrice: deal.basePrice, quantityTiers, qty: line.qty, discountPercent: pricing.discountPercent });
  const quantityPrice = quantityUnitPrice(deal.basePrice, quantityTiers, line.qty);
  return { deal, group, cycleId: pricing.cycle.id, communityId: user.communityId, qty: line.qty, quantityPrice, ...amounts };
}

/** An active pickup point of this community, or the "not your community's point" refusal. */
export function pickupPointOf(db: Queryable, communityId: string, pickupPointId: string): PickupPoint {
  const point = db.select().from(pickupPoints).where(eq(pickupPoints.id, pickupPointId)).get();
  if (!point || point.communityId !== communityId || !point.isActive) {
    throw new ServiceError(422, "shop.errors.pickupPointUnknown", "pickupPointId");
  }
  return point;
}

/**
 * The way she chose is one her community offers: delivery only where it delivers, and a pickup
 * order always names an active point of its own, so every page shows the place she was
 * promised: the one she chose, or (POST /api/orders may leave it out) her community's first.
 */
function withPickupPoint(tx: Tx, communityId: string, delivery: DeliveryChoice): DeliveryChoice {
  if (delivery.deliveryType === "DELIVERY") {
    deliveryOf(tx, communityId);
    return delivery;
  }
  if (delivery.pickupPointId) {
    pickupPointOf(tx, communityId, delivery.pickupPointId);
    return delivery;
  }
  const first = activePickupPoints(tx, communityId)[0];
  if (!first) throw new ServiceError(422, "shop.errors.pickupPointUnknown", "pickupPointId");
  return { ...delivery, pickupPointId: first.id };
}

/** Writes the orders and adds their base totals to their groups' and cycles' revenue. */
function insertOrders(tx: Tx, user: User, lines: ReturnType<typeof prepareLine>[], delivery: DeliveryChoice): Order[] {
  const subtotal = lines.reduce((sum, line) => sum + line.subtotal, 0);
  // One delivery fee per checkout, on its first order, by the subtotal of the whole checkout;
  // the checkout's id lets every later change of one of its orders put the fee right again.
  const fee = delivery.deliveryType === "DELIVERY" ? deliveryFee(deliveryOf(tx, lines[0].communityId), "DELIVERY", subtotal) : 0;
  const checkoutId = crypto.randomUUID();
  return lines.map((line, index) => {
    const lineFee = index === 0 ? fee : 0;
    const order = insertOrder(tx).get({
      id: crypto.randomUUID(),
      userId: user.id,
      dealId: line.deal.id,
      groupId: line.group.id,
      communityId: line.communityId,
      weeklyCycleId: line.cycleId,
      pickupPointId: delivery.deliveryType === "PICKUP" ? (delivery.pickupPointId ?? null) : null,
      checkoutId,
      qty: line.qty,
      unitPriceAtPurchase: line.unitPrice,
      quantityPriceAtPurchase: line.quantityPrice,
      originalTotal: line.originalTotal,
      total: line.subtotal + lineFee,
      deliveryType: delivery.deliveryType,
      deliveryFee: lineFee,
      deliveryAddress: delivery.deliveryType === "DELIVERY" ? (delivery.deliveryAddress ?? null) : null,
      deliveryPhone: delivery.deliveryPhone ?? null,
      deliveryNotes: delivery.deliveryNotes ?? null,
    })!;
    takeStock(tx, line.deal, line.qty);
    addToGroup(tx).run({ amount: line.originalTotal, qty: line.qty, id: line.group.id });
    addToCycle(tx).run({ amount: line.originalTotal, id: line.cycleId });
    return order;
  });
}

/** Checkout: every cart line becomes an order, in one transaction, the cart empties and one mail says so. */
export function placeCartOrders(db: Db, user: User, delivery: DeliveryChoice): Order[] {
  return db.transaction(
    (tx) => {
      const cart = cartRows(tx, user.id);
      if (cart.length === 0) throw new ServiceError(422, "shop.errors.cartEmpty");
      // A deadline that passed a moment ago closes first: this order joins next week's cycle.
      if (user.communityId) settleCommunity(tx, user.communityId, new Date());
      const lines = cart.map((item) => prepareLine(tx, user, item));
      const placed = insertOrders(tx, user, lines, withPickupPoint(tx, lines[0].communityId, delivery));
      clearCart(tx, user.id);
      mailOrderPlaced(tx, user, placed);
      return placed;
    },
    { behavior: "immediate" },
  );
}

/** POST /api/orders: one order from the fields of one cart line. */
export function placeOrder(db: Db, user: User, line: LineRequest, delivery: DeliveryChoice): Order {
  return db.transaction(
    (tx) => {
      if (user.communityId) settleCommunity(tx, user.communityId, new Date());
      const prepared = prepareLine(tx, user, line);
      const placed = insertOrders(tx, user, [prepared], withPickupPoint(tx, prepared.communityId, delivery));
      mailOrderPlaced(tx, user, placed);
      return placed[0];
    },
    { behavior: "immediate" },
  );
}

/** One of this owner's orders with its week; anyone else's is "not found". */
function ownOrder(tx: Tx, userId: string, orderId: string) {
  const order = tx.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.userId, userId))).get();
  if (!order) throw new ServiceError(404, "shop.errors.orderNotFound");
  const cycle = order.weeklyCycleId ? tx.select().from(weeklyCycles).where(eq(weeklyCycles.id, order.weeklyCycleId)).get() : undefined;
  return { order, cycle };
}

/**
 * The order of this owner whose quantity she may still change: PENDING or PAID, not yet within
 * 24 hours of its week's deadline (the FAQ and the terms; cancelling has the same cut-off).
 */
function changeableOrder(tx: Tx, userId: string, orderId: string, now: Date, refusal: { status: string; cutoff: string }) {
  const { order, cycle } = ownOrder(tx, userId, orderId);
  if (!canCancel(order.status)) throw new ServiceError(409, refusal.status);
  if (cycle && cancelCutoffPassed(cycle.orderDeadline, now)) throw new ServiceError(409, refusal.cutoff);
  return { order, cycle };
}

/**
 * The owner cancels a PENDING or PAID order before the cut-off, or one whose price the weekly
 * close raised until pickup (cancelWindow): one step of the order state machine (moveOrder), which
 * gives its base total back to a week still open and writes the audit row; then the delivery fee
 * of the rest of its checkout. A cancel after the close does not settle the week again: the
 * others' prices stay, and the checkout's fee may only fall.
 */
export function cancelOrder(db: Db, userId: string, orderId: string, now = new Date()): Order {
  return db.transaction(
    (tx) => {
      const { order, cycle } = ownOrder(tx, userId, orderId);
      if (cancelWindow(order, cycle ?? null, now) === "closed") {
        throw new ServiceError(409, canCancel(order.status) ? "shop.errors.cancelCutoff" : "shop.errors.cannotCancel");
      }
      const cancelled = withCheckoutFee(tx, userId, order, now, () => moveOrder(tx, userId, order, "CANCELED", now));
      tellOrdersCancelled(tx, [cancelled], "shopper");
      return cancelled;
    },
    { behavior: "immediate" },
  );
}

/** changeOrderQty's refusal of a change that raises the price per unit she has not accepted. */
export const PRICE_RISE = "purchase.order.priceRise";

/**
 * The owner changes an order's quantity before the same cut-off. The line is priced again by
 * the checkout's rules (quantity tiers, then the community's discount now), and the delivery fee
 * of its checkout by the delivery rule on the new subtotal; the week's and the group's revenue
 * move by exactly the change in base total, and an audit row says what changed.
 *
 * A change that raises the price per unit (5 down to 2 loses the quantity tier) is refused with
 * `PRICE_RISE` and the new price, unless the caller says she has seen it (`acceptPriceRise`):
 * the order page asks her first (issue #47). The API keeps its contract and accepts by default.
 */
export function changeOrderQty(
  db: Db,
  userId: string,
  orderId: string,
  qty: number,
  now = new Date(),
  { acceptPriceRise = true, shownUnitPrice }: { acceptPriceRise?: boolean; shownUnitPrice?: number } = {},
): Order {
  return db.transaction(
    (tx) => {
      const refusal = { status: "purchase.errors.cannotChange", cutoff: "purchase.errors.changeCutoff" };
      const { order, cycle } = changeableOrder(tx, userId, orderId, now, refusal);
      if (!cycle?.isActive || !order.communityId) throw new ServiceError(409, refusal.cutoff);
      if (qty === order.qty) return order;
      const deal = tx.select().from(deals).where(eq(deals.id, order.dealId)).get();
      // Fewer is always allowed; more only while the deal is still on sale.
      if (!deal || (qty > order.qty && deal.status !== "ACTIVE")) throw new ServiceError(404, "shop.errors.dealNotFound", "qty");
      if (qty > deal.maxQty) throw new ServiceError(422, "shop.errors.qtyAboveMax", "qty");
      if (qty < deal.minQty) throw new ServiceError(422, "shop.validation.qtyMin", "qty");
      if (qty > order.qty) takeStock(tx, deal, qty - order.qty);
      else giveBackStock(tx, deal.id, order.qty - qty);
      const quantityTiers = tx
        .select({ thresholdQty: dealTiers.thresholdQty, unitPrice: dealTiers.unitPrice })
        .from(dealTiers)
        .where(eq(dealTiers.dealId, deal.id))
        .all();
      const discountPercent = communityPricing(tx, order.communityId)?.discountPercent ?? 0;
      const amounts = lineAmounts({ basePrice: deal.basePrice, quantityTiers, qty, discountPercent });
      // Accepted up to the price she was shown: a price that rose again since asks again.
      const accepted = acceptPriceRise && (shownUnitPrice === undefined || amounts.unitPrice <= shownUnitPrice);
      if (amounts.unitPrice > order.unitPriceAtPurchase && !accepted) {
        throw new ServiceError(409, PRICE_RISE, "qty", { qty, unitPrice: amounts.unitPrice, was: order.unitPriceAtPurchase });
      }
      const revenueChange = amounts.originalTotal - order.originalTotal;
      withCheckoutFee(tx, userId, order, now, () =>
        tx
          .update(orders)
          .set({
            qty,
            unitPriceAtPurchase: amounts.unitPrice,
            quantityPriceAtPurchase: quantityUnitPrice(deal.basePrice, quantityTiers, qty),
            originalTotal: amounts.originalTotal,
            total: amounts.subtotal + order.deliveryFee,
          })
          .where(eq(orders.id, order.id))
          .run(),
      );
      const updated = tx.select().from(orders).where(eq(orders.id, order.id)).get()!;
      tx.update(weeklyCycles)
        .set({ currentRevenue: sql`${weeklyCycles.currentRevenue} + ${revenueChange}` })
        .where(eq(weeklyCycles.id, cycle.id))
        .run();
      if (order.groupId) {
        tx.update(groups)
          .set({ currentRevenue: sql`${groups.currentRevenue} + ${revenueChange}`, currentQty: sql`${groups.currentQty} + ${qty - order.qty}` })
          .where(eq(groups.id, order.groupId))
          .run();
      }
      const money = (o: Order) => ({ qty: o.qty, unitPriceAtPurchase: o.unitPriceAtPurchase, originalTotal: o.originalTotal, total: o.total });
      recordAuditEvent(tx, { type: "order.qty_changed", actorUserId: userId, entityId: order.id, before: money(order), after: money(updated) }, now);
      tellOrderChanged(tx, order, updated);
      return updated;
    },
    { behavior: "immediate" },
  );
}

const orderWithDeal = {
  order: orders,
  dealTitle: deals.title,
  dealSlug: deals.slug,
  dealImages: deals.images,
  dealUnit: deals.unit,
};

/**
 * An order with its deal and where and when it is collected: its pickup point (the point's day
 * in the order's week follows from the week's deadline, domain/pickup-point.ts), or delivery.
 */
const orderWithPlace = {
  ...orderWithDeal,
  communityName: communities.name,
  pointAddress: pickupPoints.address,
  pointDays: pickupPoints.pickupDays,
  orderDeadline: weeklyCycles.orderDeadline,
  pointStartTime: pickupPoints.pickupStartTime,
  pointEndTime: pickupPoints.pickupEndTime,
  pickupDate: weeklyCycles.pickupDate,
  weekStartDate: weeklyCycles.weekStartDate,
};

/**
 * What the orders page lists of each order (routes/orders.tsx): its row and its week, 18 of the
 * 36 columns. A user's 15 orders with all of them took 130 µs to read in a worker, most of it
 * making the values; this about half (decision record 016, session 27).
 */
const orderListRow = {
  order: {
    id: orders.id,
    weeklyCycleId: orders.weeklyCycleId,
    createdAt: orders.createdAt,
    qty: orders.qty,
    status: orders.status,
    total: orders.total,
    deliveryType: orders.deliveryType,
    deliveryAddress: orders.deliveryAddress,
  },
  dealTitle: deals.title,
  dealImages: deals.images,
  communityName: communities.name,
  pointAddress: pickupPoints.address,
  pointDays: pickupPoints.pickupDays,
  orderDeadline: weeklyCycles.orderDeadline,
  pointStartTime: pickupPoints.pickupStartTime,
  pointEndTime: pickupPoints.pickupEndTime,
  pickupDate: weeklyCycles.pickupDate,
  weekStartDate: weeklyCycles.weekStartDate,
};

/** Orders with their deal and where and when each is collected; the caller adds the filter. */
function ordersWithPlace(db: Queryable) {
  return db
    .select(orderWithPlace)
    .from(orders)
    .innerJoin(deals, eq(deals.id, orders.dealId))
    .leftJoin(communities, eq(communities.id, orders.communityId))
    .leftJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
    .leftJoin(weeklyCycles, eq(weeklyCycles.id, orders.weeklyCycleId));
}

/** The same joins as ordersWithPlace, with only the orders page's columns (drizzle's types do not follow a select whose columns are a parameter). */
function orderRowsWithPlace(db: Queryable) {
  return db
    .select(orderListRow)
    .from(orders)
    .innerJoin(deals, eq(deals.id, orders.dealId))
    .leftJoin(communities, eq(communities.id, orders.communityId))
    .leftJoin(pickupPoints, eq(pickupPoints.id, orders.pickupPointId))
    .leftJoin(weeklyCycles, eq(weeklyCycles.id, orders.weeklyCycleId));
}

const ORDER_SORTS = {
  date_desc: [desc(orders.createdAt)],
  date_asc: [asc(orders.createdAt)],
  amount_desc: [desc(orders.total), desc(orders.createdAt)],
  amount_asc: [asc(orders.total), desc(orders.createdAt)],
};

// One statement per combination of search, status filter and sort, the values as placeholders.
const queryShape = (query: OrderListQuery) => [query.q ? "q" : "", query.status ? "status" : "", query.sort ?? "date_desc"].join("|");
const ofUser = (query: OrderListQuery) =>
  and(
    eq(orders.userId, sql.placeholder("userId")),
    query.q ? sql`lower(${orders.id}) like ${sql.placeholder("pattern")}` : undefined,
    query.status ? eq(orders.status, sql.placeholder("status")) : undefined,
  );
const ordersOfUser = preparedQueryByShape(queryShape, (db, query) =>
  ordersWithPlace(db)
    .where(ofUser(query))
    .orderBy(...ORDER_SORTS[query.sort ?? "date_desc"])
    .prepare(),
);
const orderRowsOfUser = preparedQueryByShape(queryShape, (db, query) =>
  orderRowsWithPlace(db)
    .where(ofUser(query))
    .orderBy(...ORDER_SORTS[query.sort ?? "date_desc"])
    .prepare(),
);

/** The values of a user's orders query: search by order number (case-insensitive part of the id), status. */
function ordersOfUserValues(userId: string, query: OrderListQuery) {
  return {
    userId,
    pattern: query.q ? `%${query.q.toLowerCase().replace(/[%_\\]/g, "")}%` : null,
    status: query.status ?? null,
  };
}

/** A user's orders, whole: search by order number (case-insensitive part of the id), status, sort. */
export function listOrders(db: Db, userId: string, query: OrderListQuery = {}) {
  return ordersOfUser(db, query).all(ordersOfUserValues(userId, query));
}

/** The same orders as listOrders, with only what the orders page lists of each. */
export function listOrderRows(db: Db, userId: string, query: OrderListQuery = {}) {
  return orderRowsOfUser(db, query).all(ordersOfUserValues(userId, query));
}

/** One order, only for its owner (anyone else gets null: "not found", never "forbidden"). */
export function findOrderForUser(db: Db, userId: string, orderId: string) {
  const row = db
    .select({
      ...orderWithDeal,
      communityName: communities.name,
      cycleDeadline: weeklyCycles.orderDeadline,
      cyclePickupDate: weeklyCycles.pickupDate,
    })
    .from(orders)
    .innerJoin(deals, eq(deals.id, orders.dealId))
    .leftJoin(communities, eq(communities.id, orders.communityId))
    .leftJoin(weeklyCycles, eq(weeklyCycles.id, orders.weeklyCycleId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .get();
  if (!row) return null;
  const pickupPoint = row.order.pickupPointId
    ? (db.select().from(pickupPoints).where(eq(pickupPoints.id, row.order.pickupPointId)).get() ?? null)
    : null;
  return { ...row, pickupPoint };
}

/**
 * The orders of one checkout (one per cart line), only the owner's, in the order they were
 * placed, each with where and when it is collected: what the success page shows.
 */
export function findOrdersForUser(db: Queryable, userId: string, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  const rows = ordersWithPlace(db)
    .where(and(eq(orders.userId, userId), inArray(orders.id, orderIds)))
    .all();
  return rows.sort((a, b) => orderIds.indexOf(a.order.id) - orderIds.indexOf(b.order.id));
}

export type OrderRow = ReturnType<typeof listOrders>[number];
export type OrderListRow = ReturnType<typeof listOrderRows>[number];

/** The order as the API answers it: money as decimal strings. */
export function orderJson(row: Pick<OrderRow, "order"> & Partial<Omit<OrderRow, "order">>) {
  const o = row.order;
  return {
    id: o.id,
    orderNumber: orderNumber(o.id),
    userId: o.userId,
    dealId: o.dealId,
    groupId: o.groupId,
    communityId: o.communityId,
    pickupPointId: o.pickupPointId,
    weeklyCycleId: o.weeklyCycleId,
    qty: o.qty,
    unitPriceAtPurchase: toDecimalString(o.unitPriceAtPurchase),
    originalTotal: toDecimalString(o.originalTotal),
    total: toDecimalString(o.total),
    deliveryType: o.deliveryType,
    deliveryFee: toDecimalString(o.deliveryFee),
    deliveryAddress: o.deliveryAddress,
    deliveryPhone: o.deliveryPhone,
    deliveryNotes: o.deliveryNotes,
    paymentMethod: o.paymentMethod,
    status: o.status,
    createdAt: o.createdAt.toISOString(),
    paidAt: o.paidAt?.toISOString() ?? null,
    fulfilledAt: o.fulfilledAt?.toISOString() ?? null,
    canceledAt: o.canceledAt?.toISOString() ?? null,
    // Set when the weekly close raised the price: she may cancel until pickup.
    priceRaisedAt: o.priceRaisedAt?.toISOString() ?? null,
    deal: row.dealTitle ? { title: row.dealTitle, slug: row.dealSlug, images: row.dealImages } : undefined,
  };
}
