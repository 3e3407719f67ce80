import { and, count, desc, eq } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { inlined } from "~/db/prepared.server";
import { notifications, type NotificationType } from "~/db/schema";
import { ServiceError } from "~/domain/errors";

export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  data?: { dealSlug?: string; orderId?: string; href?: string };
}

/** Writes notifications inside the caller's transaction. */
export function notify(db: Queryable, items: NewNotification[]) {
  for (const item of items) db.insert(notifications).values(item).run();
}

/** A member's notifications, newest first (at most 100). */
export function listNotifications(db: Queryable, userId: string) {
  return db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.createdAt)).limit(inlined(100)).all();
}

export function unreadCount(db: Queryable, userId: string): number {
  return db.select({ n: count() }).from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.isRead, false))).get()?.n ?? 0;
}

/** Marks one of the member's own notifications read; anyone else's is "not found". */
export function markRead(db: Db, userId: string, id: string) {
  const result = db.update(notifications).set({ isRead: true }).where(and(eq(notifications.id, id), eq(notifications.userId, userId))).run();
  if (result.changes === 0) throw new ServiceError(404, "notifications.notFound");
}

export function markAllRead(db: Db, userId: string): number {
  return db.update(notifications).set({ isRead: true }).where(and(eq(notifications.userId, userId), eq(notifications.isRead, false))).run().changes;
}

export function notificationJson(n: typeof notifications.$inferSelect) {
  return { id: n.id, type: n.type, title: n.title, message: n.message, isRead: n.isRead, createdAt: n.createdAt.toISOString(), data: n.data ?? {} };
}
