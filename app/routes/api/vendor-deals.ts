import { methodNotAllowed, parseJsonBody } from "~/auth/api.server";
import { withApiVendor } from "~/auth/vendor-guard.server";
import { createDeal, dealListRowJson, editorDealJson, listVendorDeals } from "~/services/deal-editor.server";
import { DealFormSchema } from "~/domain/deal-schema";
import type { Route } from "./+types/vendor-deals";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/vendor/deals: the calling vendor's own deals, last changed first. */
export function loader({ request, context }: Route.LoaderArgs) {
  return withApiVendor(context, request, ({ db, vendor }) => Response.json(listVendorDeals(db, vendor.id).map(dealListRowJson), { headers: NO_STORE }));
}

/** POST /api/vendor/deals: a new DRAFT (JSON; pictures go to /api/vendor/deals/{id}/images). */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiVendor(context, request, async ({ db, i18n, user, vendor }) => {
    const parsed = await parseJsonBody(request, i18n, DealFormSchema);
    if ("response" in parsed) return parsed.response;
    const created = await createDeal(db, { role: "VENDOR", userId: user.id, vendorId: vendor.id }, parsed.data);
    return Response.json(editorDealJson(created), { status: 201, headers: NO_STORE });
  });
}
