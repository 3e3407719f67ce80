import { useTranslation } from "~/components/use-translation";
import { data, Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { BusinessLines, PlaceLine, PrintButton } from "~/components/receipt-parts";
import { Price } from "~/components/price";
import { dbContext } from "~/context";
import { getLocale, getTranslate } from "~/web/language.server";
import { VAT_PERCENT } from "~/domain/business";
import { formatDateTime } from "~/domain/dates";
import { orderNumber } from "~/domain/order-status";
import { checkoutReceiptFor } from "~/services/receipt.server";
import { receiptBusiness } from "./receipt-business.server";
import type { Route } from "./+types/checkout-receipt";

// One printable document for a whole checkout (issue #47): a checkout places one order per
// product, each with its number and its own receipt, and she wants one paper for what she bought.
// Plain HTML like the one-order receipt (routes/order-receipt.tsx).
export const handle = { hydrate: false };

export function loader({ url, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, url);
  const t = getTranslate(context);
  const db = context.get(dbContext);
  // Someone else's checkout, or none: not found, never "forbidden".
  const checkout = checkoutReceiptFor(db, user.id, params.id);
  if (!checkout) throw data(null, { status: 404 });
  const heading = t(checkout.kind === "receipt" ? "printableOrder.receiptTitle" : "printableOrder.summaryTitle");
  return {
    title: `${heading} | ${t("app.name")}`,
    heading,
    ...checkout,
    groups: checkout.groups.map((group) => ({ ...group, lines: group.lines.map((line) => ({ ...line, number: orderNumber(line.order.id) })) })),
    orderCount: checkout.groups.reduce((sum, group) => sum + group.lines.length, 0),
    buyer: user.name ?? user.email,
    business: receiptBusiness(db, getLocale(context)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export default function CheckoutReceipt({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { heading, kind, groups, place, placedAt, orderCount, droppedCount, goods, savings, deliveryFee, total, vat, buyer, business } = loaderData;
  const row = "flex flex-wrap justify-between gap-x-4 py-1";
  return (
    <section className="receipt mx-auto grid max-w-2xl gap-6 px-4 py-10 print:max-w-none print:py-0" data-testid="checkout-receipt">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold" data-testid="receipt-heading">{heading}</h1>
          <p className="text-fg-muted">{t("printableOrder.checkoutNumber", { count: orderCount, date: formatDateTime(placedAt, i18n.language) })}</p>
          {kind === "summary" ? <p className="mt-1 text-sm text-fg-muted">{t("printableOrder.summaryNote")}</p> : null}
        </div>
        <div className="print:hidden">
          <PrintButton />
        </div>
      </header>

      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div data-testid="receipt-seller">
          <dt className="font-semibold">{t("receipt.sellerTitle")}</dt>
          <dd>{t("receipt.soldBy")}: {groups.map((group, index) => <span key={group.vendorName}>{index > 0 ? ", " : null}<bdi>{group.vendorName}</bdi></span>)}</dd>
          <BusinessLines business={business} />
        </div>
        <div>
          <dt className="font-semibold">{t("receipt.buyer")}</dt>
          <dd><bdi>{buyer}</bdi></dd>
          <dd className="mt-2" data-testid="receipt-place"><PlaceLine place={place} /></dd>
        </div>
      </dl>

      {groups.map((group) => (
        <table key={group.vendorName} className="w-full text-sm" data-testid="receipt-group">
          <caption className="pb-1 text-start font-semibold"><bdi>{group.vendorName}</bdi></caption>
          <thead>
            <tr className="border-b border-line">
              <th className="py-2 text-start">{t("shop.order.product")}</th>
              <th className="px-2 text-start">{t("shop.order.qty")}</th>
              <th className="px-2 text-start">{t("shop.order.unitPrice")}</th>
              <th className="text-end">{t("receipt.lineTotal")}</th>
            </tr>
          </thead>
          <tbody>
            {group.lines.map((line) => (
              <tr key={line.order.id} className="border-b border-line">
                <td className="py-2">
                  <bdi>{line.dealTitle}</bdi>
                  <span className="block text-xs text-fg-muted" dir="auto">{t("printableOrder.orderLink", { number: line.number })}</span>
                </td>
                <td className="px-2"><span dir="auto">{line.order.qty} <bdi>{line.dealUnit}</bdi></span></td>
                <td className="px-2"><Price agorot={line.order.unitPriceAtPurchase} /></td>
                <td className="text-end" data-testid="receipt-line-total"><Price agorot={line.lineTotal} /></td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={3} className="py-2 font-semibold">{t("printableOrder.vendorSubtotal", { vendor: group.vendorName })}</td>
              <td className="text-end font-semibold" data-testid="receipt-group-subtotal"><Price agorot={group.subtotal} /></td>
            </tr>
          </tfoot>
        </table>
      ))}

      <div className="text-sm">
        {orderCount === 0 ? <p className="py-1">{t("printableOrder.nothingLeft")}</p> : null}
        {droppedCount > 0 && orderCount > 0 ? <p className="py-1 text-fg-muted" data-testid="receipt-dropped">{t("printableOrder.dropped", { count: droppedCount })}</p> : null}
        <p className={row}><span>{t("printableOrder.goods")}</span><span data-testid="receipt-goods"><Price agorot={goods} /></span></p>
        {savings > 0 ? (
          <p className={`${row} font-semibold text-brand-700 dark:text-brand-200`}>
            <span>{t("receipt.savings")}</span>
            <span data-testid="receipt-savings"><Price agorot={savings} /></span>
          </p>
        ) : null}
        <p className={row}><span>{t("receipt.deliveryFee")}</span><span data-testid="receipt-delivery-fee"><Price agorot={deliveryFee} /></span></p>
        <p className={`${row} border-t border-line pt-2 text-base font-bold`}><span>{t("receipt.total")}</span><span data-testid="receipt-total"><Price agorot={total} /></span></p>
        <p className={row}>
          <span>{t("receipt.vat", { percent: VAT_PERCENT })}</span>
          <span data-testid="receipt-vat"><Price agorot={vat} /></span>
        </p>
        <p className="mt-2 text-xs text-fg-muted">{t("receipt.vatNote")}</p>
      </div>

      {business.receiptFooter ? <p className="whitespace-pre-line text-xs text-fg-muted" dir="auto" data-testid="receipt-footer">{business.receiptFooter}</p> : null}
      <Link to="/orders" className="text-sm underline print:hidden">{t("printableOrder.back")}</Link>
    </section>
  );
}
