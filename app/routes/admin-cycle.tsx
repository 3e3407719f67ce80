import { useTranslation } from "~/components/use-translation";
import { useUnitName } from "~/components/use-unit-name";
import { data, Form, Link } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { AdminErrorBoundary } from "~/components/admin-error-boundary";
import { forbiddenTitle } from "~/components/forbidden-title";
import { Confirm } from "~/components/confirm";
import { Price } from "~/components/price";
import { dbContext } from "~/context";
import { getTranslator, getTranslate } from "~/web/language.server";
import { formatAdminDate } from "~/domain/dates";
import { fulfillCycle } from "~/services/order-lifecycle.server";
import { cycleSummary, fulfillableCount, packingTotals } from "~/services/packing.server";
import { pickupDay } from "~/services/pickup-day.server";
import { isConfirmed } from "~/domain/confirm";
import { formatTimeRange } from "~/domain/time";
import { redirectWithToast } from "~/web/toast.server";
import { readForm } from "~/web/form.server";
import { deadlineInputValue, hasMinimum, parseDeadlineInput, weekState } from "~/domain/week-minimum";
import { ServiceError } from "~/domain/errors";
import { closeWeekNow, moveWeekDeadline } from "~/services/week-control.server";
import { setWeekPaid, weekStatements } from "~/services/farmer-statement.server";
import { formatDate } from "~/domain/dates";
import { WeekControl, type WeekControlReply } from "~/components/week-control";
import type { Route } from "./+types/admin-cycle";
import { ScrollBox } from "~/components/scroll-box";

export function loader({ url, params, context }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const db = context.get(dbContext);
  const i18n = getTranslator(context);
  const cycle = cycleSummary(db, params.id);
  if (!cycle) throw data(null, { status: 404 });
  // An open week's state before its deadline, and what its deadline field starts from (issue #45).
  const open = cycle.isActive
    ? {
        state: weekState({ revenue: cycle.currentRevenue, minimum: cycle.targetRevenue, opensAt: cycle.openedAt, orderDeadline: cycle.orderDeadline }, new Date()),
        deadlineInput: deadlineInputValue(cycle.orderDeadline),
        cancelsIfClosedNow: hasMinimum(cycle.targetRevenue) && cycle.currentRevenue < cycle.targetRevenue,
      }
    : null;
  return {
    title: `${i18n.t("adminCycles.pickupList")} · ${cycle.communityName}`,
    cycle,
    open,
    // Issue #17: one row per shopper at each pickup point, not one per order line.
    places: pickupDay(db, cycle.id, i18n.language),
    packing: packingTotals(db, cycle.id),
    fulfillable: fulfillableCount(db, cycle.id),
    // What each farmer is owed for a closed week, and whether she has been paid (issue #49).
    payouts: cycle.isActive
      ? []
      : weekStatements(db, cycle.id).map(({ vendorId, vendorName, totals, payout, shareBasisPoints }) => ({ vendorId, vendorName, totals, payout, shareBasisPoints })),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [{ title: loaderData?.title ?? forbiddenTitle(error) }];

/**
 * The week page's forms, by `intent`, each working without JavaScript (a confirmed form POST):
 * "mark all as fulfilled", and on an open week "close now" and "move the deadline" (issue #45).
 * Without the confirmation nothing changes and the page comes back with the question open (400);
 * a refused deadline comes back with its reason beside the field.
 */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  const db = context.get(dbContext);
  const form = await readForm(request);
  const intent = form.get("intent");
  const page = `/admin/cycles/${params.id}`;
  if (intent === "fulfill-all") {
    if (!isConfirmed(form)) return data({ confirmFulfill: true }, { status: 400 });
    const count = fulfillCycle(db, admin.id, params.id);
    return redirectWithToast(request, page, { variant: "success", title: "adminCycles.fulfilled", values: { count } });
  }
  if (intent === "payout") {
    try {
      const paid = form.get("paid") === "1";
      setWeekPaid(db, admin.id, params.id, String(form.get("vendorId") ?? ""), paid);
      return redirectWithToast(request, page, { variant: "success", title: paid ? "adminCycles.payouts.markedPaid" : "adminCycles.payouts.markedUnpaid" });
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      return redirectWithToast(request, page, { variant: "destructive", title: error.messageKey });
    }
  }
  if (intent !== "close-now" && intent !== "move-deadline") return data({ error: getTranslate(context)("adminCycles.pickupDay.errors.badAction") }, { status: 400 });
  const reply = (status: number, error?: string, value?: string) => data<WeekControlReply>({ weekControl: { intent, error, value } }, { status });
  if (!isConfirmed(form)) return reply(400, undefined, String(form.get("orderDeadline") ?? ""));
  try {
    if (intent === "close-now") {
      closeWeekNow(db, admin.id, params.id);
      return redirectWithToast(request, page, { variant: "success", title: "adminCycles.control.closed" });
    }
    const raw = String(form.get("orderDeadline") ?? "");
    const deadline = parseDeadlineInput(raw);
    if (!deadline) return reply(400, "adminCycles.control.errors.invalid", raw);
    moveWeekDeadline(db, admin.id, params.id, deadline);
    return redirectWithToast(request, page, { variant: "success", title: "adminCycles.control.moved" });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return reply(error.status, error.messageKey, String(form.get("orderDeadline") ?? ""));
  }
}

export default function AdminCycle({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const unitName = useUnitName();
  const { cycle, places, packing, fulfillable, open, payouts } = loaderData;
  const weekReply = actionData && "weekControl" in actionData ? actionData.weekControl : undefined;
  const shoppers = places.flatMap((place) => place.shoppers);
  const orderCount = shoppers.reduce((n, s) => n + s.items.filter((i) => !i.noShow).length, 0);
  const cell = "px-3 py-2 text-start";
  return (
    <section className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 print:py-0">
      <Link to="/admin/cycles" className="text-sm text-fg-muted hover:underline print:hidden">{t("adminCycles.back")}</Link>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">{cycle.communityName}</h1>
          <p className="text-sm text-fg-muted" dir="auto">
            {t("adminCycles.deadline")}: {formatAdminDate(cycle.orderDeadline, true)} · {t("adminCycles.pickup")}: {formatAdminDate(cycle.pickupDate, true)} · {t("adminCycles.ordersCount", { count: orderCount })}
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2 print:hidden">
          {shoppers.length > 0 ? (
            <Link to={`/admin/cycles/${cycle.id}/pickup`} className="rounded-lg bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">{t("adminCycles.pickupDay.open")}</Link>
          ) : null}
          <a href={`/admin/cycles/${cycle.id}/csv?list=pickup`} className="rounded-lg border border-line px-3 py-2 text-sm hover:bg-muted" download>{t("adminCycles.pickupList")} · {t("adminCycles.csv")}</a>
          <a href={`/admin/cycles/${cycle.id}/csv?list=packing`} className="rounded-lg border border-line px-3 py-2 text-sm hover:bg-muted" download>{t("adminCycles.packingList")} · {t("adminCycles.csv")}</a>
          {fulfillable > 0 ? (
            <Confirm
              label={t("backOffice.confirm.fulfill.label", { count: fulfillable })}
              title={t("adminCycles.fulfillConfirmTitle")}
              text={t("backOffice.confirm.fulfill.text", { count: fulfillable })}
              confirmLabel={t("backOffice.confirm.fulfill.yes", { count: fulfillable })}
              cancelLabel={t("adminCycles.fulfillCancel")}
              open={Boolean(actionData && "confirmFulfill" in actionData)}
              testId="fulfill-all"
            >
              <input type="hidden" name="intent" value="fulfill-all" />
            </Confirm>
          ) : null}
        </div>
      </header>

      {open ? <WeekControl cycle={cycle} open={open} reply={weekReply} /> : null}

      <section className="rounded-2xl border border-line bg-surface p-4">
        <h2 className="text-lg font-bold">{t("adminCycles.packingList")}</h2>
        {packing.length === 0 ? <p className="mt-2 text-fg-muted">{t("adminCycles.empty")}</p> : (
          <table className="mt-3 w-full text-sm" data-testid="packing-list">
            <thead><tr className="border-b border-line"><th className={cell}>{t("adminCycles.product")}</th><th className={cell}>{t("adminCycles.qty")}</th><th className={cell}>{t("adminCycles.orders")}</th></tr></thead>
            <tbody>{packing.map((p) => <tr key={p.dealTitle} className="border-b border-line"><td className={cell}>{p.dealTitle}</td><td className={cell}>{p.qty} {unitName(p.unit, p.qty)}</td><td className={cell}>{p.orders}</td></tr>)}</tbody>
          </table>
        )}
      </section>

      {cycle.isActive ? null : (
        <section className="rounded-2xl border border-line bg-surface p-4 print:hidden" aria-labelledby="payouts-title" data-testid="payouts">
          <h2 id="payouts-title" className="text-lg font-bold">{t("adminCycles.payouts.title")}</h2>
          <p className="mt-1 text-sm text-fg-muted">{t("adminCycles.payouts.text")}</p>
          {payouts.length === 0 ? <p className="mt-2 text-fg-muted">{t("adminCycles.payouts.empty")}</p> : (
            <ScrollBox label={t("adminCycles.payouts.title")}>
              <table className="mt-3 w-full text-sm">
                <thead>
                  <tr className="border-b border-line">
                    {["vendor", "paidByShoppers", "share", "owed", "state"].map((h) => <th key={h} className={cell}>{t(`adminCycles.payouts.${h}`)}</th>)}
                  </tr>
                </thead>
                <tbody>
                  {payouts.map((row) => (
                    <tr key={row.vendorId} className="border-b border-line align-top" data-testid="payout-row">
                      <td className={cell}><bdi>{row.vendorName}</bdi></td>
                      <td className={`${cell} tabular-nums`}><Price agorot={row.totals.paid} /></td>
                      <td className={`${cell} tabular-nums`}><Price agorot={row.totals.share} /> ({row.shareBasisPoints / 100}%)</td>
                      <td className={`${cell} font-semibold tabular-nums`}><Price agorot={row.totals.farmer} /></td>
                      <td className={cell}>
                        <Form method="post" className="flex flex-wrap items-center gap-2">
                          <input type="hidden" name="intent" value="payout" />
                          <input type="hidden" name="vendorId" value={row.vendorId} />
                          <input type="hidden" name="paid" value={row.payout ? "0" : "1"} />
                          <span data-testid={row.payout ? "payout-paid" : "payout-unpaid"}>
                            {row.payout ? t("adminCycles.payouts.paidOn", { date: formatDate(row.payout.paidAt) }) : t("adminCycles.payouts.notPaid")}
                          </span>
                          <button type="submit" className="min-h-11 rounded-lg border border-line px-3 text-sm font-semibold hover:bg-muted" data-testid="payout-toggle">
                            {row.payout ? t("adminCycles.payouts.markUnpaid") : t("adminCycles.payouts.markPaid")}
                          </button>
                        </Form>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          )}
        </section>
      )}

      <section className="rounded-2xl border border-line bg-surface p-4">
        <h2 className="text-lg font-bold">{t("adminCycles.pickupList")}</h2>
        {places.length === 0 ? <p className="mt-2 text-fg-muted">{t("adminCycles.empty")}</p> : (
          <div className="mt-3 grid grid-cols-1 gap-5" data-testid="pickup-list">
            {places.map((place) => (
              <div key={place.key} className="min-w-0" data-testid="pickup-list-place">
                <h3 className="font-bold">
                  {place.deliveryType === "PICKUP" ? <bdi>{place.address}</bdi> : t("adminCycles.pickupDay.homeDelivery")}
                  {place.hours ? <span className="ms-2 text-sm font-normal text-fg-muted">{formatTimeRange(place.hours.start, place.hours.end)}</span> : null}
                </h3>
                <p className="text-sm text-fg-muted">
                  {t("adminCycles.pickupDay.shoppers", { count: place.shoppers.length })}
                  {place.due > 0 ? <> · {t("adminCycles.pickupDay.toCollect")}: <Price agorot={place.due} /></> : null}
                </p>
                <ScrollBox label={place.deliveryType === "PICKUP" && place.address ? place.address : t("adminCycles.pickupDay.homeDelivery")}>
                  <table className="mt-2 w-full text-sm">
                    <thead>
                      <tr className="border-b border-line">
                        {["member", "phone", "product", "total", "orderStatus"].map((h) => <th key={h} className={cell}>{t(`adminCycles.${h}`)}</th>)}
                      </tr>
                    </thead>
                    <tbody>
                      {place.shoppers.map((shopper) => (
                        <tr key={shopper.userId} className="border-b border-line align-top" data-testid="pickup-list-shopper">
                          <td className={cell}>
                            <bdi>{shopper.memberName}</bdi>
                            <span className="block text-xs text-fg-muted" dir="ltr">{shopper.email}</span>
                            {shopper.deliveryAddress ? <span className="block text-xs text-fg-muted"><bdi>{shopper.deliveryAddress}</bdi></span> : null}
                          </td>
                          <td className={cell} dir="ltr">{shopper.phone ?? "-"}</td>
                          <td className={cell}>
                            <ul>
                              {shopper.items.map((item) => (
                                <li key={item.orderId} className={item.noShow ? "line-through" : ""}><bdi>{item.dealTitle}</bdi> · {item.qty} <bdi>{unitName(item.unit, item.qty)}</bdi></li>
                              ))}
                            </ul>
                          </td>
                          <td className={cell}>
                            <Price agorot={shopper.total} />
                            {shopper.due > 0 && shopper.due !== shopper.total ? <span className="block text-xs text-fg-muted">{t("adminCycles.pickupDay.due")}: <Price agorot={shopper.due} /></span> : null}
                          </td>
                          <td className={cell}>{t(`adminCycles.pickupDay.states.${shopper.state}`)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </ScrollBox>
              </div>
            ))}
          </div>
        )}
      </section>
    </section>
  );
}

/** A shopper or vendor gets the admins-only page, as on every admin page; a missing cycle its 404. */
export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}
