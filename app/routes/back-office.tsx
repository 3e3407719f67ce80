// The back office's layout (issue #17): every admin page and the vendor's own pages sit in it.
// A slim header (the product, a way back to the shop, the theme, who is signed in and sign out)
// and the area's tabs, instead of the shop's header and footer: no cart, favourites, deal search
// or marketing footer. The root skips its own header and footer for routes under this one (they
// declare `handle.backOffice`). The URLs are the pages' own; this route adds no path.
import { Form, Link, Outlet, useLocation, useRouteLoaderData } from "react-router";
import { BackOfficeNav, type TabBadges } from "~/components/admin-nav";
import { LeafIcon } from "~/components/icons";
import { ThemeToggle } from "~/components/theme-toggle";
import { usePageTransition } from "~/components/page-transition";
import { useTranslation } from "~/components/use-translation";
import { dbContext, userContext } from "~/context";
import { backOfficeArea } from "~/domain/back-office";
import type { loader as rootLoader } from "~/root";
import { waitingForAdmin } from "~/services/admin-alerts.server";
import type { Route } from "./+types/back-office";
import { LanguageSwitch } from "~/components/language-switch";

export const handle = { backOffice: true };

/** An admin's tabs count what waits for a decision (issue #45); nobody else's need anything. */
export function loader({ url, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const waiting = user?.role === "ADMIN" && backOfficeArea(url.pathname) === "admin" ? waitingForAdmin(context.get(dbContext)) : null;
  return { waiting };
}

function useAdminBadges(waiting: Route.ComponentProps["loaderData"]["waiting"]): TabBadges {
  const { t } = useTranslation();
  if (!waiting) return {};
  return {
    vendorApplications: { count: waiting.vendorApplications, label: t("admin.waiting.applicationsBadge", { count: waiting.vendorApplications }) },
    deals: { count: waiting.dealsInReview, label: t("admin.waiting.dealsBadge", { count: waiting.dealsInReview }) },
  };
}

export default function BackOffice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const badges = useAdminBadges(loaderData.waiting);
  const { pathname } = useLocation();
  const mainRef = usePageTransition<HTMLElement>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const user = root?.user ?? null;
  const area = backOfficeArea(pathname);
  // Only people who may use an area see its tabs; anyone else gets the page's own 403.
  const showNav = area === "admin" ? user?.role === "ADMIN" : user?.role === "VENDOR" || user?.role === "ADMIN";
  return (
    <>
      <header className="border-b border-line bg-surface print:hidden" data-testid="back-office-header">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2">
          <Link to={area === "vendor" ? "/vendor/dashboard" : "/admin"} className="flex min-w-0 items-center gap-2 font-extrabold text-brand-700 dark:text-brand-200">
            <LeafIcon className="size-6 shrink-0" />
            <span>{t("app.name")}</span>
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-fg-muted">{t(area === "vendor" ? "backOffice.vendorArea" : "backOffice.adminArea")}</span>
          </Link>
          <div className="ms-auto flex items-center gap-1">
            <Link to="/" className="rounded-lg px-3 py-2 text-sm font-medium text-fg-muted hover:bg-muted hover:text-fg" data-testid="back-to-shop">
              {t("backOffice.toShop")}
            </Link>
            {root ? <ThemeToggle theme={root.theme} /> : null}
            {user ? (
              <details className="relative">
                <summary className="grid size-10 cursor-pointer place-items-center rounded-full bg-brand-600 text-sm font-bold text-white" data-testid="user-menu">
                  <span className="sr-only">{t("nav.userMenu")} </span>
                  {user.initials}
                </summary>
                <div className="absolute end-0 top-12 z-40 w-56 rounded-xl border border-line bg-surface p-2 shadow-xl">
                  <p className="truncate px-3 py-2 text-sm text-fg-muted" dir="ltr">{user.email}</p>
                  <Link className="block rounded-lg px-3 py-2 hover:bg-muted" to="/settings">{t("nav.settings")}</Link>
                  {user.role === "ADMIN" && area !== "admin" ? <Link className="block rounded-lg px-3 py-2 hover:bg-muted" to="/admin">{t("nav.admin")}</Link> : null}
                  <LanguageSwitch className="flex w-full rounded-lg px-3 py-2 text-start hover:bg-muted" testId="language-switch-back-office" />
                  <Form method="post" action="/logout">
                    <button type="submit" className="block w-full rounded-lg px-3 py-2 text-start text-red-700 hover:bg-muted dark:text-red-300">{t("nav.logout")}</button>
                  </Form>
                </div>
              </details>
            ) : (
              <>
              <LanguageSwitch className="inline-flex rounded-lg px-3 py-2 text-sm font-medium hover:bg-muted" testId="language-switch-back-office" />
              <Link to={`/login?redirect=${encodeURIComponent(pathname)}`} className="rounded-lg px-3 py-2 text-sm font-medium hover:bg-muted">{t("nav.login")}</Link>
              </>
            )}
          </div>
        </div>
        {area && showNav ? (
          <div className="mx-auto max-w-6xl px-4 pb-2">
            <BackOfficeNav area={area} pathname={pathname} badges={area === "admin" ? badges : undefined} />
          </div>
        ) : null}
      </header>
      <main id="main" ref={mainRef} className="flex-1">
        <Outlet />
      </main>
    </>
  );
}
