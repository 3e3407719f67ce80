import { useTranslation } from "~/components/use-translation";
import { Link } from "react-router";
import { dbContext } from "~/context";
import { getLocale, getTranslate } from "~/web/language.server";
import { formatShekel } from "~/domain/money";
import { figuresWorthShowing } from "~/domain/public-figures";
import { platformStats } from "~/services/platform-stats.server";
import { publicBusiness } from "~/domain/site-settings";
import { readSiteSettings } from "~/services/site-settings.server";
import type { Route } from "./+types/about";

// Nothing on this page needs a script: the root leaves out <Scripts /> (DESIGN.md budgets).
export const handle = { hydrate: false };

export function loader({ context }: Route.LoaderArgs) {
  const t = getTranslate(context);
  const locale = getLocale(context);
  const db = context.get(dbContext);
  const stats = platformStats(db);
  // The organiser's own story and name (issue #45); none yet, and the page says how the market works.
  const { story, name } = publicBusiness(readSiteSettings(db), locale);
  const count = new Intl.NumberFormat(locale === "he" ? "he-IL" : "en-IL");
  return {
    title: `${t("about.title")} | ${t("app.name")}`,
    // Formatted here: the page ships no script, so nothing re-renders it in the browser.
    stats: figuresWorthShowing(stats, ["totalUsers", "totalOrders", "totalSavings", "activeDeals"]).map(({ key, value }) => ({
      key,
      value: key === "totalSavings" ? formatShekel(value, locale) : count.format(value),
    })),
    story,
    operator: name,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

const VALUES = ["fresh", "fair", "community", "noWaste"] as const;

export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { story, operator } = loaderData;
  const howItWorks = t("about.howItWorks", { returnObjects: true }) as unknown;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-page dark:from-brand-800/40">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <p className="inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800 dark:bg-brand-800 dark:text-brand-50">
            {t("about.badge")}
          </p>
          <h1 className="mt-4 max-w-2xl text-4xl font-extrabold leading-tight sm:text-5xl">{t("about.title")}</h1>
          <p className="mt-4 max-w-2xl text-lg leading-8 text-fg-muted">{t("about.lead")}</p>
        </div>
      </section>

      {/* Only figures worth saying (domain/public-figures): none at all, no section. */}
      {loaderData.stats.length > 0 ? (
  <section aria-labelledby="stats-title" className="mx-auto max-w-6xl px-4 py-10">
          <h2 id="stats-title" className="text-2xl font-bold">{t("about.statsTitle")}</h2>
          <dl className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
            {loaderData.stats.map(({ key, value }) => (
              <div key={key} className="rounded-2xl border border-line bg-surface p-5" data-testid={`stat-${key}`}>
                <dt className="text-sm text-fg-muted">{t(`about.stats.${key}`)}</dt>
                <dd className="mt-1 text-3xl font-extrabold text-brand-700 dark:text-brand-200">{value}</dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <section aria-labelledby="story-title" className="mx-auto max-w-6xl px-4 py-10" data-testid="about-story">
        <h2 id="story-title" className="text-2xl font-bold">{t(story.length > 0 ? "about.storyTitle" : "about.howItWorksTitle")}</h2>
        <div className="mt-4 grid max-w-3xl gap-4 text-lg leading-8">
          {(story.length > 0 ? story : Array.isArray(howItWorks) ? (howItWorks as string[]) : []).map((paragraph) => (
            <p key={paragraph} dir="auto">{paragraph}</p>
          ))}
          {operator ? <p className="text-base text-fg-muted">{t("about.operatedBy", { name: operator })}</p> : null}
        </div>
      </section>

      <section aria-labelledby="values-title" className="mx-auto max-w-6xl px-4 py-10">
        <h2 id="values-title" className="text-2xl font-bold">{t("about.valuesTitle")}</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {VALUES.map((value) => (
            <li key={value} className="rounded-2xl border border-line bg-surface p-5">
              <h3 className="font-semibold">{t(`about.values.${value}.title`)}</h3>
              <p className="mt-1 text-sm leading-6 text-fg-muted">{t(`about.values.${value}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-10">
        <div className="rounded-3xl bg-brand-600 px-6 py-10 text-center text-white sm:px-12">
          <h2 className="text-3xl font-extrabold">{t("about.ctaTitle")}</h2>
          <p className="mt-2 text-lg text-brand-50">{t("about.ctaText")}</p>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/signup" className="rounded-xl bg-surface px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-200">
              {t("about.ctaSignup")}
            </Link>
            <Link to="/deals" className="rounded-xl border border-white/70 px-6 py-3 font-semibold text-white hover:bg-brand-700">
              {t("about.ctaDeals")}
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
