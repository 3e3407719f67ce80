import { data } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { dbContext } from "~/context";
import { getTranslator, getTranslate } from "~/web/language.server";
import { toCsv } from "~/domain/csv";
import { formatAdminDate } from "~/domain/dates";
import { toDecimalString } from "~/domain/money";
import { cycleSummary, packingTotals } from "~/services/packing.server";
import { pickupDay } from "~/services/pickup-day.server";
import type { Route } from "./+types/admin-cycle-csv";

/** GET /admin/cycles/{id}/csv?list=pickup|packing: the lists as a spreadsheet. */
export function loader({ url, params, context }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const db = context.get(dbContext);
  const t = getTranslate(context);
  const cycle = cycleSummary(db, params.id);
  if (!cycle) throw data(null, { status: 404 });
  const list = url.searchParams.get("list") === "packing" ? "packing" : "pickup";
  const h = (key: string) => t(`adminCycles.${key}`);
  const csv =
    list === "packing"
      ? toCsv([h("product"), h("qty"), h("orders")], packingTotals(db, cycle.id).map((p) => [p.dealTitle, `${p.qty} ${p.unit}`, p.orders]))
      : // One row per shopper at each place (issue #17), her items in one cell.
        toCsv(
          [h("place"), h("member"), h("phone"), h("product"), h("total"), t("adminCycles.pickupDay.due"), h("orderStatus")],
          pickupDay(db, cycle.id, getTranslator(context).language).flatMap((place) =>
            place.shoppers.map((s) => [
              place.deliveryType === "PICKUP" ? place.address : `${t("shop.delivery.delivery")}: ${s.deliveryAddress ?? ""}`,
              s.memberName,
              s.phone,
              s.items.map((i) => `${i.dealTitle} ${i.qty} ${i.unit}`).join("; "),
              toDecimalString(s.total),
              toDecimalString(s.due),
              t(`adminCycles.pickupDay.states.${s.state}`),
            ]),
          ),
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
