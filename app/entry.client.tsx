// The browser's start: React Router's own, after the page's strings have come (they are a file
// of their own, app/translation-files.ts; the first-paint starter has already asked for it).
// If they cannot come, the page stays as the server rendered it: every form and link works
// without scripts.
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { loadTranslationFile, setCurrentTranslationsBase } from "./translation-files";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

/**
 * The spec (accounts-admin.md, start-up): the page removes any registered service worker and
 * clears the caches. We register none; one left by an earlier app on this origin (or an old
 * version) would otherwise keep answering with stale pages. After the page's own work, idle.
 */
function forgetOldOfflineCopies() {
  navigator.serviceWorker?.getRegistrations().then((registrations) => registrations.forEach((registration) => registration.unregister()), () => {});
  if (typeof caches !== "undefined") caches.keys().then((names) => names.forEach((name) => caches.delete(name)), () => {});
}

const translationsUrl = document.querySelector<HTMLMetaElement>('meta[name="translations"]')?.content;
if (!translationsUrl) hydrate();
else {
  setCurrentTranslationsBase(translationsUrl.slice(0, translationsUrl.lastIndexOf("/") + 1));
  loadTranslationFile(translationsUrl).then(hydrate, (error: unknown) => console.error("The page's strings did not load; it stays as the server sent it.", error));
}
if (typeof requestIdleCallback === "function") requestIdleCallback(forgetOldOfflineCopies, { timeout: 5000 });
else setTimeout(forgetOldOfflineCopies, 1000);
