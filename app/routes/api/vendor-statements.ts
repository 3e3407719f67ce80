import { methodNotAllowed } from "~/auth/api.server";
import { withApiVendor } from "~/auth/vendor-guard.server";
import { farmerStatements, statementJson } from "~/services/farmer-statement.server";
import type { Route } from "./+types/vendor-statements";

/** GET /api/vendor/statements: the linked vendor's closed weeks, per pickup point, with what is owed and whether it was paid. */
export function loader({ request, context }: Route.LoaderArgs) {
  return withApiVendor(context, request, ({ db, vendor }) =>
    Response.json(farmerStatements(db, vendor.id).map(statementJson), { headers: { "Cache-Control": "no-store" } }),
  );
}

export function action() {
  return methodNotAllowed();
}
