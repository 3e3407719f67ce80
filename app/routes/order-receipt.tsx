import { useTranslation } from "~/components/use-translation";
import { data, Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { BusinessLines, PlaceLine, PrintButton } from "~/components/receipt-parts";
import { Price } from "~/components/price";
import { dbContext } from "~/context";
import { getLocale, getTranslate } from "~/web/language.server";
import { VAT_PERCENT } from "~/domain/business";
import { formatDateTime } from "~/domain/dates";
import { formatShekel } from "~/domain/money";
import { orderNumber } from "~/domain/order-status";
import { checkoutOf } from "~/services/order-lifecycle.server";
import { receiptFor } from "~/services/receipt.server";
import { receiptBusiness } from "./receipt-business.server";
import type { Route } from "./+types/order-receipt";

// No hydration: the page is plain HTML. The print button is the one thing that needs a script
// (components/receipt-parts.tsx).
export const handle = { hydrate: false };

export function loader({ url, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, url);
  const t = getTranslate(context);
  const db = context.get(dbContext);
  const receipt = receiptFor(db, user.id, params.id);
  if (!receipt) throw data(null, { status: 404 });
  // "Receipt" only once the order is paid; until then it is an order summary (issue #47).
  const heading = t(receipt.kind === "receipt" ? "printableOrder.receiptTitle" : "printableOrder.summaryTitle");
  return {
    title: `${heading} ${orderNumber(receipt.order.id)} | ${t("app.name")}`,
    heading,
    ...receipt,
    checkoutId: checkoutOf(receipt.order),
    buyer: user.name ?? user.email,
    business: receiptBusiness(db, getLocale(context)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

/** The invoice button's printable receipt (DESIGN.md). */
export default function Receipt({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { order, dealTitle, dealUnit, basePrice, vendorName, buyer, lineTotal, savings, vat, business, heading, kind } = loaderData;
  const row = "flex flex-wrap justify-between gap-x-4 py-1";
  return (
    <section className="receipt mx-auto grid max-w-2xl gap-6 px-4 py-10 print:max-w-none print:py-0">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold" data-testid="receipt-heading">{heading}</h1>
          <p className="text-fg-muted" dir="auto">{t("receipt.number", { number: orderNumber(order.id) })}</p>
          {kind === "summary" ? <p className="mt-1 text-sm text-fg-muted">{t("printableOrder.summaryNote")}</p> : null}
        </div>
        <div className="print:hidden">
          <PrintButton />
        </div>
      </header>

      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div data-testid="receipt-seller">
          <dt className="font-semibold">{t("receipt.sellerTitle")}</dt>
          <dd>{t("receipt.soldBy")}: <bdi>{vendorName}</bdi></dd>
          <BusinessLines business={business} />
        </div>
        <div>
          <dt className="font-semibold">{t("receipt.buyer")}</dt>
          <dd><bdi>{buyer}</bdi></dd>
          <dt className="mt-2 font-semibold">{t("receipt.issuedAt")}</dt>
          <dd>{formatDateTime(order.createdAt, i18n.language)}</dd>
          <dd className="mt-2" data-testid="receipt-place">
            <PlaceLine place={loaderData} />
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
      <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm print:hidden">
        <Link to={`/orders/${order.id}`} className="underline">{t("receipt.back")}</Link>
        <Link to={`/checkouts/${loaderData.checkoutId}/receipt`} className="underline" data-testid="checkout-receipt-link">
          {t(kind === "receipt" ? "printableOrder.checkoutReceiptLink" : "printableOrder.checkoutLink")}
        </Link>
      </p>
    </section>
  );
}
