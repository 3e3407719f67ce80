import { requireApiUser } from "~/auth/api.server";
import { dbContext } from "~/context";
import { getInstance } from "~/middleware/i18next.server";
import { CommunityChoiceSchema } from "~/services/account-schemas";
import { answer, apiError, readJsonObject, validationError } from "~/services/http.server";
import { publicUser, setUserCommunity } from "~/services/users.server";
import type { Route } from "./+types/auth.user";

/** GET /api/auth/user: who the token or cookie belongs to; 401 when nobody. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const auth = await requireApiUser(context, request);
  if ("response" in auth) return auth.response;
  return Response.json(publicUser(auth.user), { headers: { "Cache-Control": "no-store" } });
}

/** PATCH /api/auth/user { communityId }: join or move community. */
export async function action({ request, context }: Route.ActionArgs) {
  const i18n = getInstance(context);
  if (request.method !== "PATCH") return apiError(405, "Method Not Allowed");
  const auth = await requireApiUser(context, request);
  if ("response" in auth) return auth.response;
  const body = await readJsonObject(request);
  if (!body) return apiError(400, i18n.t("validation.invalidJson"));
  const parsed = CommunityChoiceSchema.safeParse(body);
  if (!parsed.success) return validationError(i18n, parsed.error);
  return answer(i18n, () => {
    const user = setUserCommunity(context.get(dbContext), auth.user.id, parsed.data.communityId);
    return Response.json(publicUser(user));
  });
}
