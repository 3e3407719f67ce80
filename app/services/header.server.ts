import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { inlined, preparedQuery } from "~/db/prepared.server";
import { cartItems, notifications, type User } from "~/db/schema";

/** The bell's popover lists the newest few; the page lists the rest. */
const POPOVER_SIZE = 6;

/** What the header shows a signed-in person: two indexed counts and the newest notifications. */
// The header's queries run on every signed-in page: prepared once (db/prepared.server.ts), and
// both counts in one statement, since each statement outside a transaction is a read
// transaction of its own (decision record 016, session 19).
const headerCounts = preparedQuery((db) =>
  db
    .select({
      cart: sql<number>`(select count(*) from ${cartItems} where ${cartItems.userId} = ${sql.placeholder("userId")})`,
      unread: sql<number>`(select count(*) from ${notifications} where ${notifications.userId} = ${sql.placeholder("userId")} and ${notifications.isRead} = 0)`,
    })
    .from(sql`(select 1)`)
    .prepare(),
);
const recentNotifications = preparedQuery((db) =>
  db
    .select({ id: notifications.id, type: notifications.type, title: notifications.title, isRead: notifications.isRead, data: notifications.data })
    .from(notifications)
    .where(eq(notifications.userId, sql.placeholder("userId")))
    .orderBy(desc(notifications.createdAt))
    .limit(inlined(POPOVER_SIZE))
    .prepare(),
);

/** What the header shows of the signed-in person: name, initials, role, cart count, newest notifications. */
export function headerSummary(db: Db, user: User) {
  const byUser = { userId: user.id };
  const counts = headerCounts(db).get(byUser);
  const recent = recentNotifications(db).all(byUser);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    displayName: user.firstName || user.email.split("@")[0],
    initials: initialsOf(user),
    role: user.role,
    cartCount: counts?.cart ?? 0,
    unreadNotifications: counts?.unread ?? 0,
    recentNotifications: recent,
  };
}
export type HeaderUser = ReturnType<typeof headerSummary>;

/** Avatar initials: first letters of first and last name, else of the e-mail. */
export function initialsOf(user: Pick<User, "firstName" | "lastName" | "email">): string {
  const letters = [user.firstName, user.lastName].filter(Boolean).map((part) => part!.trim()[0]);
  return (letters.join("") || user.email[0]).toUpperCase();
}
