// Which language a visit is shown in (issue #47). A person's own choice (the switch, settings,
// a `?lng=` link) wins; a browser that asks for English before it asks for Hebrew gets English
// on its first visit; everyone else gets Hebrew, the product's language. Pure: the worker's
// guest cache (server/guest-cache.ts) keys pages by the same answer the app renders with.
import { LANGUAGES, type Language } from "./enums";

export const DEFAULT_LANGUAGE: Language = "he";

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}

/** A language tag's primary part as one of ours: "en-GB" is English, "iw" (the old code) Hebrew. */
function languageOfTag(tag: string): Language | null {
  const primary = tag.trim().toLowerCase().split("-")[0];
  if (primary === "iw") return "he";
  return isLanguage(primary) ? primary : null;
}

/** At most this many entries are read: a header is a few; a hostile one is not walked to its end. */
const MAX_ENTRIES = 20;

/**
 * The language of ours an Accept-Language header prefers most, or null when it names neither
 * (or only with q=0). Ties keep the header's order, as browsers list them by preference.
 */
export function preferredLanguage(acceptLanguage: string | null | undefined): Language | null {
  if (!acceptLanguage) return null;
  let best: Language | null = null;
  let bestQ = 0;
  for (const entry of acceptLanguage.split(",").slice(0, MAX_ENTRIES)) {
    const [tag = "", ...params] = entry.split(";");
    const language = languageOfTag(tag);
    if (!language) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (q > bestQ) {
      best = language;
      bestQ = q;
    }
  }
  return best;
}

/** The visit's language: the `?lng=` of the address, else the cookie's, else the browser's, else Hebrew. */
export function resolveLanguage(choice: { query: unknown; cookie: unknown; acceptLanguage: string | null | undefined }): Language {
  if (isLanguage(choice.query)) return choice.query;
  if (isLanguage(choice.cookie)) return choice.cookie;
  return preferredLanguage(choice.acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/**
 * The page to go back to after a change of language, without a `?lng=` in its address (it would
 * win over the new choice on that one page). `path` is already a same-site path; the hash stays.
 */
export function withoutLanguageParam(path: string): string {
  const hashAt = path.indexOf("#");
  const beforeHash = hashAt === -1 ? path : path.slice(0, hashAt);
  const hash = hashAt === -1 ? "" : path.slice(hashAt);
  const queryAt = beforeHash.indexOf("?");
  if (queryAt === -1) return path;
  const params = new URLSearchParams(beforeHash.slice(queryAt + 1));
  if (!params.has("lng")) return path;
  params.delete("lng");
  const query = params.toString();
  return `${beforeHash.slice(0, queryAt)}${query ? `?${query}` : ""}${hash}`;
}
