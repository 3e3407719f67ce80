import { z } from "zod";
import { methodNotAllowed, parseJsonBody, withApiUser } from "~/auth/api.server";
import { publicOrigin } from "~/config.server";
import { getOrCreateInviteLink, myInvitations, myInvitationsJson } from "~/services/referrals.server";
import type { Route } from "./+types/referrals";

const CreateLinkSchema = z.object({ dealId: z.string({ error: "referrals.errors.dealNotFound" }).trim().min(1, { error: "referrals.errors.dealNotFound" }).optional() });

/** GET /api/referrals: my links and how they are doing (joined, their revenue this week, the next tier's gap). */
export function loader({ request, context }: Route.LoaderArgs) {
  return withApiUser(context, request, ({ db, user }) => Response.json(myInvitationsJson(myInvitations(db, user, publicOrigin()))));
}

/** POST /api/referrals { dealId? }: my link for my community or for the deal, made once and reused. */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiUser(context, request, async ({ db, i18n, user }) => {
    // An empty body asks for the community link.
    const text = await request.clone().text();
    const body = text.trim() ? await parseJsonBody(request, i18n, CreateLinkSchema) : { data: {} as z.infer<typeof CreateLinkSchema> };
    if ("response" in body) return body.response;
    return Response.json(getOrCreateInviteLink(db, user, publicOrigin(), body.data.dealId));
  });
}
