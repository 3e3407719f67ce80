import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { redirectWithToast } from "~/services/toast.server";
import { homeFor } from "~/services/users.server";
import { startWebSession } from "./session.server";

/**
 * The end of every way in (password, magic link, external provider): a fresh session, a
 * welcome toast, and the person's landing page (choosing a community first when they have none).
 */
export async function completeSignIn(request: Request, db: Db, user: User, redirectTo?: string) {
  const cookie = await startWebSession(db, user.id);
  const destination = redirectTo ?? (user.communityId ? homeFor(user) : "/onboarding/community");
  return redirectWithToast(
    request,
    destination,
    { variant: "success", title: "auth.welcomeBack", values: { name: user.firstName || user.email.split("@")[0] } },
    { headers: { "Set-Cookie": cookie } },
  );
}
