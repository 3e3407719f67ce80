// Vendor applications (issue #7): a signed-in person asks to sell through the market, an admin
// approves (a vendors row, the VENDOR role) or rejects with a note. The /vendor page, the
// /admin/vendor-applications page and their /api twins all go through these functions.
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Db, Queryable, Tx } from "~/db/client.server";
import { inlined } from "~/db/prepared.server";
import { users, vendorApplications, vendors, type Language, type User, type VendorApplicationStatus } from "~/db/schema";
import { vendorOfUser } from "./vendors.server";
import { alertAdmins } from "./admin-alerts.server";
import { recordAuditEvent } from "./audit.server";
import { HONEYPOT_FIELD } from "~/domain/contact-schema";
import { ServiceError } from "~/domain/errors";
import { translatorFor } from "./i18n.server";
import { mailBodies } from "./mail-layout.server";
import { queueMail } from "./mail-outbox.server";
import type { ApplicationDecision, VendorApplicationInput } from "~/domain/vendor-schemas";
import type { ListWindow } from "~/domain/list-query";
import { containsAny } from "./list-search.server";

export type VendorApplication = typeof vendorApplications.$inferSelect;

/** The person's newest application, if any. */
export function latestApplicationOf(db: Queryable, userId: string): VendorApplication | null {
  return (
    db
      .select()
      .from(vendorApplications)
      .where(eq(vendorApplications.userId, userId))
      .orderBy(desc(vendorApplications.createdAt), desc(sql`rowid`))
      .limit(inlined(1))
      .get() ?? null
  );
}

/** What /vendor shows this person instead of (or above) the form. */
export type VendorPageState =
  | { kind: "guest" }
  | { kind: "vendor" }
  | { kind: "admin" }
  | { kind: "pending"; application: VendorApplication }
  | { kind: "form"; rejected: VendorApplication | null };

export function vendorPageState(db: Db, user: User | null): VendorPageState {
  if (!user) return { kind: "guest" };
  if (vendorOfUser(db, user)) return { kind: "vendor" };
  if (user.role === "ADMIN") return { kind: "admin" };
  const latest = latestApplicationOf(db, user.id);
  if (latest?.status === "PENDING") return { kind: "pending", application: latest };
  return { kind: "form", rejected: latest?.status === "REJECTED" ? latest : null };
}

/**
 * Stores an application. One pending application per person, and none from someone who already
 * sells or runs the site (approving would change an admin's role). A filled honeypot stores
 * nothing and answers null, so a bot is not told it failed.
 */
export function submitVendorApplication(db: Db, user: User, input: VendorApplicationInput, now = new Date()): VendorApplication | null {
  if (input[HONEYPOT_FIELD]?.trim()) return null;
  return db.transaction(
    (tx) => {
      const account = tx.select().from(users).where(eq(users.id, user.id)).get();
      if (!account) throw new ServiceError(404, "errors.userNotFound");
      if (account.role === "VENDOR") throw new ServiceError(409, "vendor.errors.alreadyVendor");
      if (account.role === "ADMIN") throw new ServiceError(409, "vendor.errors.adminCannotApply");
      if (latestApplicationOf(tx, user.id)?.status === "PENDING") throw new ServiceError(409, "vendor.errors.alreadyPending");
      const application = tx
        .insert(vendorApplications)
        .values({
          userId: user.id,
          businessName: input.businessName,
          contactName: input.contactName,
          phone: input.phone,
          email: input.email,
          description: input.description,
          createdAt: now,
        })
        .returning()
        .get();
      recordAuditEvent(tx, { type: "vendor_application.submitted", actorUserId: user.id, entityId: application.id, after: application }, now);
      // The admins hear of it (a notification now, a mail after the commit).
      alertAdmins(tx, { kind: "vendorApplication", business: application.businessName });
      return application;
    },
    { behavior: "immediate" },
  );
}

export interface AdminApplicationRow extends VendorApplication {
  applicantEmail: string;
  reviewerEmail: string | null;
}

const applicationSearch = (q: string) =>
  containsAny(q, [vendorApplications.businessName, vendorApplications.contactName, vendorApplications.email, users.email]);

/**
 * Pending first (oldest waiting first), then the reviewed ones, newest decision first. A window
 * (the admin list's search and page) narrows it to a business, contact or e-mail and one page.
 */
export function listVendorApplications(db: Db, window: Partial<ListWindow> = {}): AdminApplicationRow[] {
  const reviewer = alias(users, "reviewer");
  return db
    .select({
      application: vendorApplications,
      applicantEmail: users.email,
      reviewerEmail: reviewer.email,
    })
    .from(vendorApplications)
    .innerJoin(users, eq(users.id, vendorApplications.userId))
    .leftJoin(reviewer, eq(reviewer.id, vendorApplications.reviewedByUserId))
    .where(applicationSearch(window.q ?? ""))
    .orderBy(
      sql`case when ${vendorApplications.status} = 'PENDING' then 0 else 1 end`,
      sql`case when ${vendorApplications.status} = 'PENDING' then ${vendorApplications.createdAt} end asc`,
      desc(vendorApplications.reviewedAt),
      asc(vendorApplications.id),
    )
    .limit(inlined(window.limit ?? 200))
    .offset(inlined(window.offset ?? 0))
    .all()
    .map(({ application, applicantEmail, reviewerEmail }) => ({ ...application, applicantEmail, reviewerEmail }));
}

/** How many applications the search finds, and how many of those wait for a decision. */
export function countVendorApplications(db: Db, q = ""): { total: number; pending: number } {
  const row = db
    .select({ total: count(), pending: sql<number>`coalesce(sum(case when ${vendorApplications.status} = 'PENDING' then 1 else 0 end), 0)` })
    .from(vendorApplications)
    .innerJoin(users, eq(users.id, vendorApplications.userId))
    .where(applicationSearch(q))
    .get();
  return { total: row?.total ?? 0, pending: row?.pending ?? 0 };
}

interface Decided {
  application: VendorApplication;
  language: Language;
}

/** The decision and its mail to the applicant, in one transaction: the mail exists exactly when the decision does. */
function decideInTransaction(db: Db, adminId: string, id: string, decision: ApplicationDecision, note: string | null, now: Date, origin: string): Decided {
  return db.transaction(
    (tx) => {
      const decided = decide(tx, adminId, id, decision, note, now);
      queueMail(tx, { kind: "vendor-decision", ...decisionMail(decided, origin) });
      return decided;
    },
    { behavior: "immediate" },
  );
}

function decide(tx: Tx, adminId: string, id: string, decision: ApplicationDecision, note: string | null, now: Date): Decided {
  const application = tx.select().from(vendorApplications).where(eq(vendorApplications.id, id)).get();
  if (!application) throw new ServiceError(404, "adminVendorApplications.errors.notFound");
  // A second click (or a second admin) finds it decided already and changes nothing.
  if (application.status !== "PENDING") throw new ServiceError(409, "adminVendorApplications.errors.alreadyReviewed");
  const applicant = tx.select().from(users).where(eq(users.id, application.userId)).get();
  if (!applicant) throw new ServiceError(404, "errors.userNotFound");
  const reviewed = { reviewNote: note, reviewedByUserId: adminId, reviewedAt: now };
  const before = { status: application.status };

  if (decision === "reject") {
    const updated = tx
      .update(vendorApplications)
      .set({ status: "REJECTED", ...reviewed })
      .where(and(eq(vendorApplications.id, id), eq(vendorApplications.status, "PENDING")))
      .returning()
      .get()!;
    recordAuditEvent(tx, { type: "vendor_application.rejected", actorUserId: adminId, entityId: id, before, after: { status: updated.status }, note: note ?? undefined }, now);
    return { application: updated, language: applicant.language };
  }

  if (applicant.role !== "USER") throw new ServiceError(409, "adminVendorApplications.errors.notAUser");
  const vendor = tx
    .insert(vendors)
    .values({
      name: application.businessName,
      email: application.email,
      contact: `${application.contactName} ${application.phone}`,
      description: application.description,
      userId: applicant.id,
      createdAt: now,
    })
    .returning()
    .get();
  tx.update(users).set({ role: "VENDOR", updatedAt: now }).where(eq(users.id, applicant.id)).run();
  const updated = tx
    .update(vendorApplications)
    .set({ status: "APPROVED", vendorId: vendor.id, ...reviewed })
    .where(and(eq(vendorApplications.id, id), eq(vendorApplications.status, "PENDING")))
    .returning()
    .get()!;
  recordAuditEvent(tx, { type: "vendor_application.approved", actorUserId: adminId, entityId: id, before, after: { status: updated.status, vendorId: vendor.id }, note: note ?? undefined }, now);
  recordAuditEvent(tx, { type: "user.role_changed", actorUserId: adminId, entityId: applicant.id, before: { role: applicant.role }, after: { role: "VENDOR" } }, now);
  return { application: updated, language: applicant.language };
}

/**
 * An admin approves or rejects a pending application, then (after the commit) the applicant is
 * told by e-mail in their language (through the outbox, so a mail server's outage only delays it).
 */
export async function decideVendorApplication(
  db: Db,
  admin: Pick<User, "id">,
  id: string,
  decision: ApplicationDecision,
  note: string | null | undefined,
  origin: string,
  now = new Date(),
): Promise<VendorApplication> {
  return decideInTransaction(db, admin.id, id, decision, note?.trim() || null, now, origin).application;
}

function decisionMail({ application, language }: Decided, origin: string) {
  const t = translatorFor(language);
  const approved = application.status === "APPROVED";
  const key = approved ? "approved" : "rejected";
  const link = `${origin}${approved ? "/vendor/dashboard" : "/vendor"}`;
  const lines = [
    t("adminVendorApplications.mail.greeting", { name: application.contactName }),
    t(`adminVendorApplications.mail.${key}Text`, { business: application.businessName }),
    ...(application.reviewNote ? [t("adminVendorApplications.mail.note", { note: application.reviewNote })] : []),
  ];
  return {
    to: application.email,
    subject: t(`adminVendorApplications.mail.${key}Subject`),
    ...mailBodies({ dir: t("mail.dir"), paragraphs: lines, cta: { text: t(`adminVendorApplications.mail.${key}Cta`), link } }),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** An application as the API answers it. */
export function applicationJson(application: VendorApplication & { applicantEmail?: string; reviewerEmail?: string | null }) {
  return {
    id: application.id,
    userId: application.userId,
    businessName: application.businessName,
    contactName: application.contactName,
    phone: application.phone,
    email: application.email,
    description: application.description,
    status: application.status satisfies VendorApplicationStatus,
    reviewNote: application.reviewNote,
    reviewedByUserId: application.reviewedByUserId,
    reviewedAt: iso(application.reviewedAt),
    vendorId: application.vendorId,
    createdAt: application.createdAt.toISOString(),
    ...(application.applicantEmail !== undefined ? { applicantEmail: application.applicantEmail } : {}),
  };
}
