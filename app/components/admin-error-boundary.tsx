// The admin pages' error screen: a signed-in non-admin gets the spec's unauthorized screen (403);
// a page whose record is gone says so in its own words (`notFound`), or in the generic ones.
import { useTranslation } from "~/components/use-translation";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/** Locale keys for a page's 404, and where its link leads back to. */
export interface AdminNotFound {
  title: string;
  text: string;
  to: string;
  back: string;
}

/** The communities pages' 404. */
export const COMMUNITY_NOT_FOUND: AdminNotFound = { title: "admin.communities.notFoundTitle", text: "admin.communities.notFoundText", to: "/admin/communities", back: "admin.communities.backToList" };

const GENERIC_NOT_FOUND: AdminNotFound = { title: "notFound.title", text: "notFound.text", to: "/admin", back: "nav.admin" };

export function AdminErrorBoundary({ notFound = GENERIC_NOT_FOUND }: { notFound?: AdminNotFound }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  const missing = isRouteErrorResponse(error) && error.status === 404;
  // A refusal the route meant (any 4xx) is the client's doing; handleError logged its line.
  if (!(isRouteErrorResponse(error) && error.status < 500)) console.error(error);
  const title = forbidden ? t("admin.forbidden.title") : missing ? t(notFound.title) : t("errorPage.title");
  const text = forbidden ? t("admin.forbidden.text") : missing ? t(notFound.text) : t("errorPage.text");
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-fg-muted">{text}</p>
      <Link to={missing ? notFound.to : "/"} className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        {missing ? t(notFound.back) : t("admin.forbidden.home")}
      </Link>
    </section>
  );
}
