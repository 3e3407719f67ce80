import type { RouterContextProvider } from "react-router";
import { dbContext } from "~/context";
import type { User } from "~/db/schema";
import { getInstance } from "~/middleware/i18next.server";
import { apiError } from "~/services/http.server";
import { authenticateRequest } from "./session.server";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The API caller, by bearer token or cookie; otherwise a 401 answer to return. A write that
 * rides on the cookie must come from our own origin (a bearer token cannot be sent cross-site
 * by a browser on its own, a cookie can).
 */
export async function requireApiUser(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<{ user: User } | { response: Response }> {
  const i18n = getInstance(context);
  const { user, via } = await authenticateRequest(context.get(dbContext), request);
  if (!user) return { response: apiError(401, i18n.t("errors.unauthorized")) };
  if (via === "cookie" && !SAFE_METHODS.has(request.method) && !sameOrigin(request)) {
    return { response: apiError(403, i18n.t("errors.badOrigin")) };
  }
  return { user };
}

function sameOrigin(request: Request): boolean {
  const origin = request.headers.get("Origin");
  if (!origin) return false;
  try {
    // Behind a proxy the request URL is the internal one; the forwarded host is the public one.
    const expected = request.headers.get("X-Forwarded-Host") ?? new URL(request.url).host;
    return new URL(origin).host === expected;
  } catch {
    return false;
  }
}
