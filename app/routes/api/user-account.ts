import { methodNotAllowed, parseJsonBody, withApiUser } from "~/auth/api.server";
import { confirmAndDeleteAccount } from "~/auth/account-deletion.server";
import { AccountDeletionSchema } from "~/domain/account-deletion";
import type { Route } from "./+types/user-account";

/**
 * DELETE /api/user/account { password } or { confirm: "delete" }: the same deletion as /settings
 * (issue #16). 204 when done (every session and token of the account is gone with it); 400 for
 * a wrong password or word, 409 for the last admin or open orders.
 */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "DELETE") return methodNotAllowed();
  return withApiUser(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, AccountDeletionSchema);
    if ("response" in body) return body.response;
    await confirmAndDeleteAccount(db, user, body.data);
    return new Response(null, { status: 204 });
  });
}
