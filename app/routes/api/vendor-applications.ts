import { methodNotAllowed, parseJsonBody, withApiUser } from "~/auth/api.server";
import { apiError } from "~/web/http.server";
import { applicationJson, latestApplicationOf, submitVendorApplication } from "~/services/vendor-applications.server";
import { VendorApplicationSchema } from "~/domain/vendor-schemas";
import type { Route } from "./+types/vendor-applications";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/vendor/applications: the caller's own newest application (404 when none). */
export function loader({ request, context }: Route.LoaderArgs) {
  return withApiUser(context, request, ({ db, i18n, user }) => {
    const application = latestApplicationOf(db, user.id);
    if (!application) return apiError(404, i18n.t("errors.notFound"));
    return Response.json(applicationJson(application), { headers: NO_STORE });
  });
}

/** POST /api/vendor/applications: apply to sell (one pending application per person). */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiUser(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, VendorApplicationSchema);
    if ("response" in body) return body.response;
    const application = submitVendorApplication(db, user, body.data);
    // A filled honeypot: answered like a success, nothing stored.
    if (!application) return Response.json({ ok: true }, { status: 202 });
    return Response.json(applicationJson(application), { status: 201 });
  });
}
