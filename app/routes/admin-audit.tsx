import { useTranslation } from "~/components/use-translation";
import { Form, Link } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { AdminErrorBoundary } from "~/components/admin-error-boundary";
import { forbiddenTitle } from "~/components/forbidden-title";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { AUDIT_EVENT_TYPES, AUDIT_PAGE_SIZE, listAuditEvents } from "~/services/audit.server";
import { auditChanges, auditFieldLabelKey, auditValueText, type AuditWords } from "~/domain/audit-view";
import { parseAuditQuery } from "~/domain/audit-query";
import { formatAdminDate } from "~/domain/dates";
import type { Route } from "./+types/admin-audit";
import { ScrollBox } from "~/components/scroll-box";
import { orderStatusKey } from "~/domain/order-words";
import { ORDER_STATUSES, ROLES, type OrderStatus } from "~/domain/enums";

export function loader({ url, context }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const t = getTranslate(context);
  const query = parseAuditQuery(url.searchParams, AUDIT_EVENT_TYPES);
  const rows = listAuditEvents(context.get(dbContext), query);
  return {
    title: `${t("admin.audit.title")} | ${t("app.name")}`,
    types: AUDIT_EVENT_TYPES,
    type: query.type ?? "",
    rows: rows.map((row) => ({ ...row, changes: auditChanges(row.before, row.after) })),
    // A full page means there may be older rows.
    older: rows.length === AUDIT_PAGE_SIZE ? rows[rows.length - 1]!.createdAt.toISOString() : null,
    paged: Boolean(query.before),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [{ title: loaderData?.title ?? forbiddenTitle(error) }];


export default function AdminAudit({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  // A row's values in the organiser's words: shekels, weekdays, yes/no, roles and order states.
  const wordsFor = (rowType: string): AuditWords => ({
    locale: i18n.language,
    yes: t("admin.audit.valueYes"),
    no: t("admin.audit.valueNo"),
    day: (weekday) => t(`days.${weekday}`),
    code: (key, value) => {
      if (key === "role" && (ROLES as readonly string[]).includes(value)) return t(`admin.roles.${value}`);
      if (key === "status" && rowType.startsWith("order.") && (ORDER_STATUSES as readonly string[]).includes(value)) return t(orderStatusKey(value as OrderStatus));
      return null;
    },
  });
  const { types, type, rows, older, paged } = loaderData;
  const th = "px-3 py-2 text-start text-xs font-semibold text-fg-muted whitespace-nowrap";
  const td = "px-3 py-2.5 align-top";
  const olderHref = older ? `/admin/audit?${new URLSearchParams({ ...(type ? { type } : {}), before: older })}` : null;
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t("admin.audit.title")}</h1>
      <p className="mt-1 text-fg-muted">{t("admin.audit.intro")}</p>

      <Form method="get" className="mt-6 flex flex-wrap items-end gap-2">
        <div className="min-w-0 max-w-full">
          <label htmlFor="audit-type" className="mb-1 block text-sm font-medium">{t("admin.audit.filter")}</label>
          <select id="audit-type" name="type" defaultValue={type} key={type} className="w-full max-w-full rounded-lg border border-line bg-surface px-3 py-2.5">
            <option value="">{t("admin.audit.allTypes")}</option>
            {types.map((value) => <option key={value} value={value}>{t(`admin.audit.types.${value}`)}</option>)}
          </select>
        </div>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700">{t("admin.audit.show")}</button>
        {type || paged ? <Link to="/admin/audit" className="rounded-lg border border-line px-4 py-2.5 font-semibold hover:bg-muted">{t("admin.audit.reset")}</Link> : null}
      </Form>

      {rows.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-line px-4 py-12 text-center text-fg-muted">{t("admin.audit.empty")}</p>
      ) : (
        <ScrollBox label={t("admin.audit.title")} className="mt-6 rounded-2xl border border-line bg-surface">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("admin.audit.title")}</caption>
            <thead className="border-b border-line bg-muted/60">
              <tr>{["when", "who", "what", "entity", "change"].map((h) => <th key={h} scope="col" className={th}>{t(`admin.audit.columns.${h}`)}</th>)}</tr>
            </thead>
            <tbody className="divide-y divide-line">
              {rows.map((row) => (
                <tr key={row.id} data-testid="audit-row">
                  <td className={`${td} whitespace-nowrap tabular-nums`}><span dir="ltr">{formatAdminDate(row.createdAt, true)}</span></td>
                  <td className={td}>
                    <span className="block font-medium">{row.bySystem ? t("admin.audit.systemActor") : (row.actorName ?? t("admin.audit.unknownActor"))}</span>
                    {row.actorEmail ? <span className="block text-xs text-fg-muted" dir="ltr">{row.actorEmail}</span> : null}
                  </td>
                  <td className={td}>{(types as readonly string[]).includes(row.type) ? t(`admin.audit.types.${row.type}`) : row.type}</td>
                  <td className={`${td} font-mono text-xs`}><span dir="ltr">{row.entityId ?? t("admin.none")}</span></td>
                  <td className={td}>
                    {row.changes.length === 0 ? <span className="text-fg-muted">{t("admin.audit.noChange")}</span> : (
                      <ul className="grid gap-0.5">
                        {row.changes.map((change) => {
                          const words = wordsFor(row.type);
                          const label = auditFieldLabelKey(change.key);
                          return (
                            <li key={change.key} className="break-words" data-testid="audit-change">
                              {change.key ? <span className="font-medium">{label ? t(label) : change.key}: </span> : null}
                              <bdi className="text-fg-muted">{auditValueText(change.before, change.key, words)}</bdi>
                              <span aria-hidden="true" className="mx-1 inline-block rtl:rotate-180">→</span>
                              <span className="sr-only">{t("admin.audit.became")}</span>
                              <bdi>{auditValueText(change.after, change.key, words)}</bdi>
                            </li>
                          );
                        })}
                      </ul>
                    )}
                    {row.note ? <p className="mt-1 text-xs text-fg-muted">{row.note}</p> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      {olderHref ? (
        <Link to={olderHref} className="mt-4 inline-block rounded-lg border border-line px-4 py-2 font-semibold hover:bg-muted">{t("admin.audit.older")}</Link>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
