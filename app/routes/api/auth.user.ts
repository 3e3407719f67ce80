import { methodNotAllowed, parseJsonBody, withApiUser } from "~/auth/api.server";
import { CommunityChoiceSchema } from "~/domain/account-schemas";
import { publicUser, setUserCommunity } from "~/services/users.server";
import type { Route } from "./+types/auth.user";

/** GET /api/auth/user: who the token or cookie belongs to; 401 when nobody. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return withApiUser(context, request, ({ user }) =>
    Response.json(publicUser(user), { headers: { "Cache-Control": "no-store" } }),
  );
}

/** PATCH /api/auth/user { communityId }: join or move community. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed();
  return withApiUser(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, CommunityChoiceSchema);
    if ("response" in body) return body.response;
    return Response.json(publicUser(setUserCommunity(db, user.id, body.data.communityId)));
  });
}
