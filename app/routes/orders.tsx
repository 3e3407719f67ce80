import { useTranslation } from "~/components/use-translation";
import { Form, Link } from "react-router";
import { Price } from "~/components/price";
import { dbContext, userContext } from "~/context";
import { ORDER_STATUSES } from "~/domain/enums";
import { getTranslate } from "~/web/language.server";
import { formatDate, formatDay } from "~/domain/dates";
import { orderNumber } from "~/domain/order-status";
import { groupByWeek, ORDER_SORTS, parseOrderQuery, type OrderSort } from "~/domain/order-query";
import { OrderPlaceLine } from "~/components/checkout-parts";
import { listOrderRows, type OrderListRow } from "~/services/orders.server";
import { StatusBadge } from "~/components/status-badge";
import { MessageScreen } from "~/components/message-screen";
import type { Route } from "./+types/orders";
import { orderStatusKey } from "~/domain/order-words";

export function loader({ url, context }: Route.LoaderArgs) {
  const t = getTranslate(context);
  const user = context.get(userContext);
  const query = parseOrderQuery(url.searchParams);
  const rows = user ? listOrderRows(context.get(dbContext), user.id, query) : [];
  return {
    title: t("shop.orders.metaTitle"),
    signedIn: Boolean(user),
    query,
    // What each week and row shows, and nothing more.
    weeks: shownWeeksOf(rows, query.sort),
  };
}

/** The weeks as the page shows them. */
function shownWeeksOf(rows: readonly OrderListRow[], sort: OrderSort): ShownWeek[] {
  return groupByWeek(rows, sort).map((week) => ({ cycleId: week.cycleId, weekStartDate: week.weekStartDate, pickupDate: isoOrNull(week.pickupDate), rows: week.rows.map(shownRow) }));
}

const isoOrNull = (date: Date | null) => date?.toISOString() ?? null;

/** What the list shows of an order: the same on the server and, parsed from JSON, in the browser. */
function shownRow(row: OrderListRow) {
  const { id, createdAt, qty, status, total, deliveryType, deliveryAddress } = row.order;
  return Object.freeze({
    order: Object.freeze({ id, createdAt: createdAt.toISOString(), qty, status, total, deliveryType, deliveryAddress }),
    dealTitle: row.dealTitle,
    dealImage: row.dealImages[0] ?? null,
    communityName: row.communityName,
    pointAddress: row.pointAddress,
    pointDays: row.pointDays,
    orderDeadline: isoOrNull(row.orderDeadline),
    pointStartTime: row.pointStartTime,
    pointEndTime: row.pointEndTime,
    pickupDate: isoOrNull(row.pickupDate),
  });
}

type ShownRow = ReturnType<typeof shownRow>;
type ShownWeek = { readonly cycleId: string; readonly weekStartDate: string | null; readonly pickupDate: string | null; readonly rows: readonly ShownRow[] };

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

const SORT_LABELS: Record<OrderSort, string> = {
  date_desc: "shop.orders.sortDateDesc",
  date_asc: "shop.orders.sortDateAsc",
  amount_desc: "shop.orders.sortAmountDesc",
  amount_asc: "shop.orders.sortAmountAsc",
};

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, signedIn } = loaderData;
  const weeks = loaderData.weeks;
  if (!signedIn) {
    return <MessageScreen title={t("shop.orders.title")} text={t("shop.orders.loginPrompt")} linkTo="/login?redirect=/orders" linkLabel={t("shop.orders.loginButton")} />;
  }
  const filtering = Boolean(query.q || query.status);
  return (
    <section className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("shop.orders.title")}</h1>
      <Form method="get" className="mt-6 grid gap-3 sm:grid-cols-[1fr_auto_auto_auto]">
        <label className="sr-only" htmlFor="orders-q">{t("shop.orders.search")}</label>
        <input id="orders-q" type="search" name="q" defaultValue={query.q} placeholder={t("shop.orders.search")} className="rounded-lg border border-line bg-surface px-3 py-2" dir="auto" />
        <label className="sr-only" htmlFor="orders-status">{t("shop.orders.status")}</label>
        <select id="orders-status" name="status" defaultValue={query.status ?? ""} className="rounded-lg border border-line bg-surface px-3 py-2">
          <option value="">{t("shop.orders.statusAll")}</option>
          {ORDER_STATUSES.map((s) => <option key={s} value={s}>{t(orderStatusKey(s))}</option>)}
        </select>
        <label className="sr-only" htmlFor="orders-sort">{t("shop.orders.sort")}</label>
        <select id="orders-sort" name="sort" defaultValue={query.sort} className="rounded-lg border border-line bg-surface px-3 py-2">
          {ORDER_SORTS.map((s) => <option key={s} value={s}>{t(SORT_LABELS[s])}</option>)}
        </select>
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white">{t("shop.orders.apply")}</button>
      </Form>

      {weeks.length === 0 ? (
        filtering ? (
          <p className="mt-10 text-center text-fg-muted">{t("shop.orders.noMatch")}</p>
        ) : (
          <div className="mt-10 text-center">
            <p className="text-lg font-semibold">{t("shop.orders.emptyTitle")}</p>
            <p className="mt-2 text-fg-muted">{t("shop.orders.emptyText")}</p>
            <Link to="/deals" className="mt-6 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white">{t("shop.orders.emptyCta")}</Link>
          </div>
        )
      ) : (
        <div className="mt-6 grid gap-8">
          <OrderWeeks weeks={weeks} />
        </div>
      )}
    </section>
  );
}

/** The list's weeks, newest or oldest first as asked, each with its pickup day and its orders. */
function OrderWeeks({ weeks }: { weeks: readonly ShownWeek[] }) {
  const { t, i18n } = useTranslation();
  return (
    <>
      {weeks.map((week) => (
        <section key={week.cycleId} aria-labelledby={`week-${week.cycleId}`} data-testid="order-week">
          <h2 id={`week-${week.cycleId}`} className="text-lg font-bold">
            {week.weekStartDate ? t("purchase.orders.week", { date: formatDate(week.weekStartDate, i18n.language) }) : t("purchase.orders.noWeek")}
            {week.pickupDate ? <span className="block text-sm font-normal text-fg-muted">{t("purchase.orders.weekPickup", { day: formatDay(week.pickupDate, i18n.language) })}</span> : null}
          </h2>
          <ul className="mt-3 grid gap-3">
            {week.rows.map((row) => (
              <li key={row.order.id}>
                <OrderRowContent row={row} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** An order in the list: a link to its page with what it is, where and how much. */
function OrderRowContent({ row }: { row: ShownRow }) {
  const { t, i18n } = useTranslation();
  return (
    <Link to={`/orders/${row.order.id}`} className="order-card" data-testid="order-card">
      <img src={row.dealImage ?? "/images/produce/placeholder.svg"} alt="" width={80} height={60} loading="lazy" className="hidden rounded-lg sm:block" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold"><bdi>{row.dealTitle}</bdi></p>
        <p className="text-sm text-fg-muted">
          {/* One text: React separates adjacent texts with a comment each, four a row. */}
          {`${t("shop.orders.number", { number: orderNumber(row.order.id) })} · ${formatDate(row.order.createdAt, i18n.language)} · ${t("shop.orders.qty", { qty: row.order.qty })}`}
        </p>
        <p className="text-sm text-fg-muted"><OrderPlaceLine row={row} /></p>
      </div>
      <div className="order-card-end">
        <StatusBadge status={row.order.status} deliveryType={row.order.deliveryType} />
        <Price agorot={row.order.total} className="font-semibold" />
      </div>
    </Link>
  );
}
