import { data } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { dbContext } from "~/context";
import { getInstance } from "~/web/i18next.server";
import { toCsv } from "~/domain/csv";
import { formatAdminDate } from "~/domain/dates";
import { toDecimalString } from "~/domain/money";
import { cycleSummary, packingTotals, pickupList } from "~/services/packing.server";
import type { Route } from "./+types/admin-cycle-csv";

/** GET /admin/cycles/{id}/csv?list=pickup|packing: the lists as a spreadsheet. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  requireAdmin(context, request);
  const db = context.get(dbContext);
  const t = getInstance(context).t;
  const cycle = cycleSummary(db, params.id);
  if (!cycle) throw data(null, { status: 404 });
  const list = new URL(request.url).searchParams.get("list") === "packing" ? "packing" : "pickup";
  const h = (key: string) => t(`adminCycles.${key}`);
  const csv =
    list === "packing"
      ? toCsv([h("product"), h("qty"), h("orders")], packingTotals(db, cycle.id).map((p) => [p.dealTitle, `${p.qty} ${p.unit}`, p.orders]))
      : toCsv(
          [h("member"), h("phone"), h("how"), h("place"), h("product"), h("qty"), h("total"), h("orderStatus")],
          pickupList(db, cycle.id).map((l) => [
            l.memberName,
            l.phone,
            l.deliveryType === "PICKUP" ? t("shop.delivery.pickup") : t("shop.delivery.delivery"),
            l.place,
            l.dealTitle,
            l.qty,
            toDecimalString(l.total),
            t(`shop.status.${l.status}`),
          ]),
        );
  const day = formatAdminDate(cycle.pickupDate).replace(/\//g, "-");
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${list}-${day}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
