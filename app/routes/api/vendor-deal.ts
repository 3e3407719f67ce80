import { methodNotAllowed, parseJsonBody } from "~/auth/api.server";
import { withApiVendor } from "~/auth/vendor-guard.server";
import { dealForEditor, editorDealJson, updateDeal } from "~/services/deal-editor.server";
import { DealFormSchema } from "~/domain/deal-schema";
import type { Route } from "./+types/vendor-deal";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/vendor/deals/{id}: one of the caller's deals (another vendor's is a 404). */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return withApiVendor(context, request, ({ db, user, vendor }) =>
    Response.json(editorDealJson(dealForEditor(db, { role: "VENDOR", userId: user.id, vendorId: vendor.id }, params.id)), { headers: NO_STORE }),
  );
}

/** PUT /api/vendor/deals/{id}: new content for a draft that is not waiting for review, or for a live deal within its rule (domain/deal-status.ts, liveFixedFieldChanged). */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed();
  return withApiVendor(context, request, async ({ db, i18n, user, vendor }) => {
    const parsed = await parseJsonBody(request, i18n, DealFormSchema);
    if ("response" in parsed) return parsed.response;
    const updated = await updateDeal(db, { role: "VENDOR", userId: user.id, vendorId: vendor.id }, params.id, parsed.data);
    return Response.json(editorDealJson(updated), { headers: NO_STORE });
  });
}
