import { redirectWithToast } from "~/services/toast.server";
import type { Route } from "./+types/external-login";

/**
 * GET /api/login: external sign-in (OAuth2/OIDC, configured by environment variables). Until a
 * provider is configured it returns to /login and says so.
 */
export async function loader({ request }: Route.LoaderArgs) {
  return redirectWithToast(request, "/login?tab=password", {
    variant: "info",
    title: "auth.external",
    description: "auth.externalNotConfigured",
  });
}
