import { useTranslation } from "~/components/use-translation";
import { useLocation, useSearchParams, Link, Form } from "react-router";
import type { HeaderUser } from "~/services/header.server";
import type { Theme } from "~/domain/theme";
import { CartIcon, HeartIcon, LeafIcon, MenuIcon, SearchIcon } from "./icons";
import { badgeText, NotificationBell } from "./notification-bell";
import { LanguageSwitch } from "./language-switch";
import { ThemeToggle } from "./theme-toggle";
import { useClosedOnNavigation } from "./use-closed-on-navigation";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `nav-link ${isActive ? "bg-brand-50 text-brand-700 dark:bg-brand-800 dark:text-brand-50" : "quiet-link"}`;

/** The cart's count for the eye; the link's name says it in words for screen readers. */
function Badge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge" aria-hidden="true">
      {badgeText(count)}
    </span>
  );
}

function SearchBox({ id, query, className = "" }: { id: string; query: string; className?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="get" action="/deals" role="search" aria-label={t("nav.searchLabel")} className={`relative ${className}`}>
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
    </Form>
  );
}

function LogoutButton({ className }: { className: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/logout">
      <button type="submit" className={className}>
        {t("nav.logout")}
      </button>
    </Form>
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
function HeaderStart({ signedIn, isAdmin, atHome, atDeals, query, theme }: HeaderPlace & { theme: Theme }) {
  const { t } = useTranslation();
  const menu = useClosedOnNavigation();
  return (
    <>
      {/* Mobile menu: <details> opens without JavaScript. */}
      <details ref={menu} className="group md:hidden">
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
            <li><Link className={menuLink} to="/">{t("nav.home")}</Link></li>
            <li><Link className={menuLink} to="/deals">{t("nav.deals")}</Link></li>
            <li><Link className={menuLink} to="/#categories">{t("nav.categories")}</Link></li>
            <li><Link className={menuLink} to="/#how-it-works">{t("nav.howItWorks")}</Link></li>
            <li><LanguageSwitch className={`${menuLink} flex w-full`} testId="language-switch-menu" /></li>
            {/* On a phone the theme lives here, so the header holds the logo on one line (issue #47). */}
            <li className="sm:hidden"><ThemeToggle theme={theme} className={`${menuLink} flex w-full items-center gap-2`} labelled /></li>
            {signedIn ? (
              <>
                <li><Link className={menuLink} to="/favorites">{t("nav.favorites")}</Link></li>
                <li><Link className={menuLink} to="/cart">{t("nav.cart")}</Link></li>
                <li><Link className={menuLink} to="/orders">{t("nav.orders")}</Link></li>
                <li><Link className={menuLink} to="/profile">{t("nav.profile")}</Link></li>
                <li><Link className={menuLink} to="/settings">{t("nav.settings")}</Link></li>
                {isAdmin ? <li><Link className={menuLink} to="/admin">{t("nav.admin")}</Link></li> : null}
                <li><LogoutButton className={`${menuLink} w-full text-start`} /></li>
              </>
            ) : (
              <>
                <li><Link className={menuLink} to="/login">{t("nav.login")}</Link></li>
                <li><Link className={menuLink} to="/signup">{t("nav.signup")}</Link></li>
              </>
            )}
          </ul>
        </nav>
      </details>

      <Link to="/" className="flex items-center gap-1.5 text-base font-extrabold text-brand-700 sm:gap-2 sm:text-lg dark:text-brand-200">
        <LeafIcon className="size-6 sm:size-7" />
        <span className="whitespace-nowrap">{t("app.name")}</span>
      </Link>

      <nav aria-label={t("nav.menu")} className="ms-4 hidden items-center gap-1 md:flex">
        <Link to="/" className={navLinkClass({ isActive: atHome })} aria-current={atHome ? "page" : undefined}>{t("nav.home")}</Link>
        <Link to="/deals" className={navLinkClass({ isActive: atDeals })} aria-current={atDeals ? "page" : undefined}>{t("nav.deals")}</Link>
        <Link to="/#categories" className={navLinkClass({ isActive: false })}>{t("nav.categories")}</Link>
        <Link to="/#how-it-works" className={navLinkClass({ isActive: false })}>{t("nav.howItWorks")}</Link>
      </nav>

      <SearchBox id="search-desktop" query={query} className="ms-auto hidden w-64 lg:block" />
    </>
  );
}

/** The signed-in person's bell, favorites, cart and menu; a guest's sign-in links. */
function HeaderAccount({ user, here }: { user: HeaderUser | null; here: string }) {
  const { t } = useTranslation();
  const userMenu = useClosedOnNavigation();
  if (!user) {
    return (
      <>
        <Link to="/login" className="hidden rounded-lg px-3 py-2 text-sm font-medium hover:bg-muted sm:block">{t("nav.login")}</Link>
        <Link to="/signup" className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700">{t("nav.signup")}</Link>
      </>
    );
  }
  return (
    <>
      <NotificationBell user={user} here={here} />
      <Link to="/favorites" className="icon-button hidden sm:grid" aria-label={t("nav.favorites")}>
        <HeartIcon className="size-5" />
      </Link>
      <Link to="/cart" className="icon-button relative" data-testid="cart-link">
        <span className="sr-only">{t("nav.cartWithCount", { count: user.cartCount })}</span>
        <CartIcon className="size-5" />
        <Badge count={user.cartCount} />
      </Link>
      <details ref={userMenu} className="relative">
        <summary
          className="grid size-10 cursor-pointer place-items-center rounded-full bg-brand-600 text-sm font-bold text-white"
          data-testid="user-menu"
        >
          {/* The name is "User menu" and the initials one sees, so a voice command naming either finds it. */}
          <span className="sr-only">{t("nav.userMenu")} </span>
          {user.initials}
        </summary>
        <div className="absolute end-0 top-12 w-56 rounded-xl border border-line bg-surface p-2 shadow-xl">
          <p className="truncate px-3 py-2 text-sm text-fg-muted">{user.email}</p>
          <Link className={menuLink} to="/profile">{t("nav.profile")}</Link>
          <Link className={menuLink} to="/orders">{t("nav.orders")}</Link>
          <Link className={menuLink} to="/settings">{t("nav.settings")}</Link>
          {user.role === "ADMIN" ? <Link className={menuLink} to="/admin">{t("nav.admin")}</Link> : null}
          <LogoutButton className={`${menuLink} w-full text-start text-red-700 dark:text-red-300`} />
        </div>
      </details>
    </>
  );
}

/** The site's header: the logo and navigation, the theme switch, the account's links. */
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
        <HeaderStart {...place} theme={theme} />
        <div className="ms-auto flex items-center gap-1 lg:ms-2">
          <LanguageSwitch className="nav-link quiet-link hidden justify-center md:inline-flex" testId="language-switch-header" />
          <ThemeToggle theme={theme} className="icon-button hidden sm:grid" />
          <HeaderAccount user={user} here={here} />
        </div>
      </div>
    </header>
  );
}
