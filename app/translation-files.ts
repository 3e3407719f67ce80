// The strings a page's screens read travel as a file of their own, not inside every document.
// They were a fifth of a signed-in page's HTML (a JSON text inside React Router's stream,
// escaped twice: 36 kB of /profile's 120), encoded and escaped again for every page, and sent
// again with each navigation that reloaded the root's data. A file's address names its
// language, the version of all of that language's strings and the page's sections
// (app/locales/sections.ts), so it never changes: the browser keeps it and asks once.
//
// The root loader gives the base (`/i18n/he/<version>/`); the page's path gives the rest. The
// server renders with the text the root loader kept here; the browser fetches the file before
// it hydrates (entry.client.tsx) and before a navigation that needs other sections shows
// (root.tsx's clientMiddleware).
import { pageSectionsKey } from "./locales/sections";

/** The file of a page's translations under `base`. */
export function translationFileUrl(base: string, pathname: string): string {
  return sectionsFileUrl(base, pageSectionsKey(pathname));
}

/** The file of a set of sections (`pageSectionsKey`) under `base`: its key, or "_" when it names none. */
export function sectionsFileUrl(base: string, key: string): string {
  return `${base}${key || "_"}.json`;
}

/** File texts by address: a few dozen on the server (one per language and set of sections). */
const texts = new Map<string, string>();
const loading = new Map<string, Promise<void>>();

/** Keeps a file's text: the server, for the render of the page whose loader named it. */
export function keepTranslationFile(url: string, json: string) {
  texts.set(url, json);
}

/** A file's text when it is at hand (kept here or loaded), else undefined. */
export function translationFileText(url: string): string | undefined {
  return texts.get(url);
}

/** Loads a file once (the browser); a second call for it waits for the same request. */
export function loadTranslationFile(url: string): Promise<void> {
  if (texts.has(url)) return Promise.resolve();
  let pending = loading.get(url);
  if (!pending) {
    pending = fetch(url, { credentials: "same-origin" })
      .then(async (response) => {
        if (!response.ok) throw new Error(`translations ${url}: ${response.status}`);
        texts.set(url, await response.text());
      })
      .finally(() => loading.delete(url));
    loading.set(url, pending);
  }
  return pending;
}

/** The base of the translations the browser shows now (the last root data's), for the next page. */
let currentBase: string | null = null;

export function currentTranslationsBase(): string | null {
  return currentBase;
}

export function setCurrentTranslationsBase(base: string) {
  currentBase = base;
}
