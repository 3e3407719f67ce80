import { useTranslation } from "~/components/use-translation";
import { useLocation, useSearchParams } from "react-router";
import { AppForm } from "./app-form";
import { AppLink } from "./app-link";
import { CachedMarkup } from "./markup-cache";
import type { HeaderUser } from "~/services/header.server";
import type { Theme } from "~/domain/theme";
import { CartIcon, HeartIcon, LeafIcon, MenuIcon, SearchIcon } from "./icons";
import { badgeText, NotificationBell } from "./notification-bell";
import { ThemeToggle } from "./theme-toggle";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `nav-link ${isActive ? "bg-brand-50 text-brand-700 dark:bg-brand-800 dark:text-brand-50" : "quiet-link"}`;

function Badge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-label={label}
      className="count-badge"
    >
      {badgeText(count)}
    </span>
  );
}

function SearchBox({ id, query, className = "" }: { id: string; query: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <AppForm method="get" action="/deals" role="search" className={`relative ${className}`}>
      <label className="sr-only" htmlFor={id}>
        {t("nav.searchLabel")}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={query}
        placeholder={t("nav.searchPlaceholder")}
        className="search-input"
      />
      <button
        type="submit"
        aria-label={t("nav.searchSubmit")}
        className="search-button"
      >
        <SearchIcon className="size-4" />
      </button>
    </AppForm>
  );
}

function LogoutButton({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <AppForm method="post" action="/logout">
      <button type="submit" className={className}>
        {t("nav.logout")}
      </button>
    </AppForm>
  );
}

const menuLink = "menu-link";

/** What the header's start shows: the same for everyone at the same place with the same search and kind of account. */
interface HeaderPlace {
  signedIn: boolean;
  isAdmin: boolean;
  atHome: boolean;
  atDeals: boolean;
  query: string;
}

/** The mobile menu, the logo, the main links and the wide screen's search. */
function HeaderStart({ signedIn, isAdmin, atHome, atDeals, query }: HeaderPlace) {
  const { t } = useTranslation();
  return (
    <>
      {/* Mobile menu: <details> opens without JavaScript. */}
      <details className="group md:hidden">
        <summary
          className="grid size-10 cursor-pointer place-items-center rounded-full hover:bg-muted"
          aria-label={t("nav.menu")}
        >
          <MenuIcon className="size-6" />
        </summary>
        <nav
          aria-label={t("nav.menu")}
          className="absolute inset-x-0 top-16 border-b border-line bg-surface px-4 pb-4 shadow-lg"
        >
          <SearchBox id="search-mobile" query={query} className="my-3" />
          <ul className="grid gap-1">
            <li><AppLink className={menuLink} to="/">{t("nav.home")}</AppLink></li>
            <li><AppLink className={menuLink} to="/deals">{t("nav.deals")}</AppLink></li>
            <li><AppLink className={menuLink} to="/#categories">{t("nav.categories")}</AppLink></li>
            <li><AppLink className={menuLink} to="/#how-it-works">{t("nav.howItWorks")}</AppLink></li>
            {signedIn ? (
              <>
                <li><AppLink className={menuLink} to="/favorites">{t("nav.favorites")}</AppLink></li>
                <li><AppLink className={menuLink} to="/cart">{t("nav.cart")}</AppLink></li>
                <li><AppLink className={menuLink} to="/orders">{t("nav.orders")}</AppLink></li>
                <li><AppLink className={menuLink} to="/profile">{t("nav.profile")}</AppLink></li>
                <li><AppLink className={menuLink} to="/settings">{t("nav.settings")}</AppLink></li>
                {isAdmin ? <li><AppLink className={menuLink} to="/admin">{t("nav.admin")}</AppLink></li> : null}
                <li><LogoutButton className={`${menuLink} w-full text-start`} /></li>
              </>
            ) : (
              <>
                <li><AppLink className={menuLink} to="/login">{t("nav.login")}</AppLink></li>
                <li><AppLink className={menuLink} to="/signup">{t("nav.signup")}</AppLink></li>
              </>
            )}
          </ul>
        </nav>
      </details>

      <AppLink to="/" className="flex items-center gap-2 text-lg font-extrabold text-brand-700 dark:text-brand-200">
        <LeafIcon className="size-7" />
        <span>{t("app.name")}</span>
      </AppLink>

      <nav aria-label={t("nav.menu")} className="ms-4 hidden items-center gap-1 md:flex">
        <AppLink to="/" className={navLinkClass({ isActive: atHome })} aria-current={atHome ? "page" : undefined}>{t("nav.home")}</AppLink>
        <AppLink to="/deals" className={navLinkClass({ isActive: atDeals })} aria-current={atDeals ? "page" : undefined}>{t("nav.deals")}</AppLink>
        <AppLink to="/#categories" className={navLinkClass({ isActive: false })}>{t("nav.categories")}</AppLink>
        <AppLink to="/#how-it-works" className={navLinkClass({ isActive: false })}>{t("nav.howItWorks")}</AppLink>
      </nav>

      <SearchBox id="search-desktop" query={query} className="ms-auto hidden w-64 lg:block" />
    </>
  );
}

/** The signed-in person's bell, favorites, cart and menu; a guest's sign-in links. */
function HeaderAccount({ user, here }: { user: HeaderUser | null; here: string }) {
  const { t } = useTranslation();
  if (!user) {
    return (
      <>
        <AppLink to="/login" className="hidden rounded-lg px-3 py-2 text-sm font-medium hover:bg-muted sm:block">{t("nav.login")}</AppLink>
        <AppLink to="/signup" className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700">{t("nav.signup")}</AppLink>
      </>
    );
  }
  return (
    <>
      <NotificationBell user={user} here={here} />
      <AppLink to="/favorites" className="icon-button hidden sm:grid" aria-label={t("nav.favorites")}>
        <HeartIcon className="size-5" />
      </AppLink>
      <AppLink to="/cart" className="icon-button relative" aria-label={t("nav.cartWithCount", { count: user.cartCount })} data-testid="cart-link">
        <CartIcon className="size-5" />
        <Badge count={user.cartCount} label={t("nav.cartWithCount", { count: user.cartCount })} />
      </AppLink>
      <details className="relative">
        <summary
          className="grid size-10 cursor-pointer place-items-center rounded-full bg-brand-600 text-sm font-bold text-white"
          aria-label={t("nav.userMenu")}
          data-testid="user-menu"
        >
          {user.initials}
        </summary>
        <div className="absolute end-0 top-12 w-56 rounded-xl border border-line bg-surface p-2 shadow-xl">
          <p className="truncate px-3 py-2 text-sm text-fg-muted">{user.email}</p>
          <AppLink className={menuLink} to="/profile">{t("nav.profile")}</AppLink>
          <AppLink className={menuLink} to="/orders">{t("nav.orders")}</AppLink>
          <AppLink className={menuLink} to="/settings">{t("nav.settings")}</AppLink>
          {user.role === "ADMIN" ? <AppLink className={menuLink} to="/admin">{t("nav.admin")}</AppLink> : null}
          <LogoutButton className={`${menuLink} w-full text-start text-red-700 dark:text-red-300`} />
        </div>
      </details>
    </>
  );
}

/**
 * The site's header. All but the theme switch (a fetcher form) is written from the server's
 * markup cache (markup-cache.tsx) in two pieces, each keyed by everything it shows: a
 * signed-in header was about 2,000 of the ~5,000 pieces React wrote for a /deals (decision
 * record 016, session 13). The pieces' wrappers have the class `contents`, so the row lays
 * out as if they were not there.
 */
export function SiteHeader({ user, theme }: { user: HeaderUser | null; theme: Theme }) {
  // What NavLink would say: "/" only itself, "/deals" with the pages under it.
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const place: HeaderPlace = {
    signedIn: Boolean(user),
    isAdmin: user?.role === "ADMIN",
    atHome: pathname === "/",
    atDeals: pathname === "/deals" || pathname.startsWith("/deals/"),
    query: params.get("q") ?? "",
  };
  // The bell's forms come back here.
  const here = pathname + search;
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <CachedMarkup as="div" className="contents" cacheKey={["header-start", place]}>
          <HeaderStart {...place} />
        </CachedMarkup>
        <div className="ms-auto flex items-center gap-1 lg:ms-2">
          <ThemeToggle theme={theme} />
          <CachedMarkup as="div" className="contents" cacheKey={["header-account", user, user ? here : null]}>
            <HeaderAccount user={user} here={here} />
          </CachedMarkup>
        </div>
      </div>
    </header>
  );
}
