import { redirect } from "react-router";
import { endWebSession } from "~/auth/session.server";
import { dbContext } from "~/context";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/logout";

/** POST /logout: deletes the session row and sends the person to /login. */
export async function action({ request, context }: Route.ActionArgs) {
  const clearCookie = await endWebSession(context.get(dbContext), request);
  return redirectWithToast(
    request,
    "/login",
    { variant: "success", title: "auth.loggedOut" },
    { headers: { "Set-Cookie": clearCookie } },
  );
}

// Nothing changes on GET: visiting /logout only leads home.
export function loader() {
  return redirect("/");
}
