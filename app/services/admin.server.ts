// The admin area: platform numbers, the users, orders and contact-message lists. The /admin page
// and the /api/admin/* routes both read through these functions. (Creating an admin is a
// sign-in concern: app/auth/admin-creation.server.ts.)
import { count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { inlined } from "~/db/prepared.server";
import { contactMessages, deals, orders, users, vendors, type DeliveryType, type OrderStatus, type Role } from "~/db/schema";
import { ADMIN_LIST_LIMIT, displayName, type AdminQuery, type AdminTab } from "~/domain/admin-schemas";
import { toDecimalString } from "~/domain/money";
import { containsAny } from "./list-search.server";
import { lineEarnedSql } from "./line-earnings.server";

// ---------------------------------------------------------------------------------------------
// Numbers

export interface AdminStats {
  totalUsers: number;
  totalOrders: number;
  /** agorot: what buyers pay (each line's earnings plus its delivery fee) over orders not cancelled or refunded */
  totalRevenue: number;
  pendingOrders: number;
  activeDeals: number;
}

/** The five cards, in one query. */
export function adminStats(db: Db): AdminStats {
  return db.get<AdminStats>(sql`
    select
      (select count(*) from ${users}) as totalUsers,
      (select count(*) from ${orders}) as totalOrders,
      (select coalesce(sum(${lineEarnedSql} + ${orders.deliveryFee}), 0) from ${orders}
         where ${orders.status} not in ('CANCELED', 'REFUNDED')) as totalRevenue,
      (select count(*) from ${orders} where ${orders.status} = 'PENDING') as pendingOrders,
      (select count(*) from ${deals} where ${deals.status} = 'ACTIVE') as activeDeals
  `);
}

export function adminStatsJson(stats: AdminStats) {
  return { ...stats, totalRevenue: toDecimalString(stats.totalRevenue) };
}

// ---------------------------------------------------------------------------------------------
// Lists: newest first, at most ADMIN_LIST_LIMIT rows, the search applied in SQL

const userSearch = (q: string) => containsAny(q, [users.name, users.firstName, users.lastName, users.email, users.id]);
// The farm's name too (#45): an organiser looks for "the orders from Meshek Levi" as often as for a product.
const orderSearch = (q: string) => containsAny(q, [users.name, users.firstName, users.lastName, users.email, orders.id, deals.title, vendors.name]);
const messageSearch = (q: string) =>
  containsAny(q, [contactMessages.name, contactMessages.email, contactMessages.id, contactMessages.subject]);

export interface AdminUser {
  id: string;
  name: string | null;
  firstName: string | null;
  lastName: string | null;
  email: string;
  role: Role;
  createdAt: Date;
  lastLoginAt: Date | null;
}

export function listAdminUsers(db: Db, q = "", limit = ADMIN_LIST_LIMIT): AdminUser[] {
  return db
    .select({
      id: users.id,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: users.role,
      createdAt: users.createdAt,
      lastLoginAt: users.lastLoginAt,
    })
    .from(users)
    .where(userSearch(q))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(inlined(limit))
    .all();
}

export function adminUserJson(user: AdminUser) {
  return {
    id: user.id,
    name: displayName(user),
    firstName: user.firstName,
    email: user.email,
    role: user.role,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}

export interface AdminOrder {
  id: string;
  user: { name: string | null; email: string };
  deal: { title: string };
  /** the farm (vendor) selling the deal: shown under the title, and searched */
  vendorName: string;
  qty: number;
  /** agorot */
  total: number;
  status: OrderStatus;
  /** how she gets it: the status reads "to pay at pickup" or "to pay on delivery" */
  deliveryType: DeliveryType;
  createdAt: Date;
}

export function listAdminOrders(db: Db, q = "", limit = ADMIN_LIST_LIMIT): AdminOrder[] {
  return db
    .select({
      id: orders.id,
      qty: orders.qty,
      total: orders.total,
      status: orders.status,
      deliveryType: orders.deliveryType,
      createdAt: orders.createdAt,
      userName: users.name,
      userFirstName: users.firstName,
      userLastName: users.lastName,
      userEmail: users.email,
      dealTitle: deals.title,
      vendorName: vendors.name,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(deals, eq(deals.id, orders.dealId))
    .innerJoin(vendors, eq(vendors.id, deals.vendorId))
    .where(orderSearch(q))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(inlined(limit))
    .all()
    .map((row) => ({
      id: row.id,
      user: { name: displayName({ name: row.userName, firstName: row.userFirstName, lastName: row.userLastName }), email: row.userEmail },
      deal: { title: row.dealTitle },
      vendorName: row.vendorName,
      qty: row.qty,
      total: row.total,
      status: row.status,
      deliveryType: row.deliveryType,
      createdAt: row.createdAt,
    }));
}

export function adminOrderJson(order: AdminOrder) {
  // The API's shape stays as the spec gives it (the vendor's name is the page's addition).
  const { vendorName: _vendorName, deliveryType: _deliveryType, ...rest } = order;
  return { ...rest, total: toDecimalString(order.total), createdAt: order.createdAt.toISOString() };
}

export type AdminMessage = Pick<
  typeof contactMessages.$inferSelect,
  "id" | "name" | "email" | "phone" | "subject" | "message" | "kind" | "createdAt"
>;

export function listContactMessages(db: Db, q = "", limit = ADMIN_LIST_LIMIT): AdminMessage[] {
  return db
    .select({
      id: contactMessages.id,
      name: contactMessages.name,
      email: contactMessages.email,
      phone: contactMessages.phone,
      subject: contactMessages.subject,
      message: contactMessages.message,
      kind: contactMessages.kind,
      createdAt: contactMessages.createdAt,
    })
    .from(contactMessages)
    .where(messageSearch(q))
    .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
    .limit(inlined(limit))
    .all();
}

/** How many rows match the search in each tab (not capped: the tabs show the true count). */
export function adminCounts(db: Db, q = ""): Record<AdminTab, number> {
  const n = (row: { n: number } | undefined) => row?.n ?? 0;
  return {
    users: n(db.select({ n: count() }).from(users).where(userSearch(q)).get()),
    orders: n(
      db
        .select({ n: count() })
        .from(orders)
        .innerJoin(users, eq(users.id, orders.userId))
        .innerJoin(deals, eq(deals.id, orders.dealId))
        .innerJoin(vendors, eq(vendors.id, deals.vendorId))
        .where(orderSearch(q))
        .get(),
    ),
    messages: n(db.select({ n: count() }).from(contactMessages).where(messageSearch(q)).get()),
  };
}

export type AdminTabRows =
  | { tab: "users"; rows: AdminUser[] }
  | { tab: "orders"; rows: AdminOrder[] }
  | { tab: "messages"; rows: AdminMessage[] };

/** Everything the dashboard shows: five queries, whatever the number of rows. */
export function adminDashboard(db: Db, query: AdminQuery) {
  const list: AdminTabRows =
    query.tab === "orders"
      ? { tab: "orders", rows: listAdminOrders(db, query.q) }
      : query.tab === "messages"
        ? { tab: "messages", rows: listContactMessages(db, query.q) }
        : { tab: "users", rows: listAdminUsers(db, query.q) };
  return { stats: adminStats(db), counts: adminCounts(db, query.q), list };
}
