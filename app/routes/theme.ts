import { data, redirect } from "react-router";
import { safeRedirect } from "~/web/safe-redirect";
import { THEMES } from "~/domain/theme";
import { themeCookie } from "~/web/theme.server";
import type { Route } from "./+types/theme";
import { readForm } from "~/web/form.server";

/** POST /theme: keeps light / dark / system in a cookie and goes back where the form was. */
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const theme = form.get("theme");
  if (typeof theme !== "string" || !(THEMES as readonly string[]).includes(theme)) {
    return data({ ok: false }, { status: 400 });
  }
  const headers = { "Set-Cookie": await themeCookie.serialize(theme) };
  // A fetcher (JavaScript on) needs no redirect; a plain form post goes back to its page.
  if (request.headers.get("Accept")?.includes("text/html")) {
    return redirect(safeRedirect(form.get("redirectTo")), { headers });
  }
  return data({ ok: true, theme }, { headers });
}

export function loader() {
  return redirect("/");
}
