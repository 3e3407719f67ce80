import { dbContext } from "~/context";
import { clearRateLimit, hitRateLimit, rateLimitKeys } from "~/auth/rate-limit.server";
import { issueApiToken } from "~/auth/session.server";
import { getTranslator } from "~/web/language.server";
import { LoginSchema } from "~/domain/account-schemas";
import { apiError, readJsonObject, validationError } from "~/web/http.server";
import { verifyLogin } from "~/auth/accounts.server";
import { publicUser } from "~/services/users.server";
import type { Route } from "./+types/auth.login";

export async function action({ request, context }: Route.ActionArgs) {
  const i18n = getTranslator(context);
  if (request.method !== "POST") return apiError(405, "Method Not Allowed");
  const body = await readJsonObject(request);
  if (!body) return apiError(400, i18n.t("validation.invalidJson"));
  const parsed = LoginSchema.safeParse(body);
  if (!parsed.success) return validationError(i18n, parsed.error);
  const db = context.get(dbContext);
  const limit = hitRateLimit(db, "login", rateLimitKeys(context, parsed.data.email));
  if (!limit.allowed) return apiError(429, i18n.t("errors.tooManyAttempts", { minutes: limit.retryAfterMinutes }));
  const user = await verifyLogin(db, parsed.data.email, parsed.data.password);
  if (!user) return apiError(401, i18n.t("validation.invalidCredentials"));
  clearRateLimit(db, "login", `email:${user.email}`);
  const token = issueApiToken(db, user.id);
  return Response.json({ token, userId: user.id, user: publicUser(user) });
}
