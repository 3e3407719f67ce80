import { requireVendor } from "~/auth/vendor-guard.server";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { farmerStatements, statementCsv } from "~/services/farmer-statement.server";
import type { Route } from "./+types/vendor-statement-csv";

/** GET /vendor/statements/{cycleId}.csv: one closed week's statement as a spreadsheet; another farmer's week is not found. */
export function loader({ url, params, context }: Route.LoaderArgs) {
  const { vendor } = requireVendor(context, url);
  const week = farmerStatements(context.get(dbContext), vendor.id).find((w) => w.cycleId === params.cycleId);
  if (!week) throw new Response("Not found", { status: 404, headers: { "Cache-Control": "no-store" } });
  return new Response(statementCsv(week, getTranslate(context)), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="statement-${week.pickupDate.toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
    },
  });
}
