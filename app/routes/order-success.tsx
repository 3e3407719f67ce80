import { useTranslation } from "~/components/use-translation";
import { NAME_SLOT, withName } from "~/components/with-name";
import { PartyIcon } from "~/components/icons";
import { Link, redirect } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { OrderPlaceLine } from "~/components/checkout-parts";
import { Confetti } from "~/components/confetti";
import { Price } from "~/components/price";
import { StatusBadge } from "~/components/status-badge";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { orderNumber } from "~/domain/order-status";
import { findOrdersForUser } from "~/services/orders.server";
import { communityDelivery } from "~/services/communities.server";
import { deliveryPhrases } from "~/domain/delivery";
import { formatShekel } from "~/domain/money";
import { checkoutOf } from "~/services/order-lifecycle.server";
import type { Route } from "./+types/order-success";
import { paymentKey } from "~/domain/order-words";

/** A checkout places one order per cart line; the cart holds far fewer than this. */
const MAX_ORDERS = 100;

/** /order-success?orderId=…&orderId=…: every order of the checkout (the first id is the spec's). */
export function loader({ url, context }: Route.LoaderArgs) {
  const ids = [...new Set(url.searchParams.getAll("orderId").filter(Boolean))].slice(0, MAX_ORDERS);
  if (ids.length === 0) throw redirect("/");
  const user = requireUser(context, url);
  const db = context.get(dbContext);
  const rows = findOrdersForUser(db, user.id, ids);
  if (rows.length === 0) throw redirect("/orders");
  // A delivery: when it arrives, as the order's community promises it (issue #45).
  const delivered = rows.find((row) => row.order.deliveryType === "DELIVERY");
  const settings = delivered ? communityDelivery(db, delivered.order.communityId) : null;
  return {
    title: getTranslate(context)("shop.success.metaTitle"),
    number: orderNumber(rows[0]!.order.id),
    orders: rows.map((row) => ({ ...row, number: orderNumber(row.order.id) })),
    total: rows.reduce((sum, row) => sum + row.order.total, 0),
    // One printable document for the whole checkout (issue #47); each order keeps its own too.
    checkoutReceipt: `/checkouts/${checkoutOf(rows[0]!.order)}/receipt`,
    // An order placed for delivery is delivered even if the community turned delivery off since.
    deliveryTime: settings ? deliveryPhrases({ ...settings, enabled: true }, (agorot) => formatShekel(agorot, "he")).time : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export default function OrderSuccess({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { orders, total } = loaderData;
  return (
    <section className="mx-auto max-w-xl px-4 py-10">
      <Confetti />
      <div className="text-center">
        <PartyIcon className="mx-auto size-14 text-brand-600 dark:text-brand-200" />
        <h1 className="mt-4 text-3xl font-bold">{t("shop.success.title")}</h1>
        <p className="mt-2 text-fg-muted">{t("purchase.success.placed", { count: orders.length })}</p>
      </div>
      <ul className="mt-6 grid gap-3">
        {orders.map((row) => (
          <li key={row.order.id} className="grid gap-1 rounded-2xl border border-line bg-surface p-4" data-testid="success-order">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <Link to={`/orders/${row.order.id}`} className="font-semibold hover:underline" data-testid="order-number">
                {t("shop.success.orderNumber", { number: row.number })}
              </Link>
              <StatusBadge status={row.order.status} deliveryType={row.order.deliveryType} />
            </div>
            <p className="flex justify-between gap-3">
              <span className="min-w-0">{withName(t("purchase.lineItem.titleAndQty", { title: NAME_SLOT, qty: row.order.qty }), row.dealTitle)}</span>
              <Price agorot={row.order.total} className="shrink-0 font-semibold" />
            </p>
            <p className="text-sm text-fg-muted"><OrderPlaceLine row={row} /></p>
          </li>
        ))}
      </ul>
      <p className="mt-4 flex justify-between rounded-2xl border border-line bg-surface p-4 text-lg font-bold">
        <span>{t("shop.delivery.total")}</span>
        <Price agorot={total} className="shrink-0" />
      </p>
      <p className="mt-3 text-center text-fg-muted">{t("shop.success.payment", { method: t(paymentKey(orders[0]?.order.deliveryType ?? "PICKUP")) })}</p>
      <p className="mt-2 text-center">
        <Link to={loaderData.checkoutReceipt} className="text-sm underline" data-testid="checkout-receipt-link">{t("printableOrder.checkoutLink")}</Link>
      </p>
      <div className="mt-8 rounded-2xl border border-line bg-surface p-5 text-start">
        <h2 className="font-semibold">{t("shop.success.nextTitle")}</h2>
        <ol className="mt-2 grid list-decimal gap-1 ps-5 text-sm leading-6">
          <li>{t("shop.success.next1")}</li>
          <li>{t("shop.success.next2")}</li>
          <li>{t("shop.success.next3")}</li>
          {loaderData.deliveryTime ? <li data-testid="success-delivery-time">{t(loaderData.deliveryTime.key, loaderData.deliveryTime.values)}</li> : null}
          <li>{t("purchase.success.changeUntil")}</li>
        </ol>
      </div>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/orders" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white">{t("shop.success.orders")}</Link>
        <Link to="/" className="rounded-lg border border-line px-5 py-2.5 font-semibold hover:bg-muted">{t("shop.success.home")}</Link>
        <Link to={`/contact?order=${loaderData.number}`} className="rounded-lg border border-line px-5 py-2.5 font-semibold hover:bg-muted">{t("shop.success.contact")}</Link>
      </div>
    </section>
  );
}
