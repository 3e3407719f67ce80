import { useTranslation } from "~/components/use-translation";
import { Link } from "react-router";
import { requireVendor } from "~/auth/vendor-guard.server";
import { Price } from "~/components/price";
import { ScrollBox } from "~/components/scroll-box";
import { VendorErrorBoundary } from "~/components/vendor-forbidden";
import { forbiddenTitle } from "~/components/forbidden-title";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { formatDate } from "~/domain/dates";
import { unitLabel } from "~/locales/units";
import { farmerStatements } from "~/services/farmer-statement.server";
import { readSiteSettings } from "~/services/site-settings.server";
import type { Route } from "./+types/vendor-statements";

// The farmer's weekly statements (issue #49): for each closed week she sold in, per pickup point
// and product, what shoppers paid, the market's share and what is hers (domain/farmer-money.ts),
// and whether the market has paid her. Nothing here needs a script.
export const handle = { hydrate: false };

export function loader({ url, context }: Route.LoaderArgs) {
  const { vendor } = requireVendor(context, url);
  const db = context.get(dbContext);
  const t = getTranslate(context);
  return {
    title: `${t("vendor.statements.title")} | ${t("app.name")}`,
    weeks: farmerStatements(db, vendor.id),
    sharePercentNow: readSiteSettings(db).marketSharePercent,
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [{ title: loaderData?.title ?? forbiddenTitle(error) }];

export function ErrorBoundary() {
  return <VendorErrorBoundary />;
}

const th = "px-3 py-2 text-start text-xs font-semibold text-fg-muted whitespace-nowrap";
const td = "px-3 py-2 align-top tabular-nums";

type Week = Route.ComponentProps["loaderData"]["weeks"][number];

function PaidBadge({ week }: { week: Week }) {
  const { t } = useTranslation();
  return week.payout ? (
    <span className="rounded-full bg-brand-100 px-2.5 py-0.5 text-sm font-semibold text-brand-800" data-testid="statement-paid">
      {t("vendor.statements.paid", { date: formatDate(week.payout.paidAt) })}
    </span>
  ) : (
    <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900" data-testid="statement-unpaid">
      {t("vendor.statements.notPaid")}
    </span>
  );
}

function WeekStatement({ week }: { week: Week }) {
  const { t, i18n } = useTranslation();
  const percent = week.shareBasisPoints / 100;
  return (
    <div className="mt-3 grid min-w-0 grid-cols-1 gap-4">
      <p className="text-sm" data-testid="statement-totals">
        {t("vendor.statements.totals", { percent })}{" "}
        <Price agorot={week.totals.paid} /> · <Price agorot={week.totals.share} /> · <strong><Price agorot={week.totals.farmer} /></strong>
      </p>
      {week.places.map((place) => {
        const where = place.deliveryType === "PICKUP" ? (place.address ?? t("vendor.dashboard.packing.pickupUnknown")) : t("vendor.dashboard.packing.homeDelivery");
        return (
          <section key={`${place.deliveryType}-${place.pickupPointId ?? ""}`} aria-label={where} className="min-w-0" data-testid="statement-place">
            <h3 className="font-bold">{where}</h3>
            <ScrollBox label={where} className="mt-2">
              <table className="w-full text-sm">
                <thead className="border-b border-line">
                  <tr>
                    <th scope="col" className={th}>{t("vendor.statements.product")}</th>
                    <th scope="col" className={th}>{t("vendor.statements.qty")}</th>
                    <th scope="col" className={th}>{t("vendor.statements.paidByShoppers")}</th>
                    <th scope="col" className={th}>{t("vendor.statements.share")}</th>
                    <th scope="col" className={th}>{t("vendor.statements.farmer")}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {place.lines.map((line) => (
                    <tr key={line.dealId} data-testid="statement-line">
                      <td className="px-3 py-2 align-top">{line.dealTitle}</td>
                      <td className={td}>{line.qty} {unitLabel(line.unit, i18n.language, line.qty)}</td>
                      <td className={td}><Price agorot={line.paid} /></td>
                      <td className={td}><Price agorot={line.share} /></td>
                      <td className={`${td} font-semibold`}><Price agorot={line.farmer} /></td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="border-t border-line font-semibold">
                  <tr>
                    <td className="px-3 py-2" colSpan={2}>{t("vendor.statements.placeTotal")}</td>
                    <td className={td}><Price agorot={place.totals.paid} /></td>
                    <td className={td}><Price agorot={place.totals.share} /></td>
                    <td className={td}><Price agorot={place.totals.farmer} /></td>
                  </tr>
                </tfoot>
              </table>
            </ScrollBox>
          </section>
        );
      })}
      <a href={`/vendor/statements/${week.cycleId}.csv`} download className="inline-flex min-h-11 w-fit items-center rounded-lg border border-line px-3 text-sm font-semibold hover:bg-muted" data-testid="statement-csv">
        {t("vendor.statements.csv.link")}
      </a>
    </div>
  );
}

export default function VendorStatements({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { weeks, sharePercentNow } = loaderData;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:py-10">
      <h1 className="text-3xl font-bold">{t("vendor.statements.title")}</h1>
      <p className="mt-2 max-w-3xl leading-7 text-fg-muted" data-testid="statement-rule">
        {t("vendor.statements.rule")}{" "}
        {sharePercentNow > 0 ? t("vendor.guide.shareSome", { percent: sharePercentNow }) : t("vendor.guide.shareNone")}{" "}
        <Link to="/vendor/guide#payment" className="font-semibold text-brand-700 underline dark:text-brand-200">{t("vendor.statements.guideLink")}</Link>
      </p>
      {weeks.length === 0 ? (
        <p className="mt-8 rounded-2xl border border-dashed border-line px-4 py-10 text-center text-fg-muted" data-testid="statements-empty">
          {t("vendor.statements.empty")}
        </p>
      ) : (
        <div className="mt-8 grid grid-cols-1 gap-4">
          {weeks.map((week, index) => {
            const heading = (
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h2 className="text-lg font-bold">{t("vendor.statements.weekTitle", { community: week.communityName, date: formatDate(week.pickupDate) })}</h2>
                <PaidBadge week={week} />
                <span className="font-semibold tabular-nums">{t("vendor.statements.yours")} <Price agorot={week.totals.farmer} /></span>
              </span>
            );
            // The newest week open; older ones folded, each a tap away (no script needed).
            return (
              <details key={week.cycleId} open={index === 0} className="min-w-0 rounded-2xl border border-line bg-surface p-4" data-testid="statement-week">
                <summary className="min-h-11 cursor-pointer list-none py-1">{heading}</summary>
                <WeekStatement week={week} />
              </details>
            );
          })}
        </div>
      )}
    </div>
  );
}
