import { requireVendor } from "~/auth/vendor-guard.server";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { vendorDashboard, vendorPackingCsv } from "~/services/vendor-dashboard.server";
import type { Route } from "./+types/vendor-packing-csv";

/** GET /vendor/dashboard/packing.csv: the current cycle's packing totals as a spreadsheet. */
export function loader({ url, context }: Route.LoaderArgs) {
  const { vendor } = requireVendor(context, url);
  const csv = vendorPackingCsv(vendorDashboard(context.get(dbContext), vendor.id), getTranslate(context));
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="packing-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
