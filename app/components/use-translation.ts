// Our useTranslation: the i18next instance the root provides, and its `t` for the page's
// language. react-i18next's own hook copies the whole i18next instance on every call during a
// server render (a new wrapper per component, v16), which a profile of signed-in pages put
// first among our own costs (issue #6). We never change language in place (a new language is
// a new instance from the root loader), so the instance from context is all a screen needs, and
// its `t` is translatorOf's: each key's text resolved once (app/i18n.ts).
import { useContext, useMemo } from "react";
import { getI18n, I18nContext } from "react-i18next";
import { translatorOf } from "~/i18n";

export function useTranslation() {
  // Outside the provider (the root's error screen, when the root loader failed): the last
  // instance made, as react-i18next does, or none.
  const i18n = useContext(I18nContext)?.i18n ?? getI18n();
  return useMemo(() => {
    if (!i18n?.isInitialized) return { t: ((key: string) => key) as unknown as typeof i18n.t, i18n, ready: false };
    return { t: translatorOf(i18n), i18n, ready: true };
  }, [i18n]);
}
