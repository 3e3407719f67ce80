// Telling the admins what waits for them (issue #45): a new vendor application, a deal sent for
// review, a week that closed or missed its minimum. Every admin gets an in-app notification
// (type ADMIN_ATTENTION, data.href: the admin page it leads to) and an e-mail, both in their
// own language; and the dashboard and the admin tabs count what still waits.
//
// `alertAdmins` runs inside the event's own transaction, notifications and mails alike, so they
// exist exactly when the event does (a rolled-back application tells nobody); the outbox sends
// the mails after the commit and tries again while the mail server refuses.
import { and, count, eq, isNotNull } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { deals, notifications, users, vendorApplications, vendors, type Language } from "~/db/schema";
import { publicOrigin } from "~/config.server";
import { formatAdminDate } from "~/domain/dates";
import { formatShekel } from "~/domain/money";
import { translatorFor } from "./i18n.server";
import { mailBodies } from "./mail-layout.server";
import { queueMail } from "./mail-outbox.server";

export type AdminAlert =
  // The business's name only: a person's name in an admin's mailbox and bell would outlive the
  // deletion of her account (issue #44: deletion forgets her).
  | { kind: "vendorApplication"; business: string }
  | { kind: "dealSubmitted"; title: string; vendor: string }
  | { kind: "weekClosed"; cycleId: string; community: string; revenue: number; tierName: string | null; discountPercent: number }
  | { kind: "weekMissed"; cycleId: string; community: string; revenue: number; target: number; cancelled: number }
  // No replica and no backup for about two days (issue #48, backup-status.server.ts).
  | { kind: "backupMissing"; lastBackupAt: number | null };

/** The admin page an alert leads to. */
export function alertHref(alert: AdminAlert): string {
  switch (alert.kind) {
    case "vendorApplication":
      return "/admin/vendor-applications";
    case "dealSubmitted":
      return "/admin/deals";
    case "weekClosed":
    case "weekMissed":
      return `/admin/cycles/${alert.cycleId}`;
    case "backupMissing":
      return "/admin";
  }
}

/** The alert's title and text in one language (money formatted for it). */
function alertText(alert: AdminAlert, language: Language): { title: string; message: string } {
  const t = translatorFor(language);
  const key = `admin.alerts.${alert.kind}`;
  const money = (agorot: number) => formatShekel(agorot, language);
  switch (alert.kind) {
    case "vendorApplication":
      return { title: t(`${key}.title`), message: t(`${key}.message`, { business: alert.business }) };
    case "dealSubmitted":
      return { title: t(`${key}.title`), message: t(`${key}.message`, { title: alert.title, vendor: alert.vendor }) };
    case "weekClosed":
      return {
        title: t(`${key}.title`, { community: alert.community }),
        message: t(`${key}.message`, {
          community: alert.community,
          revenue: money(alert.revenue),
          tier: alert.tierName ? t(`${key}.tier`, { name: alert.tierName, percent: alert.discountPercent }) : t(`${key}.noTier`),
        }),
      };
    case "weekMissed":
      return {
        title: t(`${key}.title`, { community: alert.community }),
        message: t(`${key}.message`, { community: alert.community, revenue: money(alert.revenue), target: money(alert.target), count: alert.cancelled }),
      };
    case "backupMissing":
      return {
        title: t(`${key}.title`),
        message: alert.lastBackupAt === null ? t(`${key}.never`) : t(`${key}.message`, { date: formatAdminDate(new Date(alert.lastBackupAt), true) }),
      };
  }
}

/**
 * Tells every admin about an event, in the caller's transaction: a notification each and an
 * e-mail each, written to the outbox (sent once the transaction has committed). Returns how
 * many admins were told.
 */
export function alertAdmins(tx: Queryable, alert: AdminAlert): number {
  const admins = tx.select({ id: users.id, email: users.email, language: users.language }).from(users).where(eq(users.role, "ADMIN")).all();
  if (admins.length === 0) return 0;
  const href = alertHref(alert);
  for (const admin of admins) {
    const text = alertText(alert, admin.language);
    tx.insert(notifications).values({ userId: admin.id, type: "ADMIN_ATTENTION", ...text, data: { href } }).run();
    queueMail(tx, { kind: "admin-alert", ...alertMail({ ...text, href, email: admin.email, language: admin.language }) });
  }
  return admins.length;
}

/** The e-mail of one admin's alert: its title as the subject, its text, a button to the page. */
function alertMail({ title, message, href, email, language }: { title: string; message: string; href: string; email: string; language: Language }) {
  const t = translatorFor(language);
  const link = `${publicOrigin()}${href}`;
  return {
    to: email,
    subject: title,
    ...mailBodies({ dir: t("mail.dir"), paragraphs: [message], cta: { text: t("admin.alerts.mail.cta"), link }, footer: t("admin.alerts.mail.footer") }),
  };
}

export interface WaitingForAdmin {
  vendorApplications: number;
  /** drafts sent for review and not yet activated or sent back */
  dealsInReview: number;
}

/** What waits for an admin's decision: the dashboard's and the admin tabs' counts. */
export function waitingForAdmin(db: Queryable): WaitingForAdmin {
  const applications = db.select({ n: count() }).from(vendorApplications).where(eq(vendorApplications.status, "PENDING")).get()?.n ?? 0;
  // Counted as the deals tab's review queue lists them (with their vendor).
  const inReview =
    db
      .select({ n: count() })
      .from(deals)
      .innerJoin(vendors, eq(vendors.id, deals.vendorId))
      .where(and(eq(deals.status, "DRAFT"), isNotNull(deals.submittedAt)))
      .get()?.n ?? 0;
  return { vendorApplications: applications, dealsInReview: inReview };
}
