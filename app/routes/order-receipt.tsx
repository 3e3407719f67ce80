import { useTranslation } from "~/components/use-translation";
import { PickupPointText } from "~/components/pickup-point";
import { data, Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { useNonce } from "~/components/nonce";
import { Price } from "~/components/price";
import { dbContext } from "~/context";
import { getLocale, getTranslate } from "~/web/i18next.server";
import { VAT_PERCENT } from "~/domain/business";
import { publicBusiness } from "~/domain/site-settings";
import { readSiteSettings } from "~/services/site-settings.server";
import { businessId } from "~/config.server";
import { formatDateTime } from "~/domain/dates";
import { formatShekel } from "~/domain/money";
import { orderNumber } from "~/domain/order-status";
import { receiptFor } from "~/services/receipt.server";
import type { Route } from "./+types/order-receipt";

// No hydration: the page is plain HTML. The print button is the one thing that needs a script, a
// few lines of our own (below) instead of the router's bundle; without them the button stays
// hidden and a line says how to print from the browser's menu.
export const handle = { hydrate: false };

export function loader({ url, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, url);
  const t = getTranslate(context);
  const db = context.get(dbContext);
  const receipt = receiptFor(db, user.id, params.id);
  if (!receipt) throw data(null, { status: 404 });
  // The platform's details as the organiser entered them (issue #45); a field not filled in is
  // left off the receipt. BUSINESS_ID still counts for an install that set it before.
  const business = publicBusiness(readSiteSettings(db), getLocale(context));
  return {
    title: `${t("receipt.title")} ${orderNumber(receipt.order.id)} | ${t("app.name")}`,
    ...receipt,
    buyer: user.name ?? user.email,
    business: { ...business, registrationNumber: business.registrationNumber ?? businessId() },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

const PRINT_SCRIPT = `document.querySelectorAll("[data-print]").forEach(function(b){b.hidden=false;b.addEventListener("click",function(){window.print()})});document.querySelectorAll("[data-print-hint]").forEach(function(p){p.hidden=true})`;

/** The invoice button's printable receipt (DESIGN.md). */
export default function Receipt({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const nonce = useNonce();
  const { order, dealTitle, dealUnit, basePrice, vendorName, communityName, pickupAddress, pickupDays, pickupStartTime, pickupEndTime, orderDeadline, buyer, lineTotal, savings, vat, business } = loaderData;
  const row = "flex flex-wrap justify-between gap-x-4 py-1";
  return (
    <section className="receipt mx-auto grid max-w-2xl gap-6 px-4 py-10 print:max-w-none print:py-0">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">{t("receipt.title")}</h1>
          <p className="text-fg-muted" dir="auto">{t("receipt.number", { number: orderNumber(order.id) })}</p>
        </div>
        <div className="print:hidden">
          <button type="button" data-print hidden className="min-h-11 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            {t("receipt.print")}
          </button>
          <p data-print-hint className="max-w-xs text-sm text-fg-muted">{t("receipt.printHint")}</p>
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PRINT_SCRIPT }} />
        </div>
      </header>

      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div data-testid="receipt-seller">
          <dt className="font-semibold">{t("receipt.sellerTitle")}</dt>
          <dd>{t("receipt.soldBy")}: <bdi>{vendorName}</bdi></dd>
          {business.name || business.registrationNumber ? (
            <dd>
              {t("receipt.through")}: {business.name ? <bdi>{business.name}</bdi> : null}
              {business.name && business.registrationNumber ? " · " : null}
              {business.registrationNumber ? <span dir="auto">{t("receipt.businessId", { id: business.registrationNumber })}</span> : null}
            </dd>
          ) : null}
          {business.address ? <dd><bdi>{business.address}</bdi></dd> : null}
          {business.phone || business.email ? (
            <dd>
              {business.phone ? <span dir="ltr">{business.phone.label}</span> : null}
              {business.phone && business.email ? " · " : null}
              {business.email ? <span dir="ltr">{business.email}</span> : null}
            </dd>
          ) : null}
        </div>
        <div>
          <dt className="font-semibold">{t("receipt.buyer")}</dt>
          <dd><bdi>{buyer}</bdi></dd>
          <dt className="mt-2 font-semibold">{t("receipt.issuedAt")}</dt>
          <dd>{formatDateTime(order.createdAt, i18n.language)}</dd>
          <dd className="mt-2" data-testid="receipt-place">
            {order.deliveryType === "PICKUP" ? (
              <>
                {t("receipt.pickupAt", { place: communityName ?? "" })}
                {pickupAddress && pickupDays && pickupStartTime && pickupEndTime ? (
                  <> · <PickupPointText point={{ address: pickupAddress, pickupDays, pickupStartTime, pickupEndTime, instructions: null }} orderDeadline={orderDeadline} /></>
                ) : null}
              </>
            ) : (
              t("receipt.delivery")
            )}
          </dd>
        </div>
      </dl>

      <table className="w-full text-sm">
        <thead>
          <tr className="border-b border-line">
            <th className="py-2 text-start">{t("shop.order.product")}</th>
            <th className="px-2 text-start">{t("shop.order.qty")}</th>
            <th className="px-2 text-start">{t("shop.order.unitPrice")}</th>
            <th className="text-end">{t("receipt.lineTotal")}</th>
          </tr>
        </thead>
        <tbody>
          <tr className="border-b border-line">
            <td className="py-2"><bdi>{dealTitle}</bdi></td>
            <td className="px-2"><span dir="auto">{order.qty} <bdi>{dealUnit}</bdi></span></td>
            <td className="px-2"><Price agorot={order.unitPriceAtPurchase} /></td>
            <td className="text-end" data-testid="receipt-line-total"><Price agorot={lineTotal} /></td>
          </tr>
        </tbody>
      </table>

      <div className="text-sm">
        <p className={row}>
          <span>{t("receipt.basePrice")}</span>
          <span dir="ltr">{t("receipt.basePriceLine", { qty: order.qty, price: formatShekel(basePrice, i18n.language), total: formatShekel(order.originalTotal, i18n.language) })}</span>
        </p>
        {savings > 0 ? (
          <p className={`${row} font-semibold text-brand-700 dark:text-brand-200`}>
            <span>{t("receipt.savings")}</span>
            <span data-testid="receipt-savings"><Price agorot={savings} /></span>
          </p>
        ) : null}
        <p className={row}><span>{t("receipt.deliveryFee")}</span><Price agorot={order.deliveryFee} /></p>
        <p className={`${row} border-t border-line pt-2 text-base font-bold`}><span>{t("receipt.total")}</span><span data-testid="receipt-total"><Price agorot={order.total} /></span></p>
        <p className={row}>
          <span>{t("receipt.vat", { percent: VAT_PERCENT })}</span>
          <span data-testid="receipt-vat"><Price agorot={vat} /></span>
        </p>
        <p className="mt-2 text-xs text-fg-muted">{t("receipt.vatNote")}</p>
      </div>

      {business.receiptFooter ? <p className="whitespace-pre-line text-xs text-fg-muted" dir="auto" data-testid="receipt-footer">{business.receiptFooter}</p> : null}
      <Link to={`/orders/${order.id}`} className="text-sm underline print:hidden">{t("receipt.back")}</Link>
    </section>
  );
}
