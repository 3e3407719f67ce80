import { methodNotAllowed, parseJsonBody, withApiUser } from "~/auth/api.server";
import { SettingsApiSchema } from "~/domain/profile-schemas";
import { updateSettings } from "~/services/profile.server";
import { publicUser } from "~/services/users.server";
import type { Route } from "./+types/user-settings";

/** PUT /api/user/settings { emailNotifications, smsNotifications, pushNotifications, language }: the updated user. */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed();
  return withApiUser(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, SettingsApiSchema);
    if ("response" in body) return body.response;
    return Response.json(publicUser(updateSettings(db, user.id, body.data)));
  });
}
