// Who may use the admin area, and the secret that lets someone become an admin.
import { createHash, timingSafeEqual } from "node:crypto";
import { data, type RouterContextProvider } from "react-router";
import type { User } from "~/db/schema";
import { getTranslate } from "~/web/language.server";
import { apiError } from "~/web/http.server";
import { withApiUser, type ApiCall } from "./api.server";
import { requireUser } from "./guards.server";

type Ctx = Readonly<RouterContextProvider>;

export function isAdmin(user: Pick<User, "role">): boolean {
  return user.role === "ADMIN";
}

/**
 * The signed-in admin. A guest goes to /login and comes back; anyone else gets a thrown 403
 * that the page's error boundary shows as the spec's unauthorized screen.
 */
export function requireAdmin(context: Ctx, url: URL): User {
  const user = requireUser(context, url);
  if (isAdmin(user)) return user;
  const t = getTranslate(context);
  throw data({ title: `${t("admin.forbidden.title")} | ${t("app.name")}` }, { status: 403 });
}

/** Like withApiUser, for ADMIN only: a guest gets 401, any other role 403. */
export function withApiAdmin(
  context: Ctx,
  request: Request,
  handle: (call: ApiCall) => Response | Promise<Response>,
): Promise<Response> {
  return withApiUser(context, request, (call) =>
    isAdmin(call.user) ? handle(call) : apiError(403, call.i18n.t("admin.errors.forbidden")),
  );
}

export type AdminSecretCheck = "ok" | "unset" | "wrong";

/**
 * Compares the code someone typed with the configured one (ADMIN_SECRET) in constant time. Both
 * sides are hashed first so timingSafeEqual always sees 32 bytes and the length does not leak.
 * Unset (or empty), admin creation is refused altogether (DESIGN.md).
 */
export function checkAdminSecret(given: string, configured: string | undefined): AdminSecretCheck {
  if (!configured) return "unset";
  const digest = (value: string) => createHash("sha256").update(value, "utf8").digest();
  return timingSafeEqual(digest(given), digest(configured)) ? "ok" : "wrong";
}
