// The vendor pages' error boundary: requireVendor throws a 403 for a signed-in person who is
// not a linked VENDOR, and this shows them the way in (the application on /vendor).
import { useTranslation } from "~/components/use-translation";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";

export function VendorErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  // A refusal the route meant (any 4xx) is the client's doing; handleError logged its line.
  if (!(isRouteErrorResponse(error) && error.status < 500)) console.error(error);
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" data-testid={forbidden ? "vendor-forbidden" : undefined}>
      <h1 className="text-3xl font-bold">{forbidden ? t("vendor.forbidden.title") : t("errorPage.title")}</h1>
      <p className="mt-3 text-fg-muted">{forbidden ? t("vendor.forbidden.text") : t("errorPage.text")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {forbidden ? (
          <Link to="/vendor" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
            {t("vendor.forbidden.apply")}
          </Link>
        ) : null}
        <Link to="/" className="rounded-lg border border-line px-5 py-2.5 font-semibold hover:bg-muted">
          {t("vendor.forbidden.home")}
        </Link>
      </div>
    </section>
  );
}
