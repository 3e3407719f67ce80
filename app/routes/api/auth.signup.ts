import { dbContext } from "~/context";
import { hitRateLimit, rateLimitKeys } from "~/auth/rate-limit.server";
import { issueApiToken } from "~/auth/session.server";
import { getTranslator } from "~/web/language.server";
import { SignupApiSchema } from "~/domain/account-schemas";
import { answer, apiError, readJsonObject, validationError } from "~/web/http.server";
import { registerUser } from "~/auth/accounts.server";
import { publicUser } from "~/services/users.server";
import type { Route } from "./+types/auth.signup";

export async function action({ request, context }: Route.ActionArgs) {
  const i18n = getTranslator(context);
  if (request.method !== "POST") return apiError(405, "Method Not Allowed");
  const body = await readJsonObject(request);
  if (!body) return apiError(400, i18n.t("validation.invalidJson"));
  const parsed = SignupApiSchema.safeParse(body);
  if (!parsed.success) return validationError(i18n, parsed.error);
  const db = context.get(dbContext);
  const limit = hitRateLimit(db, "signup", rateLimitKeys(context));
  if (!limit.allowed) return apiError(429, i18n.t("errors.tooManyAttempts", { minutes: limit.retryAfterMinutes }));
  return answer(i18n, async () => {
    // An optional neighbour's invitation code; a bad one never blocks the sign-up.
    const user = await registerUser(db, parsed.data, { refCode: body.refCode });
    const token = issueApiToken(db, user.id);
    return Response.json(
      { token, userId: user.id, user: publicUser(user), needsCommunitySetup: !user.communityId },
      { status: 201 },
    );
  });
}
