import { startWebSession } from "~/auth/session.server";
import { dbContext } from "~/context";
import { signInWithMagicLink } from "~/services/email-sign-in.server";
import { redirectWithToast } from "~/services/toast.server";
import { homeFor } from "~/services/users.server";
import type { Route } from "./+types/auth-magic";

/** GET /auth/magic?token=: the link from the e-mail signs the person in (once, within 15 min). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const db = context.get(dbContext);
  const user = token ? signInWithMagicLink(db, token) : null;
  if (!user) {
    return redirectWithToast(request, "/login?tab=magic", { variant: "destructive", title: "errors.title", description: "auth.linkInvalid" });
  }
  const cookie = await startWebSession(db, user.id);
  return redirectWithToast(
    request,
    user.communityId ? homeFor(user) : "/onboarding/community",
    { variant: "success", title: "auth.welcomeBack", values: { name: user.firstName || user.email.split("@")[0] } },
    { headers: { "Set-Cookie": cookie } },
  );
}
