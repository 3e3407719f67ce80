import { data, redirect } from "react-router";
import { dbContext, userContext } from "~/context";
import { isLanguage, withoutLanguageParam } from "~/domain/language";
import { updateLanguage } from "~/services/profile.server";
import { readForm } from "~/web/form.server";
import { getTranslate, localeCookie } from "~/web/language.server";
import { safeRedirect } from "~/web/safe-redirect";
import type { Route } from "./+types/language";

/**
 * POST /language (issue #47): the header's and footer's switch, a plain form for everyone. It
 * keeps the choice in the lng cookie for the visit, saves it on a signed-in person's account
 * (sign-in sets the cookie from it), and goes back to the same page: a same-site path only,
 * without a `?lng=` that would outvote the choice there.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const language = form.get("lng");
  // Only a hand-made request sends another value: refused, nothing changed.
  if (!isLanguage(language)) throw data(getTranslate(context)("languageSwitch.invalid"), { status: 400 });
  const user = context.get(userContext);
  if (user && user.language !== language) updateLanguage(context.get(dbContext), user.id, language);
  const back = safeRedirect(withoutLanguageParam(String(form.get("redirectTo") ?? "/")));
  return redirect(back, { headers: { "Set-Cookie": await localeCookie.serialize(language) } });
}

// Nothing changes on GET: visiting /language only leads home.
export function loader() {
  return redirect("/");
}
