import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import type { Toast } from "~/domain/toast";
import { localeCookie } from "~/web/language.server";
import { redirectWithToast } from "~/web/toast.server";
import { homeFor } from "~/services/users.server";
import { startWebSession } from "./session.server";

/**
 * The end of every way in (password, magic link, external provider, a new market's first
 * admin): a fresh session, a welcome toast (or `toast`), and the person's landing page
 * (choosing a community first when they have none).
 */
export async function completeSignIn(request: Request, db: Db, user: User, redirectTo?: string, toast?: Omit<Toast, "id">) {
  const cookie = await startWebSession(db, user.id);
  // The member's saved language follows them to a new device.
  const headers = new Headers({ "Set-Cookie": cookie });
  headers.append("Set-Cookie", await localeCookie.serialize(user.language));
  // A community is a shopper's: a farmer or an admin without one goes straight to their own page.
  const destination = redirectTo ?? (user.communityId || user.role !== "USER" ? homeFor(user) : "/onboarding/community");
  return redirectWithToast(
    request,
    destination,
    toast ?? { variant: "success", title: "auth.welcomeBack", values: { name: user.firstName || user.email.split("@")[0] } },
    { headers },
  );
}
