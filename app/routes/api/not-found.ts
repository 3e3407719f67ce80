import { getTranslate } from "~/web/language.server";
import { apiError } from "~/web/http.server";
import type { Route } from "./+types/not-found";

// Unknown /api paths answer JSON 404, not the HTML not-found page.
export function loader({ context }: Route.LoaderArgs) {
  return apiError(404, getTranslate(context)("errors.notFound"));
}
export function action({ context }: Route.ActionArgs) {
  return apiError(404, getTranslate(context)("errors.notFound"));
}
