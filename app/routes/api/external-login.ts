import { createExternalAuthenticator, isExternalSignInConfigured } from "~/auth/oauth.server";
import { completeSignIn } from "~/auth/sign-in.server";
import { dbContext } from "~/context";
import { publicOrigin } from "~/config.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/external-login";

/**
 * GET /api/login sends the browser to the provider; the provider sends it back to
 * GET /api/login/callback, which signs the person in. Not configured: back to /login, saying so.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!isExternalSignInConfigured()) {
    return redirectWithToast(request, "/login?tab=password", { variant: "info", title: "auth.external", description: "auth.externalNotConfigured" });
  }
  const db = context.get(dbContext);
  try {
    // On /api/login this throws the redirect to the provider; on the callback it returns the user.
    const { user } = await createExternalAuthenticator(db, publicOrigin()).authenticate("oauth2", request);
    return await completeSignIn(request, db, user);
  } catch (error) {
    if (error instanceof Response) throw error;
    console.warn("external sign-in failed:", error instanceof Error ? error.message : error);
    return redirectWithToast(request, "/login", { variant: "destructive", title: "errors.title", description: "auth.externalFailed" });
  }
}
