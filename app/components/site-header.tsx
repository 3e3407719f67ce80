import { useTranslation } from "~/components/use-translation";
import { Form, Link, NavLink, useSearchParams } from "react-router";
import type { HeaderUser } from "~/services/header.server";
import type { Theme } from "~/domain/theme";
import { CartIcon, HeartIcon, LeafIcon, MenuIcon, SearchIcon } from "./icons";
import { badgeText, NotificationBell } from "./notification-bell";
import { ThemeToggle } from "./theme-toggle";

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-medium ${isActive ? "bg-brand-50 text-brand-700 dark:bg-brand-800 dark:text-brand-50" : "text-fg-muted hover:bg-muted hover:text-fg"}`;

function Badge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-label={label}
      className="absolute -top-1 -end-1 grid min-w-5 place-items-center rounded-full bg-accent-600 px-1 text-[0.7rem] font-bold leading-5 text-white"
    >
      {badgeText(count)}
    </span>
  );
}

function SearchBox({ id, className = "" }: { id: string; className?: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <Form method="get" action="/deals" role="search" className={`relative ${className}`}>
      <label className="sr-only" htmlFor={id}>
        {t("nav.searchLabel")}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={params.get("q") ?? ""}
        placeholder={t("nav.searchPlaceholder")}
        className="w-full rounded-full border border-line bg-surface py-2 ps-4 pe-10 text-sm placeholder:text-fg-muted"
      />
      <button
        type="submit"
        aria-label={t("nav.searchSubmit")}
        className="absolute inset-y-0 end-1 grid w-9 place-items-center text-fg-muted hover:text-fg"
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

export function SiteHeader({ user, theme }: { user: HeaderUser | null; theme: Theme }) {
  const { t } = useTranslation();
  const menuLink = "block rounded-lg px-3 py-2 hover:bg-muted";
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-surface/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
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
            <SearchBox id="search-mobile" className="my-3" />
            <ul className="grid gap-1">
              <li><Link className={menuLink} to="/">{t("nav.home")}</Link></li>
              <li><Link className={menuLink} to="/deals">{t("nav.deals")}</Link></li>
              <li><Link className={menuLink} to="/#categories">{t("nav.categories")}</Link></li>
              <li><Link className={menuLink} to="/#how-it-works">{t("nav.howItWorks")}</Link></li>
              {user ? (
                <>
                  <li><Link className={menuLink} to="/favorites">{t("nav.favorites")}</Link></li>
                  <li><Link className={menuLink} to="/cart">{t("nav.cart")}</Link></li>
                  <li><Link className={menuLink} to="/orders">{t("nav.orders")}</Link></li>
                  <li><Link className={menuLink} to="/profile">{t("nav.profile")}</Link></li>
                  <li><Link className={menuLink} to="/settings">{t("nav.settings")}</Link></li>
                  {user.role === "ADMIN" ? <li><Link className={menuLink} to="/admin">{t("nav.admin")}</Link></li> : null}
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

        <Link to="/" className="flex items-center gap-2 text-lg font-extrabold text-brand-700 dark:text-brand-200">
          <LeafIcon className="size-7" />
          <span>{t("app.name")}</span>
        </Link>

        <nav aria-label={t("nav.menu")} className="ms-4 hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={navLinkClass}>{t("nav.home")}</NavLink>
          <NavLink to="/deals" className={navLinkClass}>{t("nav.deals")}</NavLink>
          <Link to="/#categories" className={navLinkClass({ isActive: false })}>{t("nav.categories")}</Link>
          <Link to="/#how-it-works" className={navLinkClass({ isActive: false })}>{t("nav.howItWorks")}</Link>
        </nav>

        <SearchBox id="search-desktop" className="ms-auto hidden w-64 lg:block" />

        <div className="ms-auto flex items-center gap-1 lg:ms-2">
          <ThemeToggle theme={theme} />
          {user ? (
            <>
              <NotificationBell user={user} />
              <Link to="/favorites" className="hidden size-10 place-items-center rounded-full text-fg-muted hover:bg-muted hover:text-fg sm:grid" aria-label={t("nav.favorites")}>
                <HeartIcon className="size-5" />
              </Link>
              <Link to="/cart" className="relative grid size-10 place-items-center rounded-full text-fg-muted hover:bg-muted hover:text-fg" aria-label={t("nav.cartWithCount", { count: user.cartCount })} data-testid="cart-link">
                <CartIcon className="size-5" />
                <Badge count={user.cartCount} label={t("nav.cartWithCount", { count: user.cartCount })} />
              </Link>
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
                  <Link className={menuLink} to="/profile">{t("nav.profile")}</Link>
                  <Link className={menuLink} to="/orders">{t("nav.orders")}</Link>
                  <Link className={menuLink} to="/settings">{t("nav.settings")}</Link>
                  {user.role === "ADMIN" ? <Link className={menuLink} to="/admin">{t("nav.admin")}</Link> : null}
                  <LogoutButton className={`${menuLink} w-full text-start text-red-700 dark:text-red-300`} />
                </div>
              </details>
            </>
          ) : (
            <>
              <Link to="/login" className="hidden rounded-lg px-3 py-2 text-sm font-medium hover:bg-muted sm:block">{t("nav.login")}</Link>
              <Link to="/signup" className="rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700">{t("nav.signup")}</Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
