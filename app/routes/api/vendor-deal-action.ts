import { methodNotAllowed } from "~/auth/api.server";
import { withApiVendor } from "~/auth/vendor-guard.server";
import { editorDealJson, takeDealAction } from "~/services/deal-editor.server";
import { dealActionNeedsConfirmation, isApiConfirmed } from "~/domain/confirm";
import { apiError, confirmationRequired, readJsonObject } from "~/web/http.server";
import type { Route } from "./+types/vendor-deal-action";

/** What a vendor can do to its deal; the state machine still decides whether it may now. */
const VENDOR_ACTIONS = { submit: "submit", end: "end" } as const;

/** POST /api/vendor/deals/{id}/submit | end ({"confirmed": "yes"}: ending cannot be taken back) */
export function action({ request, url, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiVendor(context, request, async ({ db, i18n, user, vendor }) => {
    const action = VENDOR_ACTIONS[params.action as keyof typeof VENDOR_ACTIONS];
    if (!action) return apiError(404, i18n.t("errors.notFound"));
    if (dealActionNeedsConfirmation(action) && !isApiConfirmed(url, await readJsonObject(request))) return confirmationRequired(i18n);
    const deal = takeDealAction(db, { role: "VENDOR", userId: user.id, vendorId: vendor.id }, params.id, action);
    return Response.json(editorDealJson(deal), { headers: { "Cache-Control": "no-store" } });
  });
}

export function loader() {
  return methodNotAllowed();
}
