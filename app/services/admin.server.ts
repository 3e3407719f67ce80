// The admin area: platform numbers, the users, orders and contact-message lists, and admin
// creation. The /admin page and the /api/admin/* routes both read through these functions.
import { count, desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { checkAdminSecret } from "~/auth/admin-guard.server";
import { adminSetupState, spendAdminSetup } from "~/auth/admin-setup.server";
import { hashPassword } from "~/auth/password.server";
import { hitRateLimit } from "~/auth/rate-limit.server";
import type { Db } from "~/db/client.server";
import { authProviders, contactMessages, deals, orders, users, type OrderStatus, type Role, type User } from "~/db/schema";
import { ADMIN_LIST_LIMIT, displayName, type AdminCreateInput, type AdminQuery, type AdminTab } from "./admin-schemas";
import { toDecimalString } from "./money";

// ---------------------------------------------------------------------------------------------
// Numbers

export interface AdminStats {
  totalUsers: number;
  totalOrders: number;
  /** agorot: what buyers pay (delivery included) over orders that were not cancelled or refunded */
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
      (select coalesce(sum(${orders.total}), 0) from ${orders}
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

/** `column LIKE %q%` for any of the columns; LIKE's own wildcards in q are taken literally. */
function containsAny(q: string, columns: SQLiteColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(...columns.map((column) => sql`${column} like ${pattern} escape '\\'`));
}

const userSearch = (q: string) => containsAny(q, [users.name, users.firstName, users.lastName, users.email, users.id]);
const orderSearch = (q: string) => containsAny(q, [users.name, users.firstName, users.lastName, users.email, orders.id, deals.title]);
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
    .limit(limit)
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
  qty: number;
  /** agorot */
  total: number;
  status: OrderStatus;
  createdAt: Date;
}

export function listAdminOrders(db: Db, q = "", limit = ADMIN_LIST_LIMIT): AdminOrder[] {
  return db
    .select({
      id: orders.id,
      qty: orders.qty,
      total: orders.total,
      status: orders.status,
      createdAt: orders.createdAt,
      userName: users.name,
      userFirstName: users.firstName,
      userLastName: users.lastName,
      userEmail: users.email,
      dealTitle: deals.title,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(deals, eq(deals.id, orders.dealId))
    .where(orderSearch(q))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .all()
    .map((row) => ({
      id: row.id,
      user: { name: displayName({ name: row.userName, firstName: row.userFirstName, lastName: row.userLastName }), email: row.userEmail },
      deal: { title: row.dealTitle },
      qty: row.qty,
      total: row.total,
      status: row.status,
      createdAt: row.createdAt,
    }));
}

export function adminOrderJson(order: AdminOrder) {
  return { ...order, total: toDecimalString(order.total), createdAt: order.createdAt.toISOString() };
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
    .limit(limit)
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

// ---------------------------------------------------------------------------------------------
// Admin creation

export type AdminCreation =
  | { ok: true; user: User }
  | {
      ok: false;
      status: 403 | 409 | 429;
      messageKey: string;
      values?: Record<string, number>;
      field?: "email";
    };

const EMAIL_TAKEN = { ok: false, status: 409, messageKey: "admin.errors.emailTaken", field: "email" } as const;
const SETUP_SPENT = { ok: false, status: 403, messageKey: "admin.errors.setupSpent" } as const;

/**
 * Creates an ADMIN when the secret code matches ADMIN_SECRET, or is the token of the one-time
 * setup link a new market prints at start (auth/admin-setup.server.ts), which it then spends.
 * Every attempt counts toward the "admin-create" rate limit first (under `rateLimitKeys`: the
 * e-mail and the client address), so neither can be guessed at speed. A refused code writes
 * nothing but that count.
 */
export async function createAdminWithSecret(db: Db, input: AdminCreateInput, rateLimitKeys: string[], now = new Date()): Promise<AdminCreation> {
  const limit = hitRateLimit(db, "admin-create", rateLimitKeys);
  if (!limit.allowed) {
    return { ok: false, status: 429, messageKey: "errors.tooManyAttempts", values: { minutes: limit.retryAfterMinutes } };
  }
  const secret = checkAdminSecret(input.secretCode, process.env.ADMIN_SECRET);
  let setup: { setupToken: string; now: Date } | undefined;
  if (secret !== "ok") {
    const state = adminSetupState(db, input.secretCode, now);
    if (state === "unknown") {
      return { ok: false, status: 403, messageKey: secret === "unset" ? "admin.errors.secretUnset" : "admin.errors.secretWrong" };
    }
    if (state === "spent") return SETUP_SPENT;
    setup = { setupToken: input.secretCode, now };
  }
  const user = await createAdmin(db, input, setup);
  if (user === "email-taken") return EMAIL_TAKEN;
  if (user === "setup-spent") return SETUP_SPENT;
  return { ok: true, user };
}

/**
 * A new ADMIN with a password (argon2id) and its "password" sign-in row. With a setup token,
 * the token is spent in the same transaction, or nothing is written when it no longer holds
 * (used a moment ago, or an admin appeared).
 */
async function createAdmin(
  db: Db,
  input: { email: string; password: string },
  setup?: { setupToken: string; now: Date },
): Promise<User | "email-taken" | "setup-spent"> {
  // Hashing is slow and async, so it happens before the (synchronous) transaction.
  const passwordHash = await hashPassword(input.password);
  return db.transaction(
    (tx) => {
      const taken = tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
      if (taken) return "email-taken";
      if (setup && !spendAdminSetup(tx, setup.setupToken, setup.now)) return "setup-spent";
      const user = tx.insert(users).values({ email: input.email, passwordHash, role: "ADMIN" }).returning().get();
      tx.insert(authProviders).values({ userId: user.id, type: "password", providerId: user.email }).run();
      return user;
    },
    { behavior: "immediate" },
  );
}
