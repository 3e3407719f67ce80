import { getInstance } from "~/middleware/i18next.server";
import { apiError } from "~/services/http.server";
import type { Route } from "./+types/not-found";

// Unknown /api paths answer JSON 404, not the HTML not-found page.
export function loader({ context }: Route.LoaderArgs) {
  return apiError(404, getInstance(context).t("errors.notFound"));
}
export function action({ context }: Route.ActionArgs) {
  return apiError(404, getInstance(context).t("errors.notFound"));
}
