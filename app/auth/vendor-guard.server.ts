// Who may use the vendor area: a VENDOR account linked to its `vendors` row (issue #7).
import { data, type RouterContextProvider } from "react-router";
import { dbContext } from "~/context";
import type { User } from "~/db/schema";
import { getTranslate } from "~/web/language.server";
import { vendorOfUser, type Vendor } from "~/services/vendors.server";
import { apiError } from "~/web/http.server";
import { withApiUser, type ApiCall } from "./api.server";
import { requireUser } from "./guards.server";

export type { Vendor };

type Ctx = Readonly<RouterContextProvider>;

/**
 * The signed-in vendor and its `vendors` row. A guest goes to /login and comes back; anyone
 * else (a USER, an ADMIN, a VENDOR with no linked row) gets a thrown 403 for the error boundary.
 */
export function requireVendor(context: Ctx, url: URL): { user: User; vendor: Vendor } {
  const user = requireUser(context, url);
  const vendor = vendorOfUser(context.get(dbContext), user);
  if (vendor) return { user, vendor };
  const t = getTranslate(context);
  throw data({ title: `${t("vendor.forbidden.title")} | ${t("app.name")}` }, { status: 403 });
}

/** Like withApiUser, for a linked VENDOR only: a guest gets 401, anyone else 403. */
export function withApiVendor(
  context: Ctx,
  request: Request,
  handle: (call: ApiCall & { vendor: Vendor }) => Response | Promise<Response>,
): Promise<Response> {
  return withApiUser(context, request, (call) => {
    const vendor = vendorOfUser(call.db, call.user);
    return vendor ? handle({ ...call, vendor }) : apiError(403, call.i18n.t("vendor.errors.forbidden"));
  });
}
