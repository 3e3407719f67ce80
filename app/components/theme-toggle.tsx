import { useTranslation } from "~/components/use-translation";
import { useFetcher, useLocation } from "react-router";
import { nextTheme, type Theme } from "~/domain/theme";
import { MonitorIcon, MoonIcon, SunIcon } from "./icons";

const ICONS = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const;

/**
 * A form POST to /theme: without JavaScript it reloads the page in the next theme; with it, the
 * fetcher switches the theme at once and the server keeps the cookie.
 */
export function ThemeToggle({ theme, className = "icon-button", labelled = false }: { theme: Theme; className?: string; labelled?: boolean }) {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get("theme");
  const shown = (typeof pending === "string" ? pending : theme) as Theme;
  const next = nextTheme(shown);
  const Icon = ICONS[shown];
  return (
    <fetcher.Form method="post" action="/theme" className="contents">
      <input type="hidden" name="theme" value={next} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {/* `labelled` (the phone's menu) says it in words; the header's icon has them as its name. */}
      <button
        type="submit"
        className={className}
        aria-label={labelled ? undefined : t("theme.switchTo", { theme: t(`theme.${next}`) })}
        title={`${t("theme.label")}: ${t(`theme.${shown}`)}`}
        data-theme-current={shown}
      >
        <Icon className="size-5" />
        {labelled ? <span>{t("theme.switchTo", { theme: t(`theme.${next}`) })}</span> : null}
      </button>
    </fetcher.Form>
  );
}
