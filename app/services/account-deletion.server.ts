// Deleting an account (issue #16; docs/decisions/013). Personal data goes, the order records the
// business must keep stay: the orders remain, linked to the same user row, which keeps its id
// and loses everything that says who she was. One immediate transaction: it all goes, or
// nothing does. Signing out is the route's job (services never see a session); the sessions
// and tokens rows go here, so every other device is signed out too.
import { replicaConfigured } from "~/config.server";
import { and, count, eq, inArray, or, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "~/db/client.server";
import {
  addresses,
  authProviders,
  cartItems,
  contactMessages,
  eventLogs,
  favorites,
  magicTokens,
  notifications,
  orders,
  passkeys,
  rateLimits,
  referralSignups,
  referrals,
  reviews,
  sessions,
  twoFa,
  users,
  vendorApplications,
  vendors,
} from "~/db/schema";
import { deletedAccountEmail, redactPersonalData } from "~/domain/account-deletion";
import { ServiceError } from "~/domain/errors";
import { recordAuditEvent } from "./audit.server";
import { forgetMailsTo } from "./mail.server";
import { forgetQueuedMailTo } from "./mail-outbox.server";

/** Orders still under way: the goods are bought for her and someone must hand them over. */
const OPEN_STATUSES = ["PENDING", "PAID"] as const;

export interface DeletionBlockers {
  /** she is the only admin: nobody could run the marketplace after her */
  lastAdmin: boolean;
  /** orders still pending or paid */
  openOrders: number;
}

/** What stands in the way of deleting this account now (the settings page shows it first). */
export function deletionBlockers(db: Queryable, user: { id: string; role: string }): DeletionBlockers {
  const admins = user.role === "ADMIN" ? db.select({ n: count() }).from(users).where(eq(users.role, "ADMIN")).get()!.n : 0;
  const open = db
    .select({ n: count() })
    .from(orders)
    .where(and(eq(orders.userId, user.id), inArray(orders.status, [...OPEN_STATUSES])))
    .get()!.n;
  return { lastAdmin: user.role === "ADMIN" && admins <= 1, openOrders: open };
}

/**
 * Deletes the account `userId`. Refused (409) for the last admin and while orders are open.
 * Afterwards the user row holds only its id, role USER, the dates and an undeliverable e-mail;
 * her orders stay with their amounts, items and dates, without the delivery address and phone.
 * The audit rows about her keep their ids and actions without her name, phone, e-mail or
 * address; her mails leave the outbox; and what was deleted does not stay readable in the
 * database file or its WAL (secure_delete, then a checkpoint that empties the WAL).
 */
export function deleteAccount(db: Db, userId: string, now = new Date()): void {
  const mailAddresses = db.transaction(
    (tx) => {
      const user = tx.select().from(users).where(eq(users.id, userId)).get();
      if (!user) throw new ServiceError(404, "errors.userNotFound");
      const blockers = deletionBlockers(tx, user);
      if (blockers.lastAdmin) throw new ServiceError(409, "account.deletion.errors.lastAdmin");
      if (blockers.openOrders > 0) throw new ServiceError(409, "account.deletion.errors.openOrders", undefined, { count: blockers.openOrders });

      // Signed out everywhere: web sessions and API tokens are rows of one table.
      tx.delete(sessions).where(sql`json_extract(${sessions.sess}, '$.userId') = ${userId}`).run();
      tx.delete(authProviders).where(eq(authProviders.userId, userId)).run();
      tx.delete(magicTokens).where(or(eq(magicTokens.userId, userId), eq(magicTokens.email, user.email))).run();
      tx.delete(passkeys).where(eq(passkeys.userId, userId)).run();
      tx.delete(twoFa).where(eq(twoFa.userId, userId)).run();
      tx.delete(rateLimits).where(eq(rateLimits.identifier, `email:${user.email}`)).run();
      tx.delete(cartItems).where(eq(cartItems.userId, userId)).run();
      tx.delete(addresses).where(eq(addresses.userId, userId)).run();
      tx.delete(favorites).where(eq(favorites.userId, userId)).run();
      tx.delete(notifications).where(eq(notifications.userId, userId)).run();
      // The audit rows about her (her account, her applications, her orders) before their
      // records go: what was done stays, who she was and how to reach her does not.
      const applicationIds = tx.select({ id: vendorApplications.id }).from(vendorApplications).where(eq(vendorApplications.userId, userId)).all().map((row) => row.id);
      const orderIds = tx.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId)).all().map((row) => row.id);
      const applicationContacts = tx.select({ email: vendorApplications.email, phone: vendorApplications.phone }).from(vendorApplications).where(eq(vendorApplications.userId, userId)).all();
      const identifiers = [user.email, user.phone ?? "", ...applicationContacts.flatMap((row) => [row.email, row.phone])];
      redactAuditRowsAbout(tx, [userId, ...applicationIds, ...orderIds], identifiers);
      // Her words and her contacts: reviews, messages to us, a vendor application.
      tx.delete(reviews).where(eq(reviews.userId, userId)).run();
      tx.delete(contactMessages).where(or(eq(contactMessages.userId, userId), eq(contactMessages.email, user.email))).run();
      tx.delete(vendorApplications).where(eq(vendorApplications.userId, userId)).run();
      // Her invitation links (and who joined through them), and the record that she was invited.
      tx.delete(referrals).where(eq(referrals.createdByUserId, userId)).run();
      tx.delete(referralSignups).where(eq(referralSignups.userId, userId)).run();
      // A vendor she ran keeps its name, deals and sales; it has no account behind it any more,
      // and no longer her e-mail and phone (they came from her application).
      tx.update(vendors).set({ userId: null, email: null, contact: null }).where(eq(vendors.userId, userId)).run();
      // The orders stay (bookkeeping); where they went and how to phone her does not.
      tx.update(orders).set({ deliveryAddress: null, deliveryPhone: null, deliveryNotes: null }).where(eq(orders.userId, userId)).run();

      tx.update(users)
        .set({
          email: deletedAccountEmail(userId),
          passwordHash: null,
          name: null,
          firstName: null,
          lastName: null,
          profileImageUrl: null,
          phone: null,
          communityId: null,
          role: "USER",
          emailNotifications: false,
          smsNotifications: false,
          pushNotifications: false,
          lastLoginAt: null,
          updatedAt: now,
        })
        .where(eq(users.id, userId))
        .run();
      // The audit row names no one: the id is all that is left of her.
      recordAuditEvent(tx, { type: "account.deleted", actorUserId: userId, entityId: userId, before: { role: user.role }, after: { role: "USER" } }, now);
      // Her mails went to her account's address and to the one her applications gave: the
      // outbox's rows (sent or not) go with the rest, the files after the commit.
      const mailAddresses = [user.email, ...applicationContacts.map((row) => row.email)];
      forgetQueuedMailTo(tx, mailAddresses);
      return mailAddresses;
    },
    { behavior: "immediate" },
  );
  forgetMailsTo(mailAddresses);
  // secure_delete zeroed the freed bytes in the pages written now; the WAL still holds the
  // pages as they were before, until a checkpoint copies the new ones home and empties it.
  // Readers in the middle of a read can hold that off: then it happens at a later checkpoint.
  // Under Litestream (a replica), never TRUNCATE: Litestream keeps a read transaction open, so a
  // TRUNCATE would hold every writer off for the whole busy timeout and then give up; a PASSIVE
  // checkpoint copies what it can, and Litestream's own checkpoints (every minute) do the rest.
  db.$client.pragma(replicaConfigured() ? "wal_checkpoint(PASSIVE)" : "wal_checkpoint(TRUNCATE)");
}

/** Drops personal data from the audit rows whose entity is one of `entityIds`. */
function redactAuditRowsAbout(tx: Tx, entityIds: string[], identifiers: string[]) {
  const rows = tx
    .select({ id: eventLogs.id, payload: eventLogs.payload })
    .from(eventLogs)
    .where(inArray(sql`json_extract(${eventLogs.payload}, '$.entityId')`, entityIds))
    .all();
  for (const row of rows) {
    const redacted = redactPersonalData(row.payload, identifiers) as Record<string, unknown>;
    if (JSON.stringify(redacted) !== JSON.stringify(row.payload)) tx.update(eventLogs).set({ payload: redacted }).where(eq(eventLogs.id, row.id)).run();
  }
}
