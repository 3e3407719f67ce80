import { methodNotAllowed } from "~/auth/api.server";
import { withApiAdmin } from "~/auth/admin-guard.server";
import { isConfirmed } from "~/domain/confirm";
import { parseDeadlineInput } from "~/domain/week-minimum";
import { closeWeekNow, moveWeekDeadline, weekJson } from "~/services/week-control.server";
import { answer, apiError, readJsonObject } from "~/web/http.server";
import type { Route } from "./+types/admin-cycle-control";

/**
 * POST /api/admin/cycles/{id}/close { confirmed: "yes" }: closes the open week now, as its
 * deadline would. POST /api/admin/cycles/{id}/deadline { orderDeadline, confirmed: "yes" }: moves
 * it (an ISO instant, or "2026-11-26T20:00" in Israeli time). Without the confirmation: 400 and
 * nothing changes, as on the page (issue #45). Answers the week.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiAdmin(context, request, async ({ db, i18n, user }) => {
    if (params.action !== "close" && params.action !== "deadline") return apiError(404, i18n.t("errors.notFound"));
    const body = await readJsonObject(request);
    if (!body) return apiError(400, i18n.t("validation.invalidJson"));
    if (!isConfirmed({ get: (name) => body[name] })) {
      const message = i18n.t("adminCycles.control.errors.confirm");
      return apiError(400, message, [{ path: ["confirmed"], message }]);
    }
    return answer(i18n, () => {
      if (params.action === "close") return Response.json(weekJson(closeWeekNow(db, user.id, params.id)));
      const deadline = parseDeadlineInput(body.orderDeadline);
      if (!deadline) {
        const message = i18n.t("adminCycles.control.errors.invalid");
        return apiError(400, message, [{ path: ["orderDeadline"], message }]);
      }
      return Response.json(weekJson(moveWeekDeadline(db, user.id, params.id, deadline)));
    });
  });
}

export function loader() {
  return methodNotAllowed();
}
