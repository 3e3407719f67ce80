import { methodNotAllowed, parseJsonBody } from "~/auth/api.server";
import { rateLimitKeys } from "~/auth/rate-limit.server";
import { dbContext } from "~/context";
import { getTranslator } from "~/web/language.server";
import { createAdminWithSecret } from "~/auth/admin-creation.server";
import { AdminCreateApiSchema } from "~/domain/admin-schemas";
import { apiError } from "~/web/http.server";
import type { Route } from "./+types/admin-create";

/**
 * POST /api/admin/create-admin { email, password, secretCode }: open to guests (spec section 6);
 * the secret code (ADMIN_SECRET, or a new market's one-time setup token) is the only key.
 * 201 { email, userId }.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const i18n = getTranslator(context);
  const body = await parseJsonBody(request, i18n, AdminCreateApiSchema);
  if ("response" in body) return body.response;
  const db = context.get(dbContext);
  const result = await createAdminWithSecret(db, body.data, rateLimitKeys(context, body.data.email));
  if (!result.ok) {
    const message = i18n.t(result.messageKey, result.values);
    return apiError(result.status, message, result.field ? [{ path: [result.field], message }] : undefined);
  }
  return Response.json({ email: result.user.email, userId: result.user.id }, { status: 201 });
}

export function loader() {
  return methodNotAllowed();
}
