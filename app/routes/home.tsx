import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { dbContext, userContext } from "~/context";
import { getInstance } from "~/middleware/i18next.server";
import { categorySummaries } from "~/services/deals.server";
import type { Route } from "./+types/home";

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  const user = context.get(userContext);
  return {
    meta: { title: t("home.title"), description: t("home.description") },
    categories: categorySummaries(context.get(dbContext)),
    greetingName: user ? user.firstName || user.email.split("@")[0] : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta.title },
  { name: "description", content: loaderData?.meta.description },
];

const STEPS = [1, 2, 3, 4] as const;

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { categories, greetingName } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-page dark:from-brand-800/40">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
          <h1 className="max-w-2xl text-4xl font-extrabold leading-tight sm:text-5xl">
            {greetingName ? t("home.heroUserTitle", { name: greetingName }) : t("home.heroGuestTitle")}
          </h1>
          <p className="mt-4 max-w-2xl text-lg leading-8 text-fg-muted">
            {greetingName ? t("home.heroUserText") : t("home.heroGuestText")}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            {greetingName ? (
              <>
                <Link to="/#categories" className="rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700">{t("home.heroUserCta")}</Link>
                <Link to="/orders" className="rounded-xl border border-line bg-surface px-6 py-3 font-semibold hover:bg-muted">{t("home.heroUserSecondary")}</Link>
              </>
            ) : (
              <>
                <Link to="/signup" className="rounded-xl bg-brand-600 px-6 py-3 font-semibold text-white hover:bg-brand-700">{t("home.heroGuestCta")}</Link>
                <Link to="/#how-it-works" className="rounded-xl border border-line bg-surface px-6 py-3 font-semibold hover:bg-muted">{t("home.heroGuestSecondary")}</Link>
              </>
            )}
          </div>
        </div>
      </section>

      <section id="categories" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
        <h2 className="text-2xl font-bold">{t("home.categoriesTitle")}</h2>
        <p className="mt-1 text-fg-muted">{t("home.categoriesText")}</p>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {categories.map(({ category, dealCount, image }) => (
            <li key={category}>
              <Link
                to={`/deals?category=${category}`}
                className="group block overflow-hidden rounded-2xl border border-line bg-surface transition hover:-translate-y-0.5 hover:shadow-md"
                data-testid={`category-${category}`}
              >
                <img
                  src={image ?? "/images/produce/placeholder.svg"}
                  alt=""
                  width={400}
                  height={300}
                  className="aspect-[4/3] w-full object-cover"
                />
                <span className="block px-4 pt-3 text-lg font-semibold">{t(`categories.${category}`)}</span>
                <span className="block px-4 pb-3 text-sm text-fg-muted">{t("categories.dealCount", { count: dealCount })}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section id="how-it-works" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
        <h2 className="text-2xl font-bold">{t("home.howItWorksTitle")}</h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step) => (
            <li key={step} className="rounded-2xl border border-line bg-surface p-5">
              <span className="grid size-9 place-items-center rounded-full bg-brand-600 font-bold text-white" aria-hidden="true">{step}</span>
              <h3 className="mt-3 font-semibold">{t(`home.step${step}Title`)}</h3>
              <p className="mt-1 text-sm leading-6 text-fg-muted">{t(`home.step${step}Text`)}</p>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
