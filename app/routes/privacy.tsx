import { useTranslation } from "~/components/use-translation";
import { Link } from "react-router";
import { getLocale, getTranslate } from "~/web/language.server";
import { dbContext } from "~/context";
import { publicBusiness, type PublicBusiness } from "~/domain/site-settings";
import { readSiteSettings } from "~/services/site-settings.server";
import type { Route } from "./+types/privacy";

// Nothing on this page needs a script: the root leaves out <Scripts /> (DESIGN.md budgets).
export const handle = { hydrate: false };

export function loader({ context }: Route.LoaderArgs) {
  const t = getTranslate(context);
  return { title: `${t("privacy.title")} | ${t("app.name")}`, business: publicBusiness(readSiteSettings(context.get(dbContext)), getLocale(context)) };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

const KEY_POINTS = ["security", "transparency", "control"] as const;

/** The spec's 11 sections, in order; each anchor is its name (#collection, #cookies...). */
const SECTIONS = [
  "introduction",
  "collection",
  "usage",
  "sharing",
  "security",
  "cookies",
  "notifications",
  "rights",
  "children",
  "contact",
  "changes",
] as const;

/**
 * The "contact" section's lines: only the details the organiser filled in (issue #45); with none,
 * the contact form, which always works.
 */
function contactLines(business: PublicBusiness, t: (key: string, values?: Record<string, string>) => string): string[] {
  const lines: string[] = [];
  if (business.name) lines.push(t("privacy.contactLines.operator", { name: business.name }));
  if (business.privacyEmail) lines.push(t("privacy.contactLines.email", { email: business.privacyEmail }));
  if (business.phone) lines.push(t("privacy.contactLines.phone", { phone: business.phone.label }));
  if (business.address) lines.push(t("privacy.contactLines.address", { address: business.address }));
  if (!business.privacyEmail && !business.phone) lines.push(t("privacy.contactLines.form"));
  return lines;
}

export default function Privacy({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const items = (section: string) => {
    if (section === "contact") return contactLines(loaderData.business, t);
    const value = t(`privacy.sections.${section}.items`, { returnObjects: true }) as unknown;
    return Array.isArray(value) ? (value as string[]) : [];
  };
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="max-w-3xl">
        <p className="inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800 dark:bg-brand-800 dark:text-brand-50">
          {t("privacy.badge")}
        </p>
        <h1 className="mt-4 text-4xl font-extrabold">{t("privacy.title")}</h1>
        <p className="mt-2 text-sm text-fg-muted">{t("privacy.lastUpdated")}</p>
        <p className="mt-4 text-lg leading-8 text-fg-muted">{t("privacy.lead")}</p>
      </header>

      <ul className="mt-8 grid gap-4 sm:grid-cols-3">
        {KEY_POINTS.map((point) => (
          <li key={point} className="rounded-2xl border border-line bg-surface p-5">
            <h2 className="font-semibold text-brand-700 dark:text-brand-200">{t(`privacy.keyPoints.${point}.title`)}</h2>
            <p className="mt-1 text-sm leading-6 text-fg-muted">{t(`privacy.keyPoints.${point}.text`)}</p>
          </li>
        ))}
      </ul>

      <div className="mt-10 grid gap-10 lg:grid-cols-[16rem_1fr]">
        <nav aria-labelledby="privacy-nav-title" className="lg:sticky lg:top-20 lg:self-start">
          <h2 id="privacy-nav-title" className="font-semibold">{t("privacy.navTitle")}</h2>
          <ol className="mt-3 grid gap-1 text-sm">
            {SECTIONS.map((section, index) => (
              <li key={section}>
                <a href={`#${section}`} className="flex gap-2 rounded-lg px-2 py-1.5 text-fg-muted hover:bg-muted hover:text-fg">
                  <span className="font-semibold tabular-nums">{index + 1}.</span>
                  {t(`privacy.sections.${section}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="grid gap-6">
          {SECTIONS.map((section, index) => (
            <section
              key={section}
              id={section}
              aria-labelledby={`${section}-title`}
              className="scroll-mt-20 rounded-2xl border border-line bg-surface p-6 leading-7"
            >
              <h2 id={`${section}-title`} className="text-xl font-bold">
                {index + 1}. {t(`privacy.sections.${section}.title`)}
              </h2>
              <p className="mt-3">{t(`privacy.sections.${section}.intro`)}</p>
              {items(section).length > 0 ? (
                <ul className="mt-3 grid list-disc gap-1.5 ps-6 marker:text-brand-600">
                  {items(section).map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              ) : null}
              {i18n.exists(`privacy.sections.${section}.outro`) ? (
                <p className="mt-3 text-fg-muted">{t(`privacy.sections.${section}.outro`)}</p>
              ) : null}
              {section === "rights" ? <DeletionDetails /> : null}
            </section>
          ))}
        </div>
      </div>

      <section className="mt-12 rounded-3xl bg-brand-600 px-6 py-10 text-center text-white sm:px-12">
        <h2 className="text-2xl font-extrabold">{t("privacy.ctaTitle")}</h2>
        <p className="mt-2 text-brand-50">{t("privacy.ctaText")}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/contact" className="rounded-xl bg-surface px-6 py-3 font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-200">
            {t("privacy.ctaContact")}
          </Link>
          <Link to="/terms" className="rounded-xl border border-white/70 px-6 py-3 font-semibold text-white hover:bg-brand-700">
            {t("privacy.ctaTerms")}
          </Link>
        </div>
      </section>
    </div>
  );
}

/** Deleting an account (issue #16): what goes, what stays and why, linked from /settings. */
function DeletionDetails() {
  const { t } = useTranslation();
  const removed = t("privacy.deletion.removed", { returnObjects: true }) as unknown;
  return (
    <section id="deletion" aria-labelledby="deletion-title" className="mt-5 scroll-mt-20 border-t border-line pt-4">
      <h3 id="deletion-title" className="text-lg font-bold">{t("privacy.deletion.title")}</h3>
      <p className="mt-2">{t("privacy.deletion.intro")}</p>
      <ul className="mt-2 grid list-disc gap-1.5 ps-6 marker:text-brand-600">
        {(Array.isArray(removed) ? (removed as string[]) : []).map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
      <p className="mt-2">{t("privacy.deletion.kept")}</p>
      <p className="mt-2 text-fg-muted">{t("privacy.deletion.blocked")}</p>
      <p className="mt-2">
        <Link to="/settings" className="font-semibold text-brand-700 underline dark:text-brand-200">{t("privacy.deletion.settingsLink")}</Link>
      </p>
    </section>
  );
}
