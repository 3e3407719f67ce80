import { methodNotAllowed, parseJsonBody } from "~/auth/api.server";
import { hitRateLimit, rateLimitKeys } from "~/auth/rate-limit.server";
import { dbContext } from "~/context";
import { getTranslator } from "~/web/language.server";
import { EmailOnlySchema } from "~/domain/account-schemas";
import { publicOrigin } from "~/config.server";
import { sendMagicLink, sendPasswordReset } from "~/auth/email-sign-in.server";
import { apiError } from "~/web/http.server";
import type { Route } from "./+types/auth.magic-link";

/**
 * POST /api/auth/magic-link and POST /api/auth/password/reset/request { email }: the same
 * answer whether or not the address has an account.
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const i18n = getTranslator(context);
  const body = await parseJsonBody(request, i18n, EmailOnlySchema);
  if ("response" in body) return body.response;
  const db = context.get(dbContext);
  const reset = url.pathname.includes("/password/");
  const limit = hitRateLimit(db, reset ? "password-reset" : "magic-link", rateLimitKeys(context, body.data.email));
  if (!limit.allowed) return apiError(429, i18n.t("errors.tooManyAttempts", { minutes: limit.retryAfterMinutes }));
  await (reset ? sendPasswordReset : sendMagicLink)(db, i18n, body.data.email, publicOrigin());
  return Response.json({ sent: true, email: body.data.email });
}
