import { withApiAdmin } from "~/auth/admin-guard.server";
import { methodNotAllowed } from "~/auth/api.server";
import { publicOrigin } from "~/config.server";
import { isApiConfirmed } from "~/domain/confirm";
import { apiError, confirmationRequired, readJsonObject, validationError } from "~/web/http.server";
import { applicationJson, decideVendorApplication } from "~/services/vendor-applications.server";
import { ApplicationDecisionSchema, parseDecision } from "~/domain/vendor-schemas";
import type { Route } from "./+types/admin-vendor-application-decision";

/**
 * POST /api/admin/vendor-applications/:id/approve | reject, body {note} (required to reject,
 * with "confirmed": "yes"). A decided application answers 409 and stays as it was.
 */
export function action({ request, url, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiAdmin(context, request, async ({ db, i18n, user }) => {
    const decision = parseDecision(params.decision);
    if (!decision) return apiError(404, i18n.t("errors.notFound"));
    // The body is optional for an approval; an unreadable one counts as empty.
    const body = (await readJsonObject(request)) ?? {};
    if (decision === "reject" && !isApiConfirmed(url, body)) return confirmationRequired(i18n);
    const parsed = ApplicationDecisionSchema.safeParse({ decision, note: body.note ?? undefined });
    if (!parsed.success) return validationError(i18n, parsed.error);
    const application = await decideVendorApplication(db, user, params.id, decision, parsed.data.note, publicOrigin());
    return Response.json(applicationJson(application));
  });
}

export function loader() {
  return methodNotAllowed();
}
