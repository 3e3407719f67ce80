import { methodNotAllowed, parseJsonBody, withApiUser } from "~/auth/api.server";
import { ProfileApiSchema } from "~/domain/profile-schemas";
import { updateProfile } from "~/services/profile.server";
import { publicUser } from "~/services/users.server";
import type { Route } from "./+types/user-profile";

/** PUT /api/user/profile { firstName, lastName, email, phone?, profileImageUrl?, name? }: the updated user. */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed();
  return withApiUser(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, ProfileApiSchema);
    if ("response" in body) return body.response;
    return Response.json(publicUser(updateProfile(db, user.id, body.data)));
  });
}
