import { useTranslation } from "~/components/use-translation";
import { data, Form, isRouteErrorResponse, useNavigation } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { AdminErrorBoundary } from "~/components/admin-error-boundary";
import { dbContext } from "~/context";
import type { VendorApplicationStatus } from "~/db/schema";
import { getTranslate } from "~/web/language.server";
import { formatAdminDate } from "~/domain/dates";
import { publicOrigin } from "~/config.server";
import { ServiceError } from "~/domain/errors";
import { redirectWithToast } from "~/web/toast.server";
import { countVendorApplications, decideVendorApplication, listVendorApplications, type AdminApplicationRow } from "~/services/vendor-applications.server";
import { listPage, listWindow, parseListQuery } from "~/domain/list-query";
import { ListSearch, Pager } from "~/components/list-controls";
import { ApplicationDecisionSchema } from "~/domain/vendor-schemas";
import { CONFIRM_FIELD, CONFIRM_VALUE, isConfirmed } from "~/domain/confirm";
import type { Route } from "./+types/admin-vendor-applications";
import { readForm } from "~/web/form.server";

const BACK = "/admin/vendor-applications";

export function loader({ url, context }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const t = getTranslate(context);
  const db = context.get(dbContext);
  const query = parseListQuery(url.searchParams);
  // Pending ones come first, so a page holds the rest of the pending and then reviewed ones.
  const rows = listVendorApplications(db, listWindow(query));
  const counts = countVendorApplications(db, query.q);
  return {
    title: `${t("adminVendorApplications.title")} | ${t("app.name")}`,
    query,
    pending: rows.filter((row) => row.status === "PENDING"),
    reviewed: rows.filter((row) => row.status !== "PENDING"),
    pendingTotal: counts.pending,
    paging: listPage(query, counts.total, rows.length),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  const forbidden = isRouteErrorResponse(error) ? (error.data as { title?: string } | null)?.title : undefined;
  return [{ title: loaderData?.title ?? forbidden }];
};

/** Approve or reject one application: a plain form POST, answered with a toast. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  const form = await readForm(request);
  const parsed = ApplicationDecisionSchema.safeParse({ decision: form.get("decision"), note: form.get("note") ?? undefined });
  // Rejecting is final: the form carries the confirmation field beside its reason, and a POST
  // without it (not from this page) changes nothing.
  if (form.get("decision") === "reject" && !isConfirmed(form)) return data({ unconfirmed: true }, { status: 400 });
  if (!parsed.success) {
    return redirectWithToast(request, BACK, { variant: "destructive", title: "errors.title", description: parsed.error.issues[0]?.message ?? "validation.invalidInput" });
  }
  try {
    const application = await decideVendorApplication(
      context.get(dbContext),
      admin,
      String(form.get("applicationId") ?? ""),
      parsed.data.decision,
      parsed.data.note,
      publicOrigin(),
    );
    return redirectWithToast(request, BACK, {
      variant: "success",
      title: parsed.data.decision === "approve" ? "adminVendorApplications.approvedToast" : "adminVendorApplications.rejectedToast",
      values: { business: application.businessName },
    });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return redirectWithToast(request, BACK, { variant: "destructive", title: "errors.title", description: error.messageKey });
  }
}

const STATUS_TONES: Record<VendorApplicationStatus, string> = {
  PENDING: "bg-amber-100 text-amber-900",
  APPROVED: "bg-brand-100 text-brand-800",
  REJECTED: "bg-red-100 text-red-800",
};

function Decide({ row }: { row: AdminApplicationRow }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("applicationId") === row.id;
  return (
    <div className="mt-4 grid gap-3 border-t border-line pt-4 sm:grid-cols-[auto_1fr] sm:items-start">
      <Form method="post" preventScrollReset>
        <input type="hidden" name="applicationId" value={row.id} />
        <input type="hidden" name="decision" value="approve" />
        <button type="submit" disabled={busy} className="w-full rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-70">
          {t("adminVendorApplications.approve")}
        </button>
      </Form>
      <Form method="post" preventScrollReset className="grid gap-2">
        <input type="hidden" name="applicationId" value={row.id} />
        <input type="hidden" name="decision" value="reject" />
        <input type="hidden" name={CONFIRM_FIELD} value={CONFIRM_VALUE} />
        <label htmlFor={`note-${row.id}`} className="text-sm font-medium">{t("adminVendorApplications.noteLabel")}</label>
        <div className="flex flex-wrap gap-2">
          <input
            id={`note-${row.id}`}
            name="note"
            type="text"
            required
            minLength={3}
            maxLength={1000}
            placeholder={t("adminVendorApplications.notePlaceholder")}
            className="min-w-48 flex-1 rounded-lg border border-line bg-surface px-3 py-2"
          />
          <button type="submit" disabled={busy} className="rounded-lg border border-red-300 px-4 py-2 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-70 dark:text-red-300 dark:hover:bg-red-900/30">
            {t("adminVendorApplications.reject")}
          </button>
        </div>
      </Form>
    </div>
  );
}

function ApplicationCard({ row }: { row: AdminApplicationRow }) {
  const { t } = useTranslation();
  return (
    <li className="rounded-2xl border border-line bg-surface p-5" data-testid="vendor-application">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 className="text-lg font-bold">{row.businessName}</h3>
          <p className="text-sm text-fg-muted">
            {t("adminVendorApplications.contact")}: {row.contactName} · <span dir="ltr">{row.phone}</span> · <span dir="ltr">{row.email}</span>
          </p>
          <p className="text-sm text-fg-muted">
            {t("adminVendorApplications.applicant")}: <span dir="ltr">{row.applicantEmail}</span> · {t("adminVendorApplications.submitted", { date: formatAdminDate(row.createdAt, true) })}
          </p>
        </div>
        <span className={`status-badge ${STATUS_TONES[row.status]}`} data-testid="vendor-application-status">
          {t(`adminVendorApplications.status.${row.status}`)}
        </span>
      </div>
      <p className="mt-3 whitespace-pre-line leading-7">{row.description}</p>
      {row.status === "PENDING" ? (
        <Decide row={row} />
      ) : (
        <div className="mt-3 text-sm text-fg-muted">
          {row.reviewedAt ? <p>{t("adminVendorApplications.reviewed", { date: formatAdminDate(row.reviewedAt, true), email: row.reviewerEmail ?? "-" })}</p> : null}
          {row.reviewNote ? <p>{t("adminVendorApplications.note", { note: row.reviewNote })}</p> : null}
        </div>
      )}
    </li>
  );
}

export default function AdminVendorApplications({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { pending, reviewed, query, paging, pendingTotal } = loaderData;
  const empty = (key: string) => (
    <p className="mt-3 rounded-2xl border border-dashed border-line px-4 py-10 text-center text-fg-muted">{t(query.q ? "backOffice.list.noMatch" : key)}</p>
  );
  // Pending applications fill the first pages; a later page shows only what is on it.
  const showPending = pending.length > 0 || paging.page === 1;
  const showReviewed = reviewed.length > 0 || paging.from === 0 || paging.to === paging.total;
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t("adminVendorApplications.title")}</h1>
      <p className="mt-1 text-fg-muted">{t("adminVendorApplications.subtitle")}</p>

      <div className="mt-6">
        <ListSearch id="applications-q" path={BACK} q={query.q} placeholder={t("backOffice.list.placeholders.applications")} />
      </div>

      {showPending ? (
        <>
          <h2 className="mt-8 text-xl font-bold">
            {t("adminVendorApplications.pendingTitle")} <span className="text-base font-semibold text-fg-muted tabular-nums">({pendingTotal})</span>
          </h2>
          {pending.length === 0 ? empty("adminVendorApplications.emptyPending") : (
            <ul className="mt-3 grid gap-3" data-testid="vendor-applications-pending">
              {pending.map((row) => <ApplicationCard key={row.id} row={row} />)}
            </ul>
          )}
        </>
      ) : null}

      {showReviewed ? (
        <>
          <h2 className="mt-10 text-xl font-bold">{t("adminVendorApplications.reviewedTitle")}</h2>
          {reviewed.length === 0 ? empty("adminVendorApplications.emptyReviewed") : (
            <ul className="mt-3 grid gap-3" data-testid="vendor-applications-reviewed">
              {reviewed.map((row) => <ApplicationCard key={row.id} row={row} />)}
            </ul>
          )}
        </>
      ) : null}
      <Pager path={BACK} paging={paging} keep={{ q: query.q }} label={t("backOffice.list.pagesOf", { list: t("adminVendorApplications.title") })} />
    </section>
  );
}

/** A signed-in person who is not an admin lands here, with status 403 (spec: the unauthorized screen). */
export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
