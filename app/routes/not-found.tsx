import { useTranslation } from "~/components/use-translation";
import { data, Link } from "react-router";
import { getTranslate } from "~/web/language.server";
import type { Route } from "./+types/not-found";

export function loader({ context }: Route.LoaderArgs) {
  const t = getTranslate(context);
  return data({ title: `${t("notFound.title")} | ${t("app.name")}` }, { status: 404 });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <p className="text-6xl font-black text-brand-600" aria-hidden="true">404</p>
      <h1 className="mt-4 text-3xl font-bold">{t("notFound.title")}</h1>
      <p className="mt-3 text-fg-muted">{t("notFound.text")}</p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
          {t("notFound.home")}
        </Link>
        <Link to="/deals" className="rounded-lg border border-line px-5 py-2.5 font-semibold hover:bg-muted">
          {t("notFound.deals")}
        </Link>
      </div>
    </section>
  );
}
