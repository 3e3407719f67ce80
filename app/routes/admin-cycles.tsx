import { useTranslation } from "~/components/use-translation";
import { Link } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { AdminErrorBoundary } from "~/components/admin-error-boundary";
import { forbiddenTitle } from "~/components/forbidden-title";
import { formatWholeShekel } from "~/domain/money";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { formatAdminDate } from "~/domain/dates";
import { countCycles, recentCycles } from "~/services/packing.server";
import { listPage, listWindow, parseListQuery } from "~/domain/list-query";
import { ListSearch, Pager } from "~/components/list-controls";
import { hasMinimum, weekState } from "~/domain/week-minimum";
import { WeekStateBadge } from "~/components/week-state-badge";
import type { Route } from "./+types/admin-cycles";
import { ScrollBox } from "~/components/scroll-box";

export function loader({ url, context }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const db = context.get(dbContext);
  const query = parseListQuery(url.searchParams);
  const now = new Date();
  // Each open week's state before its deadline (issue #45): no minimum, on track or at risk.
  const cycles = recentCycles(db, listWindow(query)).map((c) => ({
    ...c,
    state: c.isActive ? weekState({ revenue: c.currentRevenue, minimum: c.targetRevenue, opensAt: c.openedAt, orderDeadline: c.orderDeadline }, now) : null,
  }));
  return { title: getTranslate(context)("adminCycles.metaTitle"), query, cycles, paging: listPage(query, countCycles(db, query.q), cycles.length) };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [{ title: loaderData?.title ?? forbiddenTitle(error) }];

export default function AdminCycles({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="mt-2 text-3xl font-bold">{t("adminCycles.title")}</h1>
      <p className="mt-1 text-fg-muted">{t("adminCycles.intro")}</p>
      <p className="mt-1 text-sm text-fg-muted">{t("adminCycles.weekState.rule")}</p>
      <div className="mt-6">
        <ListSearch id="cycles-q" path="/admin/cycles" q={loaderData.query.q} placeholder={t("backOffice.list.placeholders.cycles")} />
      </div>
      {loaderData.cycles.length === 0 ? (
        loaderData.query.q ? (
          <p className="mt-6 rounded-2xl border border-dashed border-line px-4 py-12 text-center text-fg-muted">{t("backOffice.list.noMatch")}</p>
        ) : (
          // No weeks at all: they open with a community, so the way onward is to make one (#45).
          <div className="mt-6 rounded-2xl border border-dashed border-line px-4 py-12 text-center text-fg-muted" data-testid="no-cycles">
            <p>{t("backOffice.list.noCycles")} {t("backOffice.list.noCyclesYet.text")}</p>
            <Link to="/admin/communities" className="mt-3 inline-block rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
              {t("backOffice.list.noCyclesYet.link")}
            </Link>
          </div>
        )
      ) : (
      <ScrollBox label={t("adminCycles.title")} className="mt-6 rounded-2xl border border-line bg-surface">
        <table className="w-full text-sm">
          <thead className="bg-muted text-start">
            <tr>
              {["community", "deadline", "pickup", "revenue", "orders", "status"].map((h) => <th key={h} className="px-3 py-2 text-start font-medium">{t(`adminCycles.${h}`)}</th>)}
              <th className="px-3 py-2"><span className="sr-only">{t("adminCycles.detailsColumn")}</span></th>
            </tr>
          </thead>
          <tbody>
            {loaderData.cycles.map((c) => (
              <tr key={c.id} className="border-t border-line" data-testid="cycle-row">
                <td className="px-3 py-2">{c.communityName}</td>
                <td className="px-3 py-2" dir="ltr">{formatAdminDate(c.orderDeadline, true)}</td>
                <td className="px-3 py-2" dir="ltr">{formatAdminDate(c.pickupDate, true)}</td>
                <td className="px-3 py-2 tabular-nums" data-testid="cycle-revenue">{formatWholeShekel(c.currentRevenue, i18n.language)}{hasMinimum(c.targetRevenue) ? <> / {formatWholeShekel(c.targetRevenue, i18n.language)}</> : null}</td>
                <td className="px-3 py-2">{c.orderCount}</td>
                <td className="px-3 py-2">
                  {c.isActive ? t("adminCycles.open") : c.goalMissed ? t("adminCycles.missed") : t("adminCycles.closed")}
                  {c.state ? <WeekStateBadge state={c.state} className="ms-2" /> : null}
                </td>
                <td className="px-3 py-2"><Link to={`/admin/cycles/${c.id}`} className="font-medium text-brand-700 underline dark:text-brand-200">{t("adminCycles.view")}</Link></td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollBox>
      )}
      <Pager path="/admin/cycles" paging={loaderData.paging} keep={{ q: loaderData.query.q }} label={t("backOffice.list.pagesOf", { list: t("adminCycles.title") })} />
    </section>
  );
}

/** A shopper or vendor gets the admins-only page, as on every admin page; a missing cycle its 404. */
export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
