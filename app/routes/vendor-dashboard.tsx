import type { ReactNode } from "react";
import { useTranslation } from "~/components/use-translation";
import { Link } from "react-router";
import { requireVendor } from "~/auth/vendor-guard.server";
import { Price } from "~/components/price";
import { VendorErrorBoundary } from "~/components/vendor-forbidden";
import { forbiddenTitle } from "~/components/forbidden-title";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { formatDate, formatDay } from "~/domain/dates";
import { wallClockAt } from "~/domain/time";
import { unitLabel } from "~/locales/units";
import { vendorDashboard } from "~/services/vendor-dashboard.server";
import type { VendorDealState } from "~/domain/vendor-schemas";
import { salesByDeal } from "~/domain/back-office";
import { formatShekel } from "~/domain/money";
import type { Route } from "./+types/vendor-dashboard";
import { ScrollBox } from "~/components/scroll-box";

export function loader({ url, context }: Route.LoaderArgs) {
  const { vendor } = requireVendor(context, url);
  const t = getTranslate(context);
  return {
    title: `${t("vendor.dashboard.title")} | ${t("app.name")}`,
    vendorName: vendor.name,
    ...vendorDashboard(context.get(dbContext), vendor.id),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [{ title: loaderData?.title ?? forbiddenTitle(error) }];

const STATE_TONES: Record<VendorDealState, string> = {
  DRAFT: "bg-muted text-fg",
  IN_REVIEW: "bg-amber-100 text-amber-900",
  ACTIVE: "bg-brand-100 text-brand-800",
  ENDED: "bg-sky-100 text-sky-900",
  ARCHIVED: "bg-purple-100 text-purple-900",
};

const card = "rounded-2xl border border-line bg-surface p-5";
const th = "px-3 py-2 text-start text-xs font-semibold text-fg-muted whitespace-nowrap";
const td = "px-3 py-2.5 align-top";
const link = "font-semibold text-brand-700 hover:underline dark:text-brand-200";
/** A tap target of 44 px on a phone (issue #49: the edit and view links were 39 x 20). */
const target = "inline-flex min-h-11 min-w-11 items-center justify-center px-2";

function Section({ id, title, action, children }: { id: string; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={id} className="text-2xl font-bold">{title}</h2>
        {action}
      </div>
      <div className="mt-3">{children}</div>
    </section>
  );
}

function Empty({ children }: { children: ReactNode }) {
  return <div className="rounded-2xl border border-dashed border-line px-4 py-10 text-center text-fg-muted">{children}</div>;
}

function Stars({ rating }: { rating: number }) {
  return (
    <span aria-hidden="true" className="text-amber-500">
      {"★".repeat(rating)}
      <span className="text-line">{"★".repeat(5 - rating)}</span>
    </span>
  );
}

export default function VendorDashboard({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { vendorName, deals, weeks, pick, totals, reviews, shareBasisPoints } = loaderData;
  const sharePercent = shareBasisPoints / 100;
  const locale = i18n.language;
  // This week's sales per deal, from the same rows as the week tables (one revenue rule).
  const sales = salesByDeal(weeks.flatMap((week) => week.sales));

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold">{t("vendor.dashboard.title")}</h1>
          <p className="mt-1 text-fg-muted">{t("vendor.dashboard.subtitle", { name: vendorName })}</p>
        </div>
        {/* The guide and support are in the vendor area's tabs. */}
        <Link to="/vendor/new-deal" className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
          {t("vendor.dashboard.newDeal")}
        </Link>
      </header>

      {/* A farmer opens this page on Thursday night for one thing (issue #49): what to pick and
          where each part goes. It comes first, before any sales figure. */}
      <Section
        id="vendor-this-week"
        title={t("vendor.dashboard.thisWeek.title")}
        action={weeks.length > 0 ? (
          <a href="/vendor/dashboard/packing.csv" download className="inline-flex min-h-11 items-center rounded-lg border border-line px-3 text-sm font-semibold hover:bg-muted" data-testid="vendor-packing-csv">
            {t("vendor.dashboard.packing.csv")}
          </a>
        ) : null}
      >
        {weeks.length === 0 ? (
          <Empty>{t("vendor.dashboard.packing.empty")}</Empty>
        ) : (
          <>
            <ul className="grid gap-1 text-sm" data-testid="vendor-week-dates">
              {weeks.map((week) => (
                <li key={week.cycleId}>
                  <span className="font-semibold">{week.communityName}</span>: <WeekDates week={week} />
                </li>
              ))}
            </ul>
            <h3 className="mt-4 text-lg font-bold">{t("vendor.dashboard.thisWeek.pick")}</h3>
            <ul className={`${card} mt-2 divide-y divide-line p-0`} data-testid="vendor-pick-list">
              {pick.map((line) => (
                <li key={line.dealId} className="flex justify-between gap-3 px-4 py-2.5">
                  <span className="font-medium">{line.dealTitle}</span>
                  <span className="whitespace-nowrap font-bold tabular-nums">{line.qty} {unitLabel(line.unit, locale, line.qty)}</span>
                </li>
              ))}
            </ul>
            <h3 className="mt-6 text-lg font-bold">{t("vendor.dashboard.thisWeek.places")}</h3>
            <div className="mt-2 grid gap-4 md:grid-cols-2">
              {weeks.flatMap((week) =>
                week.packing.map((place) => (
                  <article key={`${week.cycleId}-${place.deliveryType}-${place.pickupPointId ?? ""}`} className={card} data-testid="vendor-packing-place">
                    <h4 className="font-bold">{week.communityName}</h4>
                    <p className="text-sm text-fg-muted">
                      {place.deliveryType === "PICKUP" ? (place.address ?? t("vendor.dashboard.packing.pickupUnknown")) : t("vendor.dashboard.packing.homeDelivery")}
                    </p>
                    <ul className="mt-2 divide-y divide-line text-sm">
                      {place.lines.map((line) => (
                        <li key={line.dealId} className="flex justify-between gap-3 py-1.5">
                          <span>{line.dealTitle}</span>
                          <span className="whitespace-nowrap font-semibold tabular-nums">{line.qty} {unitLabel(line.unit, locale, line.qty)}</span>
                        </li>
                      ))}
                    </ul>
                  </article>
                )),
              )}
            </div>
          </>
        )}
      </Section>

      <dl aria-label={t("vendor.dashboard.totalsLabel")} className="mt-8 grid gap-3 sm:grid-cols-3">
        <div className={card} data-testid="vendor-total-qty">
          <dt className="text-sm text-fg-muted">{t("vendor.dashboard.totals.qty")}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums">{totals.quantities.length ? <Quantities list={totals.quantities} /> : 0}</dd>
        </div>
        <div className={card} data-testid="vendor-total-revenue">
          <dt className="text-sm text-fg-muted">{t("vendor.dashboard.totals.farmer")}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums"><Price agorot={totals.revenue - totals.share} /></dd>
          {/* The one money rule (domain/farmer-money.ts), said where the figure is. */}
          <dd className="mt-1 text-xs text-fg-muted" data-testid="vendor-money-rule">
            {sharePercent > 0
              ? t("vendor.dashboard.totals.farmerRuleShare", { paid: formatShekel(totals.revenue, locale), percent: sharePercent })
              : t("vendor.dashboard.totals.farmerRuleAll", { paid: formatShekel(totals.revenue, locale) })}{" "}
            <Link to="/vendor/statements" className={link}>{t("vendor.dashboard.totals.statementsLink")}</Link>
          </dd>
        </div>
        <div className={card} data-testid="vendor-total-orders">
          <dt className="text-sm text-fg-muted">{t("vendor.dashboard.totals.orders")}</dt>
          <dd className="mt-1 text-2xl font-bold tabular-nums">{totals.orders.toLocaleString(locale)}</dd>
        </div>
      </dl>

      <Section id="vendor-week" title={t("vendor.dashboard.week.title")}>
        {weeks.length === 0 ? (
          <Empty>{t("vendor.dashboard.week.empty")}</Empty>
        ) : (
          <div className="grid gap-4">
            {weeks.map((week) => (
              <article key={week.cycleId} className={`${card} min-w-0`} data-testid="vendor-week">
                <h3 className="text-lg font-bold">{week.communityName}</h3>
                <p className="text-sm text-fg-muted"><WeekDates week={week} /></p>
                <ScrollBox label={week.communityName} className="mt-3">
                  <table className="w-full text-sm">
                    <thead className="border-b border-line">
                      <tr>
                        <th scope="col" className={th}>{t("vendor.dashboard.week.product")}</th>
                        <th scope="col" className={th}>{t("vendor.dashboard.week.qty")}</th>
                        <th scope="col" className={th}>{t("vendor.dashboard.week.orders")}</th>
                        <th scope="col" className={th}>{t("vendor.dashboard.week.revenue")}</th>
                        <th scope="col" className={th}>{t("vendor.dashboard.week.farmer")}</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-line">
                      {week.sales.map((sale) => (
                        <tr key={sale.dealId} data-testid="vendor-sale">
                          <td className={td}>{sale.dealTitle}</td>
                          <td className={`${td} tabular-nums`}>{sale.qty} {unitLabel(sale.unit, locale, sale.qty)}</td>
                          <td className={`${td} tabular-nums`}>{sale.orders}</td>
                          <td className={`${td} tabular-nums`}><Price agorot={sale.revenue} /></td>
                          <td className={`${td} tabular-nums`}><Price agorot={sale.revenue - sale.share} /></td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot className="border-t border-line font-semibold">
                      <tr>
                        <td className={td}>{t("vendor.dashboard.week.total")}</td>
                        <td className={`${td} tabular-nums`}><Quantities list={week.quantities} /></td>
                        <td className={td} />
                        <td className={`${td} tabular-nums`}><Price agorot={week.revenue} /></td>
                        <td className={`${td} tabular-nums`}><Price agorot={week.revenue - week.share} /></td>
                      </tr>
                    </tfoot>
                  </table>
                </ScrollBox>
              </article>
            ))}
          </div>
        )}
      </Section>

      <Section id="vendor-deals" title={t("vendor.dashboard.deals.title")}>
        {deals.length === 0 ? (
          <Empty>
            <p>{t("vendor.dashboard.deals.empty")}</p>
            <Link to="/vendor/new-deal" className={`mt-3 inline-block ${link}`}>{t("vendor.dashboard.deals.emptyCta")}</Link>
          </Empty>
        ) : (
          <ul className="grid gap-2" data-testid="vendor-deals">
            {deals.map((deal) => {
              const sold = sales.get(deal.id);
              return (
                <li key={deal.id} className={`${card} flex items-start gap-3`} data-testid="vendor-deal">
                  {deal.image ? (
                    <img src={deal.image} alt={t("backOffice.myDeals.thumbAlt", { title: deal.title })} width={72} height={54} loading="lazy" className="h-14 w-18 shrink-0 rounded-lg border border-line object-cover" data-testid="vendor-deal-thumb" />
                  ) : (
                    <img src="/images/produce/placeholder.svg" alt="" width={72} height={54} className="h-14 w-18 shrink-0 rounded-lg border border-line object-cover" />
                  )}
                  <div className="min-w-0 flex-1">
                    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                      <p className="font-semibold">{deal.title}</p>
                      <span className={`status-badge ${STATE_TONES[deal.state]}`} data-testid="vendor-deal-state">
                        {t(`vendor.states.${deal.state}`)}
                      </span>
                      <span className="flex gap-1 text-sm">
                        <Link to={`/vendor/deals/${deal.id}/edit`} className={`${link} ${target}`} aria-label={`${t("backOffice.myDeals.edit")}: ${deal.title}`}>{t("backOffice.myDeals.edit")}</Link>
                        {deal.state === "ACTIVE" ? <Link to={`/deals/${deal.slug}`} className={`${link} ${target}`} aria-label={`${t("backOffice.myDeals.view")}: ${deal.title}`}>{t("backOffice.myDeals.view")}</Link> : null}
                      </span>
                    </div>
                    <p className="mt-0.5 text-sm text-fg-muted">
                      {t("vendor.dashboard.deals.price")}: <Price agorot={deal.basePrice} /> / {unitLabel(deal.unit, locale)}
                    </p>
                    <p className="mt-0.5 text-sm" data-testid="vendor-deal-week">
                      {sold ? t("backOffice.myDeals.thisWeek", { qty: sold.qty, unit: unitLabel(deal.unit, locale, sold.qty), revenue: formatShekel(sold.revenue - sold.share, locale) }) : <span className="text-fg-muted">{t("backOffice.myDeals.noSalesYet")}</span>}
                    </p>
                    {deal.reviewNote && deal.state === "DRAFT" ? (
                      <p className="mt-1 text-sm text-amber-800 dark:text-amber-200" data-testid="vendor-deal-note">{t("vendor.dashboard.deals.note", { note: deal.reviewNote })}</p>
                    ) : null}
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </Section>

      <Section id="vendor-reviews" title={t("vendor.dashboard.reviews.title")}>
        {reviews.length === 0 ? (
          <Empty>{t("vendor.dashboard.reviews.empty")}</Empty>
        ) : (
          <ul className="grid gap-2">
            {reviews.map((review) => (
              <li key={review.id} className={card} data-testid="vendor-review">
                <p className="text-sm">
                  <Stars rating={review.rating} /> <span className="sr-only">{t("vendor.dashboard.reviews.rating", { rating: review.rating })}</span>
                  <span className="font-semibold">{review.reviewer ?? t("vendor.dashboard.reviews.anonymous")}</span> · {review.dealTitle} · <span className="text-fg-muted">{formatDate(review.createdAt, locale)}</span>
                </p>
                {review.comment ? <p className="mt-1 whitespace-pre-line leading-7">{review.comment}</p> : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

/** A week's close and pickup, in one date style: "orders close on Wednesday, 02/12 at 20:00 · pickup on Friday, 04/12". */
function WeekDates({ week }: { week: { orderDeadline: Date; pickupDate: Date } }) {
  const { t, i18n } = useTranslation();
  const closes = wallClockAt(new Date(week.orderDeadline));
  const time = `${String(closes.hour).padStart(2, "0")}:${String(closes.minute).padStart(2, "0")}`;
  return (
    <>
      {t("vendor.dashboard.thisWeek.closes", { day: formatDay(week.orderDeadline, i18n.language), time })} · {t("vendor.dashboard.thisWeek.pickup", { day: formatDay(week.pickupDate, i18n.language) })}
    </>
  );
}

/** Quantities per unit, never one sum across units: "13 kg · 4 bunches". */
function Quantities({ list }: { list: readonly { unit: string; qty: number }[] }) {
  const { i18n } = useTranslation();
  return <>{list.map(({ unit, qty }) => `${qty.toLocaleString(i18n.language)} ${unitLabel(unit, i18n.language, qty)}`).join(" · ")}</>;
}

export function ErrorBoundary() {
  return <VendorErrorBoundary />;
}
