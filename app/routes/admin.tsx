import type { ReactNode } from "react";
import { useTranslation } from "~/components/use-translation";
import { data, Form, isRouteErrorResponse, Link, useLocation, useNavigation } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { AdminErrorBoundary } from "~/components/admin-error-boundary";
import { Confirm } from "~/components/confirm";
import { CONFIRMED_ORDER_STATUSES, isConfirmed } from "~/domain/confirm";
import { GettingStarted, WaitingForYou } from "~/components/admin-getting-started";
import { SearchIcon } from "~/components/icons";
import { dbContext } from "~/context";
import type { DeliveryType, OrderStatus, Role } from "~/db/schema";
import { getTranslate } from "~/web/language.server";
import { readSiteSettings } from "~/services/site-settings.server";
import { missingSettings } from "~/domain/site-settings";
import { adminDashboard, type AdminMessage, type AdminOrder, type AdminUser } from "~/services/admin.server";
import { waitingForAdmin } from "~/services/admin-alerts.server";
import { backupStatus, type BackupStatus } from "~/services/backup-status.server";
import { gettingStarted } from "~/services/getting-started.server";
import { ADMIN_LIST_LIMIT, ADMIN_TABS, adminHref, displayName, parseAdminQuery, type AdminQuery, type AdminTab } from "~/domain/admin-schemas";
import { formatAdminDate } from "~/domain/dates";
import { formatShekel, formatWholeShekel } from "~/domain/money";
import { ServiceError } from "~/domain/errors";
import { setOrderStatus } from "~/services/order-lifecycle.server";
import { nextStatuses } from "~/domain/order-status";
import { safeRedirect } from "~/web/safe-redirect";
import { redirectWithToast } from "~/web/toast.server";
import { ORDER_STATUSES } from "~/domain/enums";
import type { Route } from "./+types/admin";
import { readForm } from "~/web/form.server";
import { ScrollBox } from "~/components/scroll-box";
import { orderStatusKey } from "~/domain/order-words";

export function loader({ url, context }: Route.LoaderArgs) {
  const admin = requireAdmin(context, url);
  const t = getTranslate(context);
  const query = parseAdminQuery(url.searchParams);
  const db = context.get(dbContext);
  return {
    title: `${t("admin.dashboard.title")} | ${t("app.name")}`,
    adminName: admin.firstName || displayName(admin) || admin.email,
    query,
    ...adminDashboard(db, query),
    // What waits for a decision, and (on a new install) the steps still to take (issue #45).
    waiting: waitingForAdmin(db),
    setup: gettingStarted(db),
    // What the organiser has yet to fill in before the first real receipt (issue #45).
    missingSettings: missingSettings(readSiteSettings(db)),
    // The newest backup and whether one is overdue (issue #48).
    backups: backupStatus(db),
  };
}

/** The orders tab's status form: one order moves on, through the order state machine. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  const form = await readForm(request);
  const back = safeRedirect(form.get("redirectTo"), "/admin?tab=orders");
  const status = String(form.get("status") ?? "");
  if (!(ORDER_STATUSES as readonly string[]).includes(status)) return redirectWithToast(request, back, { variant: "destructive", title: "errors.badTransition" });
  // Cancelling or refunding takes the order off: the page asks first (the question comes back
  // open beside the order), and nothing moves without the answer.
  if (CONFIRMED_ORDER_STATUSES.includes(status) && !isConfirmed(form)) {
    return data({ confirmStatus: { orderId: String(form.get("orderId") ?? ""), status: status as OrderStatus, redirectTo: back } }, { status: 400 });
  }
  try {
    setOrderStatus(context.get(dbContext), admin.id, String(form.get("orderId") ?? ""), status as OrderStatus);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return redirectWithToast(request, back, { variant: "destructive", title: "errors.title", description: error.messageKey });
  }
  return redirectWithToast(request, back, { variant: "success", title: "adminCycles.statusUpdated" });
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => {
  const forbidden = isRouteErrorResponse(error) ? (error.data as { title?: string } | null)?.title : undefined;
  return [{ title: loaderData?.title ?? forbidden }];
};

const ROLE_TONES: Record<Role, string> = {
  USER: "bg-muted text-fg",
  VENDOR: "bg-amber-100 text-amber-900",
  ADMIN: "bg-brand-100 text-brand-800",
};

const STATUS_TONES: Record<OrderStatus, string> = {
  PENDING: "bg-amber-100 text-amber-900",
  PAID: "bg-sky-100 text-sky-900",
  FULFILLED: "bg-brand-100 text-brand-800",
  CANCELED: "bg-red-100 text-red-800",
  REFUNDED: "bg-purple-100 text-purple-900",
};

const badge = "inline-block whitespace-nowrap status-badge";

function RoleBadge({ role }: { role: Role }) {
  const { t } = useTranslation();
  return <span className={`${badge} ${ROLE_TONES[role]}`} data-testid="role-badge">{t(`admin.roles.${role}`)}</span>;
}

/** The order's state in the words the shopper reads too (domain/order-words.ts). */
function AdminStatusBadge({ status, deliveryType }: { status: OrderStatus; deliveryType: DeliveryType | null }) {
  const { t } = useTranslation();
  return <span className={`${badge} ${STATUS_TONES[status]}`} data-testid="admin-order-status">{t(orderStatusKey(status, deliveryType))}</span>;
}

function Spinner() {
  const { t } = useTranslation();
  return (
    <span role="status" className="inline-block size-3.5 animate-spin rounded-full border-2 border-current border-e-transparent">
      <span className="sr-only">{t("admin.dashboard.loading")}</span>
    </span>
  );
}

/** The newest backup, how the data is protected, and a warning when it has gone unprotected too long. */
function Backups({ status }: { status: BackupStatus }) {
  const { t, i18n } = useTranslation();
  const size = (bytes: number) => t("admin.backups.megabytes", { size: (bytes / 1024 / 1024).toLocaleString(i18n.language, { maximumFractionDigits: 1 }) });
  return (
    <section aria-label={t("admin.backups.label")} className="mt-6 text-sm" data-testid="admin-backups">
      {status.overdue ? (
        <p role="alert" className="mb-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="admin-backups-overdue">
          {t("admin.backups.overdue")}
        </p>
      ) : null}
      <p className="text-fg-muted">
        <span data-testid="admin-backups-last">{status.last ? t("admin.backups.last", { date: formatAdminDate(status.last.at, true), size: size(status.last.bytes) }) : t("admin.backups.none")}</span>{" "}
        {status.replica ? t("admin.backups.replica") : null}{" "}
        {status.scheduled ? t("admin.backups.scheduled", { hours: status.scheduled.hours, keep: status.scheduled.keep }) : t("admin.backups.off")}
      </p>
    </section>
  );
}

function StatCard({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-4" data-testid="admin-stat">
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-fg-muted">{hint}</dd> : null}
    </div>
  );
}

const th = "px-3 py-2 text-start text-xs font-semibold text-fg-muted whitespace-nowrap";
const td = "px-3 py-2.5 align-top";

function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <ScrollBox label={caption} className="rounded-2xl border border-line bg-surface">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-line bg-muted/60">
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className={th}>{label}</th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">{children}</tbody>
      </table>
    </ScrollBox>
  );
}

function UsersTable({ rows }: { rows: AdminUser[] }) {
  const { t } = useTranslation();
  return (
    <Table caption={t("admin.tabs.users")} head={[t("admin.users.name"), t("admin.users.email"), t("admin.users.role"), t("admin.users.joined"), t("admin.users.lastLogin")]}>
      {rows.map((user) => (
        <tr key={user.id} data-testid="admin-user-row">
          <td className={`${td} font-medium`}>{displayName(user) ?? t("admin.none")}</td>
          <td className={td}><span dir="ltr">{user.email}</span></td>
          <td className={td}><RoleBadge role={user.role} /></td>
          <td className={`${td} tabular-nums`}><span dir="ltr">{formatAdminDate(user.createdAt)}</span></td>
          <td className={`${td} tabular-nums`}><span dir="ltr">{user.lastLoginAt ? formatAdminDate(user.lastLoginAt, true) : t("admin.none")}</span></td>
        </tr>
      ))}
    </Table>
  );
}

/** A plain form per order (works without JavaScript): the statuses it may move to, and a button. */
function OrderStatusForm({ orderId, status, name }: { orderId: string; status: OrderStatus; name: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const options = nextStatuses(status);
  if (options.length === 0) return null;
  return (
    <Form method="post" preventScrollReset className="mt-1 flex items-center gap-1" data-testid="order-status-form">
      <input type="hidden" name="orderId" value={orderId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <select name="status" aria-label={t("adminCycles.statusLabel", { name })} className="rounded border border-line bg-surface px-1 py-0.5 text-xs">
        {options.map((s) => <option key={s} value={s}>{t(orderStatusKey(s))}</option>)}
      </select>
      <button type="submit" className="rounded border border-line px-2 py-0.5 text-xs hover:bg-muted">{t("adminCycles.statusUpdate")}</button>
    </Form>
  );
}

type ConfirmStatus = { orderId: string; status: OrderStatus; redirectTo: string };

/** The question for a cancel or refund posted without its confirmation, beside its order. */
function ConfirmOrderStatus({ ask }: { ask: ConfirmStatus }) {
  const { t } = useTranslation();
  const status = t(orderStatusKey(ask.status));
  return (
    <Confirm
      label={t("destructiveConfirm.orderStatus.label", { status })}
      title={t("destructiveConfirm.orderStatus.title", { status })}
      text={t("destructiveConfirm.orderStatus.text")}
      confirmLabel={t("destructiveConfirm.orderStatus.yes", { status })}
      cancelLabel={t("destructiveConfirm.orderStatus.keep")}
      open
      testId="order-status-confirm"
    >
      <input type="hidden" name="orderId" value={ask.orderId} />
      <input type="hidden" name="status" value={ask.status} />
      <input type="hidden" name="redirectTo" value={ask.redirectTo} />
    </Confirm>
  );
}

function OrdersTable({ rows, ask }: { rows: AdminOrder[]; ask?: ConfirmStatus }) {
  const { t, i18n } = useTranslation();
  return (
    <Table caption={t("admin.tabs.orders")} head={[t("admin.orders.user"), t("admin.orders.product"), t("admin.orders.qty"), t("admin.orders.total"), t("admin.orders.status"), t("admin.orders.date")]}>
      {rows.map((order) => (
        <tr key={order.id} data-testid="admin-order-row">
          <td className={td}>
            <span className="block font-medium">{order.user.name ?? t("admin.none")}</span>
            <span className="block text-xs text-fg-muted"><span dir="ltr">{order.user.email}</span></span>
          </td>
          <td className={td}>
            <span className="block">{order.deal.title}</span>
            <span className="block text-xs text-fg-muted" data-testid="admin-order-vendor">{order.vendorName}</span>
          </td>
          <td className={`${td} tabular-nums`}>{order.qty}</td>
          <td className={`${td} whitespace-nowrap tabular-nums`}>{formatShekel(order.total, i18n.language)}</td>
          <td className={td}>
            <AdminStatusBadge status={order.status} deliveryType={order.deliveryType} />
            <OrderStatusForm orderId={order.id} status={order.status} name={order.user.name ?? order.user.email} />
            {ask?.orderId === order.id ? <ConfirmOrderStatus ask={ask} /> : null}
          </td>
          <td className={`${td} whitespace-nowrap tabular-nums`}><span dir="ltr">{formatAdminDate(order.createdAt, true)}</span></td>
        </tr>
      ))}
    </Table>
  );
}

function MessagesTable({ rows }: { rows: AdminMessage[] }) {
  const { t } = useTranslation();
  return (
    <Table caption={t("admin.tabs.messages")} head={[t("admin.messages.name"), t("admin.messages.email"), t("admin.messages.phone"), t("admin.messages.subject"), t("admin.messages.message"), t("admin.messages.date")]}>
      {rows.map((message) => (
        <tr key={message.id} data-testid="admin-message-row">
          <td className={`${td} font-medium`}>{message.name}</td>
          <td className={td}><span dir="ltr">{message.email}</span></td>
          <td className={`${td} whitespace-nowrap`}><span dir="ltr">{message.phone ?? t("admin.none")}</span></td>
          <td className={td}>
            <span className={`${badge} me-1 ${message.kind === "vendor-support" ? "bg-amber-100 text-amber-900" : "bg-muted text-fg"}`} data-testid="message-kind">{t(`admin.messages.kinds.${message.kind}`)}</span>
            {message.subject}
          </td>
          <td className={`${td} min-w-64 whitespace-pre-line`}>{message.message}</td>
          <td className={`${td} whitespace-nowrap tabular-nums`}><span dir="ltr">{formatAdminDate(message.createdAt, true)}</span></td>
        </tr>
      ))}
    </Table>
  );
}

function Tabs({ query, counts }: { query: AdminQuery; counts: Record<AdminTab, number> }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // While the next tab loads (JavaScript on), its link shows a spinner (spec).
  const loadingTab =
    navigation.state === "loading" && navigation.location.pathname === "/admin"
      ? parseAdminQuery(new URLSearchParams(navigation.location.search)).tab
      : null;
  return (
    <nav aria-label={t("admin.tabs.label")} className="mt-6 flex gap-1 overflow-x-auto border-b border-line">
      {ADMIN_TABS.map((tab) => {
        const active = tab === query.tab;
        return (
          <Link
            key={tab}
            to={adminHref(query, { tab })}
            aria-current={active ? "page" : undefined}
            preventScrollReset
            className={`-mb-px flex items-center gap-2 whitespace-nowrap border-b-2 px-4 py-2.5 text-sm font-semibold ${active ? "border-brand-600 text-brand-700 dark:text-brand-200" : "border-transparent text-fg-muted hover:text-fg"}`}
          >
            {t(`admin.tabs.${tab}`)}
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs tabular-nums text-fg" data-testid={`admin-tab-count-${tab}`}>{counts[tab]}</span>
            {loadingTab === tab && !active ? <Spinner /> : null}
          </Link>
        );
      })}
    </nav>
  );
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const navigation = useNavigation();
  const { query, stats, counts, list, adminName, waiting, setup, missingSettings, backups } = loaderData;
  const total = counts[list.tab];
  const loading = navigation.state === "loading" && navigation.location.pathname === "/admin";

  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <header className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{t("admin.dashboard.title")}</h1>
          <p className="mt-1 text-fg-muted">{t("admin.dashboard.subtitle", { name: adminName })}</p>
        </div>
        {/* The admin's real work first: this week's orders and pick lists, then the review queue.
            On an install not set up yet, the next step instead (no weeks to show before a
            community). Signing out and the way back to the shop are in the back office's header. */}
        <div className="flex flex-wrap items-center gap-2">
          {setup.next ? (
            <Link to={setup.next.href} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700" data-testid="admin-primary-action">
              {t("admin.gettingStarted.next", { step: t(`admin.gettingStarted.steps.${setup.next.key}.title`) })}
            </Link>
          ) : (
            <Link to="/admin/cycles" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700" data-testid="admin-primary-action">
              {t("backOffice.dashboard.cycles")}
            </Link>
          )}
          <Link to="/admin/deals" className="rounded-lg border border-line px-4 py-2 text-sm font-semibold hover:bg-muted">
            {t("backOffice.dashboard.reviewQueue")}
          </Link>
        </div>
      </header>

      {setup.next ? <GettingStarted progress={setup} /> : null}
      <WaitingForYou vendorApplications={waiting.vendorApplications} dealsInReview={waiting.dealsInReview} />
      {missingSettings.length > 0 ? (
        <p className="mt-6 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="admin-settings-missing">
          {t("admin.siteSettings.dashboardMissing", { fields: missingSettings.map((key) => t(`admin.siteSettings.fields.${key}`)).join(", ") })}{" "}
          <Link to="/admin/settings" className="font-semibold underline">{t("admin.siteSettings.dashboardLink")}</Link>
        </p>
      ) : null}

      <Backups status={backups} />

      <dl aria-label={t("admin.stats.label")} className="mt-6 grid grid-cols-2 gap-3 md:grid-cols-5">
        <StatCard label={t("admin.stats.totalUsers")} value={stats.totalUsers.toLocaleString(i18n.language)} />
        <StatCard label={t("admin.stats.totalOrders")} value={stats.totalOrders.toLocaleString(i18n.language)} />
        {/* What buyers paid, over every order ever (not the week's base-price revenue the cycles show). */}
        <StatCard label={t("admin.stats.totalRevenue")} hint={t("admin.stats.totalRevenueHint")} value={formatWholeShekel(stats.totalRevenue, i18n.language)} />
        <StatCard label={t("admin.stats.pendingOrders")} value={stats.pendingOrders.toLocaleString(i18n.language)} />
        <StatCard label={t("admin.stats.activeDeals")} value={stats.activeDeals.toLocaleString(i18n.language)} />
      </dl>

      <Form method="get" role="search" aria-label={t("admin.search.label")} className="mt-8 flex flex-wrap gap-2" preventScrollReset>
        {query.tab !== "users" ? <input type="hidden" name="tab" value={query.tab} /> : null}
        <label className="sr-only" htmlFor="admin-q">{t("admin.search.label")}</label>
        <div className="relative min-w-64 flex-1">
          <SearchIcon className="pointer-events-none absolute inset-y-0 start-3 my-auto size-4 text-fg-muted" />
          <input
            id="admin-q"
            type="search"
            name="q"
            defaultValue={query.q}
            key={query.q}
            placeholder={t("admin.search.placeholder")}
            className="w-full rounded-lg border border-line bg-surface py-2 ps-9 pe-3"
            dir="auto"
          />
        </div>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          {t("admin.search.submit")}
        </button>
        {query.q ? (
          <Link to={adminHref(query, { q: "" })} className="rounded-lg border border-line px-4 py-2 font-semibold hover:bg-muted">
            {t("admin.search.clear")}
          </Link>
        ) : null}
      </Form>

      <Tabs query={query} counts={counts} />

      <div className="mt-4" aria-busy={loading} aria-live="polite">
        {query.q ? (
          <p className="mb-3 text-sm text-fg-muted" data-testid="admin-result-count">
            {t(`admin.${list.tab}.found`, { count: total, q: query.q })}
          </p>
        ) : null}
        {list.rows.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line px-4 py-12 text-center text-fg-muted">
            {t(query.q || list.tab !== "messages" ? `admin.${list.tab}.empty` : "admin.messages.none")}
          </p>
        ) : list.tab === "users" ? (
          <UsersTable rows={list.rows} />
        ) : list.tab === "orders" ? (
          <OrdersTable rows={list.rows} ask={actionData && "confirmStatus" in actionData ? actionData.confirmStatus : undefined} />
        ) : (
          <MessagesTable rows={list.rows} />
        )}
        {total > list.rows.length && list.rows.length === ADMIN_LIST_LIMIT ? (
          <p className="mt-3 text-sm text-fg-muted">{t("admin.capped", { shown: ADMIN_LIST_LIMIT, total })}</p>
        ) : null}
      </div>
    </section>
  );
}

/** A signed-in person who is not an admin lands here, with status 403 (spec: the unauthorized screen). */
export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
