import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { apiError } from "~/web/http.server";
import { resolveInvite } from "~/services/referrals.server";
import type { Route } from "./+types/referral";

/** GET /api/referrals/{code} (public): who invites, to which community, and the deal if any. */
export function loader({ params, context }: Route.LoaderArgs) {
  const invite = resolveInvite(context.get(dbContext), params.code);
  if (!invite) return apiError(404, getTranslate(context)("referrals.errors.unknownCode"));
  return Response.json(invite);
}
