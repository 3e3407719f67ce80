// POST /invite: the "invite neighbours" forms of /profile and the deal page make the member's
// link here (for the community, or for `dealId`) and go back where they came from, now showing it.
import { redirect } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { dbContext } from "~/context";
import { publicOrigin } from "~/config.server";
import { ServiceError } from "~/domain/errors";
import { getOrCreateInviteLink } from "~/services/referrals.server";
import { safeRedirect } from "~/web/safe-redirect";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/invite-link";
import { readForm } from "~/web/form.server";

export function loader() {
  return redirect("/profile#invite");
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = requireUser(context, url);
  const formData = await readForm(request);
  const back = safeRedirect(formData.get("redirectTo"), "/profile");
  const dealId = formData.get("dealId");
  try {
    getOrCreateInviteLink(context.get(dbContext), user, publicOrigin(), typeof dealId === "string" && dealId ? dealId : null);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return redirectWithToast(request, back, { variant: "destructive", title: error.messageKey });
  }
  return redirectWithToast(request, `${back.split("#")[0]}#invite`, { variant: "success", title: "referrals.toast.linkReady" });
}
