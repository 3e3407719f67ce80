import { methodNotAllowed, parseJsonBody } from "~/auth/api.server";
import { withApiAdmin } from "~/auth/admin-guard.server";
import { dealForEditor, editorDealJson, updateDeal } from "~/services/deal-editor.server";
import { DealFormSchema } from "~/domain/deal-schema";
import type { Route } from "./+types/admin-deal";

const NO_STORE = { "Cache-Control": "no-store" };

/** GET /api/admin/deals/{id} */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return withApiAdmin(context, request, ({ db, user }) => Response.json(editorDealJson(dealForEditor(db, { role: "ADMIN", userId: user.id }, params.id)), { headers: NO_STORE }));
}

/** PUT /api/admin/deals/{id}: an admin edits any deal that is not archived. */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed();
  return withApiAdmin(context, request, async ({ db, i18n, user }) => {
    const parsed = await parseJsonBody(request, i18n, DealFormSchema);
    if ("response" in parsed) return parsed.response;
    return Response.json(editorDealJson(await updateDeal(db, { role: "ADMIN", userId: user.id }, params.id, parsed.data)), { headers: NO_STORE });
  });
}
