import { useTranslation } from "~/components/use-translation";
import { Link } from "react-router";
import { getLocale, getTranslate } from "~/web/language.server";
import { vendorGuideValues } from "~/domain/vendor-guide";
import { dbContext } from "~/context";
import { readSiteSettings } from "~/services/site-settings.server";
import type { Route } from "./+types/vendor-guide";

// Nothing on this page needs a script: the root leaves out <Scripts /> (DESIGN.md budgets).
export const handle = { hydrate: false };

export function loader({ context }: Route.LoaderArgs) {
  const t = getTranslate(context);
  const { marketSharePercent } = readSiteSettings(context.get(dbContext));
  return {
    title: `${t("vendor.guide.title")} | ${t("app.name")}`,
    // Every number is printed from the module the app runs on, never typed into the copy.
    values: vendorGuideValues(getLocale(context), t, marketSharePercent),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

const SECTIONS = ["pricing", "cycles", "pickup", "payment", "deals"] as const;

export default function VendorGuide({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { values } = loaderData;
  const paragraphs = (section: string) => {
    const value = t(`vendor.guide.${section}`, { ...values, returnObjects: true }) as unknown;
    return Array.isArray(value) ? (value as string[]) : [];
  };
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <header>
        <h1 className="text-4xl font-extrabold">{t("vendor.guide.title")}</h1>
        <p className="mt-3 text-lg leading-8 text-fg-muted">{t("vendor.guide.lead")}</p>
      </header>
      <div className="mt-8 grid gap-6">
        {SECTIONS.map((section) => (
          <section key={section} id={section} aria-labelledby={`guide-${section}`} className="scroll-mt-20 rounded-2xl border border-line bg-surface p-6">
            <h2 id={`guide-${section}`} className="text-xl font-bold">{t(`vendor.guide.${section}Title`)}</h2>
            <ul className="mt-3 grid list-disc gap-2 ps-5 leading-7">
              {paragraphs(section).map((paragraph) => (
                <li key={paragraph}>{paragraph}</li>
              ))}
            </ul>
          </section>
        ))}
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        <Link to="/vendor#apply" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">{t("vendor.guide.applyCta")}</Link>
        <Link to="/vendor/support" className="rounded-lg border border-line px-5 py-2.5 font-semibold hover:bg-muted">{t("vendor.guide.supportCta")}</Link>
      </div>
    </div>
  );
}
