import { useLocation } from "react-router";
import { useTranslation } from "~/components/use-translation";

/**
 * The switch to the other language (issue #47): a plain form POST to /language, so it works
 * without JavaScript and reloads the whole page in the new language (a new language is a new
 * document: its direction and strings). It brings her back to the page she is on. The name it
 * shows is the other language's own ("English" on a Hebrew page), marked with its language; a
 * screen reader hears first, in the page's language, what the button does.
 */
export function LanguageSwitch({ className = "", testId }: { className?: string; testId?: string }) {
  const { t, i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const other = i18n?.language === "en" ? "he" : "en";
  return (
    <form method="post" action="/language" className="contents">
      <input type="hidden" name="lng" value={other} />
      <input type="hidden" name="redirectTo" value={pathname + search} />
      <button type="submit" className={`min-h-11 min-w-11 items-center ${className}`} data-testid={testId}>
        <span className="sr-only">{t("languageSwitch.hint")} </span>
        <span lang={other} dir={other === "he" ? "rtl" : "ltr"}>{t("languageSwitch.otherName")}</span>
      </button>
    </form>
  );
}
