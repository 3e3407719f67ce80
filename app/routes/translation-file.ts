import { translationFileAt } from "~/web/translation-files.server";
import type { Route } from "./+types/translation-file";

/**
 * GET /i18n/{locale}/{version}/{sections}.json: the strings a page's screens read in the
 * browser (app/translation-files.ts). The address names exactly one content, so browsers and
 * proxies keep it for a year; the same for everyone, signed in or not.
 */
export function loader({ params }: Route.LoaderArgs) {
  const json = translationFileAt(params.locale, params.version, params.file);
  if (json === null) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return new Response(json, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
    },
  });
}
