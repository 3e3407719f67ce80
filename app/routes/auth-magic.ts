import { completeSignIn } from "~/auth/sign-in.server";
import { dbContext } from "~/context";
import { signInWithMagicLink } from "~/services/email-sign-in.server";
import { redirectWithToast } from "~/services/toast.server";
import type { Route } from "./+types/auth-magic";

/** GET /auth/magic?token=: the link from the e-mail signs the person in (once, within 15 min). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const db = context.get(dbContext);
  const user = token ? signInWithMagicLink(db, token) : null;
  if (!user) {
    return redirectWithToast(request, "/login?tab=magic", { variant: "destructive", title: "errors.title", description: "auth.linkInvalid" });
  }
  return completeSignIn(request, db, user);
}
