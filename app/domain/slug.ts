// Deal addresses (/deals/:slug) made from titles. Hebrew titles keep their letters, so a
// Hebrew deal gets a readable Hebrew address instead of an empty or random one. Pure.

/** Long enough for any sensible title; URLs stay short. */
export const SLUG_MAX_LENGTH = 80;
/** When a title has nothing usable (only emoji or punctuation). */
export const FALLBACK_SLUG = "deal";

/**
 * "Cherry Tomatoes, 1 K\"G!" -> "cherry-tomatoes-1-kg". Keeps Hebrew letters, a-z and 0-9; niqqud
 * and accents are dropped, quote marks vanish (so a Hebrew abbreviation with a gershayim stays
 * one word), anything else becomes a single dash, with none at either end.
 */
export function slugify(text: string): string {
  const slug = text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['"\u2018\u2019\u201C\u201D\u05F3\u05F4`]/g, "")
    .replace(/[^a-z0-9\u05D0-\u05EA]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX_LENGTH)
    .replace(/-+$/, "");
  return slug || FALLBACK_SLUG;
}

/** The slug itself when free, else the first of slug-2, slug-3 ... that nobody has. */
export function firstFreeSlug(base: string, isTaken: (slug: string) => boolean): string {
  if (!isTaken(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX_LENGTH - suffix.length).replace(/-+$/, "")}${suffix}`;
    if (!isTaken(candidate)) return candidate;
  }
}
