import { isRouteErrorResponse } from "react-router";

/**
 * The page title for a thrown 403: the admin and vendor guards (auth/admin-guard.server.ts,
 * auth/vendor-guard.server.ts) put it in the refusal's data, since a page's own loader data,
 * where its title usually comes from, is not there when its guard refused.
 */
export function forbiddenTitle(error: unknown): string | undefined {
  return isRouteErrorResponse(error) ? (error.data as { title?: string } | null)?.title : undefined;
}
