import { withApiAdmin } from "~/auth/admin-guard.server";
import { methodNotAllowed } from "~/auth/api.server";
import { replaceTiers } from "~/services/admin-communities.server";
import { TierListSchema, TiersSchema } from "~/domain/admin-community-schemas";
import { apiError, readJsonObject, validationError } from "~/web/http.server";
import { toDecimalString } from "~/domain/money";
import type { Route } from "./+types/admin-community-tiers";

/**
 * PUT /api/admin/communities/{id}/tiers { tiers: [{ minRevenue: "500.00", discountPercent, tierName }] }:
 * replaces the whole set. A body that is not a tier list (a missing or unknown key, a wrong type)
 * gets 400; a list that breaks the tier rules gets 422 with a message per row and field. Either
 * way nothing changes.
 */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed();
  return withApiAdmin(context, request, async ({ db, i18n, user }) => {
    const body = await readJsonObject(request);
    if (!body) return apiError(400, i18n.t("validation.invalidJson"));
    const shape = TierListSchema.safeParse(body);
    if (!shape.success) return validationError(i18n, shape.error);
    const parsed = TiersSchema.safeParse(body);
    if (!parsed.success) return validationError(i18n, parsed.error, 422);
    const tiers = replaceTiers(db, user.id, params.id, parsed.data.tiers);
    return Response.json({ tiers: tiers.map((t) => ({ minRevenue: toDecimalString(t.minRevenue), discountPercent: t.discountPercent, tierName: t.tierName })) });
  });
}

export function loader() {
  return methodNotAllowed();
}
