import { useTranslation } from "~/components/use-translation";
import { useFetcher, useLocation } from "react-router";
import { nextTheme, type Theme } from "~/domain/theme";
import { MonitorIcon, MoonIcon, SunIcon } from "./icons";

const ICONS = { light: SunIcon, dark: MoonIcon, system: MonitorIcon } as const;

/**
 * A form POST to /theme: without JavaScript it reloads the page in the next theme; with it, the
 * fetcher switches the theme at once and the server keeps the cookie.
 */
export function ThemeToggle({ theme }: { theme: Theme }) {
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
      <button
        type="submit"
        className="icon-button"
        aria-label={t("theme.switchTo", { theme: t(`theme.${next}`) })}
        title={`${t("theme.label")}: ${t(`theme.${shown}`)}`}
        data-theme-current={shown}
      >
        <Icon className="size-5" />
      </button>
    </fetcher.Form>
  );
}
