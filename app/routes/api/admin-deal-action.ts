import { methodNotAllowed } from "~/auth/api.server";
import { withApiAdmin } from "~/auth/admin-guard.server";
import { editorDealJson, takeDealAction } from "~/services/deal-editor.server";
import { SendBackSchema } from "~/domain/deal-schema";
import { DEAL_ACTIONS, type DealAction } from "~/domain/deal-status";
import { dealActionNeedsConfirmation, isApiConfirmed } from "~/domain/confirm";
import { apiError, confirmationRequired, readJsonObject, validationError } from "~/web/http.server";
import type { Route } from "./+types/admin-deal-action";

/** POST /api/admin/deals/{id}/activate | sendBack ({note}) | end | archive ({"confirmed": "yes"}) */
export function action({ request, url, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiAdmin(context, request, async ({ db, i18n, user }) => {
    const action = params.action as DealAction;
    if (!(DEAL_ACTIONS as readonly string[]).includes(action) || action === "submit") return apiError(404, i18n.t("errors.notFound"));
    const body = await readJsonObject(request);
    if (dealActionNeedsConfirmation(action) && !isApiConfirmed(url, body)) return confirmationRequired(i18n);
    let note: string | undefined;
    if (action === "sendBack") {
      const parsed = SendBackSchema.safeParse(body ?? {});
      if (!parsed.success) return validationError(i18n, parsed.error, 422);
      note = parsed.data.note;
    }
    return Response.json(editorDealJson(takeDealAction(db, { role: "ADMIN", userId: user.id }, params.id, action, note)), { headers: { "Cache-Control": "no-store" } });
  });
}

export function loader() {
  return methodNotAllowed();
}
