import { useTranslation } from "~/components/use-translation";
import { data, Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { Price } from "~/components/price";
import { dbContext } from "~/context";
import { getInstance } from "~/web/i18next.server";
import { formatDateTime } from "~/domain/dates";
import { orderNumber } from "~/domain/order-status";
import { findOrderForUser } from "~/services/orders.server";
import type { Route } from "./+types/order-receipt";

export const handle = { hydrate: false };

export function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const t = getInstance(context).t;
  const found = findOrderForUser(context.get(dbContext), user.id, params.id);
  if (!found) throw data(null, { status: 404 });
  return { title: `${t("shop.order.receiptTitle")} ${orderNumber(found.order.id)}`, ...found, buyer: user.name ?? user.email };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

/** The invoice button's printable receipt (DESIGN.md): plain HTML, no script. */
export default function Receipt({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { order, dealTitle, buyer } = loaderData;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10 print:py-0">
      <h1 className="text-2xl font-bold">{t("shop.order.receiptTitle")} · {orderNumber(order.id)}</h1>
      <p className="text-sm text-fg-muted">{t("app.name")} · {formatDateTime(order.createdAt, i18n.language)} · {buyer}</p>
      <table className="mt-6 w-full text-sm">
        <thead>
          <tr className="border-b border-line text-start"><th className="py-2 text-start">{t("shop.order.product")}</th><th className="text-start">{t("shop.order.qty")}</th><th className="text-start">{t("shop.order.unitPrice")}</th></tr>
        </thead>
        <tbody>
          <tr className="border-b border-line"><td className="py-2">{dealTitle}</td><td>{order.qty}</td><td><Price agorot={order.unitPriceAtPurchase} /></td></tr>
        </tbody>
      </table>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-1 text-sm">
        <dt>{t("shop.order.deliveryFee")}</dt><dd><Price agorot={order.deliveryFee} /></dd>
        <dt className="font-bold">{t("shop.order.total")}</dt><dd className="font-bold"><Price agorot={order.total} /></dd>
      </dl>
      <p className="mt-6 text-xs text-fg-muted">{t("footer.rights", { year: new Date(order.createdAt).getFullYear() })}</p>
      <Link to={`/orders/${order.id}`} className="mt-6 inline-block text-sm underline print:hidden">{t("shop.order.back")}</Link>
    </section>
  );
}
