import { useTranslation } from "~/components/use-translation";
import { useUnitName } from "~/components/use-unit-name";
import { Link, useLocation } from "react-router";
import { ListSearch, Pager } from "~/components/list-controls";
import { requireAdmin } from "~/auth/admin-guard.server";
import { DealActionForm, DealPageErrorBoundary, DealStatusBadge, errorTitle } from "~/components/deal-editor";
import { Price } from "~/components/price";
import { dbContext } from "~/context";
import { DEAL_STATUSES } from "~/domain/enums";
import { getTranslate } from "~/web/language.server";
import { formatAdminDate } from "~/domain/dates";
import { adminDealLists } from "~/services/deal-editor.server";
import { parseAdminDealsQuery } from "~/domain/deal-schema";
import { dealButtonAction } from "./deal-editor.server";
import type { Route } from "./+types/admin-deals";
import { readForm } from "~/web/form.server";
import { ScrollBox } from "~/components/scroll-box";

export function loader({ url, context }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const query = parseAdminDealsQuery(url.searchParams);
  return { title: getTranslate(context)("adminDeals.metaTitle"), query, ...adminDealLists(context.get(dbContext), query) };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [{ title: loaderData?.title ?? errorTitle(error) }];

/** Every button on the page: activate, send back (with its note), end, archive. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  const form = await readForm(request);
  return dealButtonAction(request, context, form, { role: "ADMIN", userId: admin.id }, null, "/admin/deals");
}

const th = "px-3 py-2 text-start text-xs font-semibold text-fg-muted whitespace-nowrap";
const td = "px-3 py-2.5 align-top";

export default function AdminDeals({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const unitName = useUnitName();
  const location = useLocation();
  const here = location.pathname + location.search;
  const { queue, deals, query, paging } = loaderData;
  const keep = { status: query.status, q: query.q };
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("adminDeals.title")}</h1>
      <p className="mt-1 text-fg-muted">{t("adminDeals.intro")}</p>

      <section className="mt-8" aria-labelledby="review-queue-title">
        <h2 id="review-queue-title" className="text-2xl font-bold">{t("adminDeals.queueTitle")}</h2>
        {queue.length === 0 ? (
          <p className="mt-3 rounded-2xl border border-line bg-surface p-4 text-fg-muted">{t("adminDeals.queueEmpty")}</p>
        ) : (
          <ul className="mt-4 grid grid-cols-1 gap-4">
            {queue.map((deal) => (
              <li key={deal.id} className="grid grid-cols-1 gap-4 rounded-2xl border border-line bg-surface p-4 md:grid-cols-[1fr_20rem]" data-testid="review-queue-item">
                <div className="flex gap-3">
                  {deal.image ? <img src={deal.image} alt="" width={96} height={72} className="h-18 w-24 shrink-0 rounded-lg border border-line object-cover" /> : null}
                  <div>
                    <h3 className="text-lg font-bold">{deal.title}</h3>
                    <p className="text-sm text-fg-muted">
                      {t("adminDeals.vendor")}: {deal.vendorName} · <Price agorot={deal.basePrice} /> / {unitName(deal.unit)}
                    </p>
                    {deal.submittedAt ? (
                      <p className="text-sm text-fg-muted">
                        {t("adminDeals.submittedAt")}: <span dir="ltr">{formatAdminDate(deal.submittedAt, true)}</span>
                      </p>
                    ) : null}
                    <Link to={`/admin/deals/${deal.id}/edit`} className="mt-2 inline-block text-sm font-semibold text-brand-700 underline dark:text-brand-200">
                      {t("adminDeals.view")}
                    </Link>
                  </div>
                </div>
                <div className="grid content-start gap-3" aria-label={t("adminDeals.actionsFor", { title: deal.title })} role="group">
                  <DealActionForm dealId={deal.id} action="activate" redirectTo={here} />
                  <DealActionForm dealId={deal.id} action="sendBack" redirectTo={here} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="mt-10" aria-labelledby="all-deals-title">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <h2 id="all-deals-title" className="text-2xl font-bold">{t("adminDeals.allTitle")}</h2>
        </div>
        <div className="mt-4">
          <ListSearch id="admin-deals-q" path="/admin/deals" q={query.q} placeholder={t("backOffice.list.placeholders.deals")}>
            <div>
              <label htmlFor="deal-status-filter" className="mb-1 block text-sm font-medium">{t("adminDeals.statusFilter")}</label>
              <select id="deal-status-filter" name="status" defaultValue={query.status ?? ""} key={query.status ?? ""} className="rounded-lg border border-line bg-surface px-3 py-2">
                <option value="">{t("adminDeals.allStatuses")}</option>
                {DEAL_STATUSES.map((status) => (
                  <option key={status} value={status}>{t(`dealEditor.status.${status}`)}</option>
                ))}
              </select>
            </div>
          </ListSearch>
        </div>
        {/* The table box is relative: its sr-only labels are absolutely positioned, and outside
            the scroll box they widened the page on a phone. */}
        {deals.length === 0 ? (
          <p className="mt-4 rounded-2xl border border-line bg-surface p-4 text-fg-muted">{query.q || query.status ? t("backOffice.list.noMatch") : t("adminDeals.empty")}</p>
        ) : (
          <ScrollBox label={t("adminDeals.allTitle")} className="relative mt-4 rounded-2xl border border-line bg-surface">
            <table className="w-full text-sm">
              <caption className="sr-only">{t("adminDeals.allTitle")}</caption>
              <thead className="border-b border-line bg-muted/60">
                <tr>
                  {["dealTitle", "vendor", "price", "status", "updatedAt"].map((key) => (
                    <th key={key} scope="col" className={th}>{t(`adminDeals.${key}`)}</th>
                  ))}
                  <th scope="col" className={th}><span className="sr-only">{t("adminDeals.edit")}</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {deals.map((deal) => (
                  <tr key={deal.id} data-testid="admin-deal-row">
                    <td className={`${td} font-medium`}>
                      {deal.status === "ACTIVE" || deal.status === "ENDED" ? <Link to={`/deals/${deal.slug}`} className="hover:underline">{deal.title}</Link> : deal.title}
                    </td>
                    <td className={td}>{deal.vendorName}</td>
                    <td className={`${td} whitespace-nowrap`}><Price agorot={deal.basePrice} /></td>
                    <td className={td}><DealStatusBadge status={deal.status} submittedAt={deal.submittedAt} /></td>
                    <td className={`${td} whitespace-nowrap tabular-nums`}><span dir="ltr">{formatAdminDate(deal.updatedAt, true)}</span></td>
                    <td className={td}>
                      <div className="flex flex-wrap items-center gap-2">
                        {deal.status !== "ARCHIVED" ? (
                          <Link to={`/admin/deals/${deal.id}/edit`} className="rounded-lg border border-line px-3 py-1.5 text-sm font-semibold hover:bg-muted">{t("adminDeals.edit")}</Link>
                        ) : null}
                        {deal.actions.filter((a) => a === "end" || a === "archive").map((action) => (
                          <DealActionForm key={action} dealId={deal.id} action={action} redirectTo={here} dealTitle={deal.title} compact />
                        ))}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
        <Pager path="/admin/deals" paging={paging} keep={keep} label={t("backOffice.list.pagesOf", { list: t("adminDeals.allTitle") })} />
      </section>
    </section>
  );
}

export function ErrorBoundary() {
  return <DealPageErrorBoundary area="admin" />;
}
