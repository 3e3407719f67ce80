import { useTranslation } from "~/components/use-translation";
import { Link } from "react-router";
import { getInstance } from "~/web/i18next.server";
import type { Route } from "./+types/coming-soon";

export function loader({ context }: Route.LoaderArgs) {
  const t = getInstance(context).t;
  return { title: `${t("comingSoon.title")} | ${t("app.name")}` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

/** Screens whose issue has not landed yet: the route exists and says so plainly. */
export default function ComingSoon() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{t("comingSoon.title")}</h1>
      <p className="mt-3 text-fg-muted">{t("comingSoon.text")}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
          {t("comingSoon.home")}
        </Link>
        <Link to="/deals" className="rounded-lg border border-line px-5 py-2.5 font-semibold hover:bg-muted">
          {t("comingSoon.deals")}
        </Link>
      </div>
    </section>
  );
}
