import { useTranslation } from "~/components/use-translation";
import { data, Link } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { Confirm } from "~/components/confirm";
import { Price } from "~/components/price";
import { StatusBadge } from "~/components/status-badge";
import { dbContext } from "~/context";
import { getInstance } from "~/web/i18next.server";
import { formatAdminDate } from "~/domain/dates";
import { fulfillCycle } from "~/services/order-lifecycle.server";
import { cycleSummary, fulfillableCount, packingTotals, pickupList } from "~/services/packing.server";
import { isConfirmed } from "~/domain/confirm";
import { readForm } from "~/web/form.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/admin-cycle";

export function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const db = context.get(dbContext);
  const cycle = cycleSummary(db, params.id);
  if (!cycle) throw data(null, { status: 404 });
  return {
    title: `${getInstance(context).t("adminCycles.pickupList")} · ${cycle.communityName}`,
    cycle,
    pickup: pickupList(db, cycle.id),
    packing: packingTotals(db, cycle.id),
    fulfillable: fulfillableCount(db, cycle.id),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

/**
 * "Mark all as fulfilled": works without JavaScript (a confirmed form POST). Without the
 * confirmation nothing moves and the page comes back with the question open (400).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, request);
  if (!isConfirmed(await readForm(request))) return data({ confirmFulfill: true }, { status: 400 });
  const count = fulfillCycle(context.get(dbContext), admin.id, params.id);
  return redirectWithToast(request, `/admin/cycles/${params.id}`, { variant: "success", title: "adminCycles.fulfilled", values: { count } });
}

export default function AdminCycle({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { cycle, pickup, packing, fulfillable } = loaderData;
  const cell = "px-3 py-2 text-start";
  return (
    <section className="mx-auto grid max-w-6xl grid-cols-1 gap-6 px-4 py-10 print:py-0">
      <Link to="/admin/cycles" className="text-sm text-fg-muted hover:underline print:hidden">{t("adminCycles.back")}</Link>
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">{cycle.communityName}</h1>
          <p className="text-sm text-fg-muted" dir="auto">
            {t("adminCycles.deadline")}: {formatAdminDate(cycle.orderDeadline, true)} · {t("adminCycles.pickup")}: {formatAdminDate(cycle.pickupDate, true)} · {t("adminCycles.ordersCount", { count: pickup.length })}
          </p>
        </div>
        <div className="flex flex-wrap items-start gap-2 print:hidden">
          <a href={`/admin/cycles/${cycle.id}/csv?list=pickup`} className="rounded-lg border border-line px-3 py-2 text-sm hover:bg-muted" download>{t("adminCycles.pickupList")} · {t("adminCycles.csv")}</a>
          <a href={`/admin/cycles/${cycle.id}/csv?list=packing`} className="rounded-lg border border-line px-3 py-2 text-sm hover:bg-muted" download>{t("adminCycles.packingList")} · {t("adminCycles.csv")}</a>
          {fulfillable > 0 ? (
            <Confirm
              label={t("backOffice.confirm.fulfill.label", { count: fulfillable })}
              title={t("adminCycles.fulfillConfirmTitle")}
              text={t("backOffice.confirm.fulfill.text", { count: fulfillable })}
              confirmLabel={t("backOffice.confirm.fulfill.yes", { count: fulfillable })}
              cancelLabel={t("adminCycles.fulfillCancel")}
              open={Boolean(actionData?.confirmFulfill)}
              testId="fulfill-all"
            >
              <input type="hidden" name="intent" value="fulfill-all" />
            </Confirm>
          ) : null}
        </div>
      </header>

      <section className="rounded-2xl border border-line bg-surface p-4">
        <h2 className="text-lg font-bold">{t("adminCycles.packingList")}</h2>
        {packing.length === 0 ? <p className="mt-2 text-fg-muted">{t("adminCycles.empty")}</p> : (
          <table className="mt-3 w-full text-sm" data-testid="packing-list">
            <thead><tr className="border-b border-line"><th className={cell}>{t("adminCycles.product")}</th><th className={cell}>{t("adminCycles.qty")}</th><th className={cell}>{t("adminCycles.orders")}</th></tr></thead>
            <tbody>{packing.map((p) => <tr key={p.dealTitle} className="border-b border-line"><td className={cell}>{p.dealTitle}</td><td className={cell}>{p.qty} {p.unit}</td><td className={cell}>{p.orders}</td></tr>)}</tbody>
          </table>
        )}
      </section>

      <section className="rounded-2xl border border-line bg-surface p-4">
        <h2 className="text-lg font-bold">{t("adminCycles.pickupList")}</h2>
        {pickup.length === 0 ? <p className="mt-2 text-fg-muted">{t("adminCycles.empty")}</p> : (
          <div className="overflow-x-auto">
            <table className="mt-3 w-full text-sm" data-testid="pickup-list">
              <thead>
                <tr className="border-b border-line">
                  {["member", "phone", "how", "place", "product", "qty", "total", "orderStatus"].map((h) => <th key={h} className={cell}>{t(`adminCycles.${h}`)}</th>)}
                </tr>
              </thead>
              <tbody>
                {pickup.map((line) => (
                  <tr key={line.orderId} className="border-b border-line">
                    <td className={cell}>{line.memberName}<span className="block text-xs text-fg-muted" dir="ltr">{line.email}</span></td>
                    <td className={cell} dir="ltr">{line.phone ?? "-"}</td>
                    <td className={cell}>{line.deliveryType === "PICKUP" ? t("shop.delivery.pickup") : t("shop.delivery.delivery")}</td>
                    <td className={cell}>{line.place ?? "-"}</td>
                    <td className={cell}>{line.dealTitle}</td>
                    <td className={cell}>{line.qty}</td>
                    <td className={cell}><Price agorot={line.total} /></td>
                    <td className={cell}><StatusBadge status={line.status} /></td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </section>
  );
}
