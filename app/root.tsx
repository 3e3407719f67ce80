import { TranslationProvider, useTranslation } from "./components/use-translation";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { useNonce } from "./components/nonce";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { Toaster } from "./components/toaster";
import { usePageTransition } from "./components/page-transition";
import { dbContext, userContext } from "./context";
import { directionOf, translatorForJson, type Locale } from "./translator";
import { databaseMiddleware, originRuleMiddleware, personalAnswersMiddleware } from "./middleware/root.server";
import { getLocale, getTranslate, languageMiddleware } from "./web/language.server";
import { translationsForPage } from "./web/translation-files.server";
import { currentTranslationsBase, loadTranslationFile, setCurrentTranslationsBase, translationFileText, translationFileUrl } from "./translation-files";
import { headerSummary } from "./services/header.server";
import { getTheme } from "~/web/theme.server";
import { takeToasts } from "~/web/toast.server";

// The origin rule runs before the database is touched; the no-store rule needs the user.
export const middleware: Route.MiddlewareFunction[] = [languageMiddleware, originRuleMiddleware, databaseMiddleware, personalAnswersMiddleware];

// The stylesheet is not one of the links: entry.server.tsx inlines it in every document, so the
// first paint waits for no request (docs/decisions/017). Its URL rides in the handle.
export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const handle = { stylesheet };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const locale = getLocale(context) as Locale;
  const user = context.get(userContext);
  const [theme, { toasts, setCookie }] = await Promise.all([getTheme(request), takeToasts(request)]);
  const t = getTranslate(context);
  return data(
    {
      locale,
      // Where the strings this page's screens read are (app/translation-files.ts): a file the
      // browser keeps, not part of every document and navigation.
      translations: translationsForPage(locale, url.pathname),
      theme,
      // As one JSON text: the header's newest notifications alone were some forty values for
      // the document's data to encode, on every signed-in page (016, session 22).
      user: user ? headerSummary(context.get(dbContext), user) : null,
      // This page view's "tap": an add-to-cart form sends it, and the cart adds once per tap
      // (components/use-tap.ts). New after every action, since every loader runs again then.
      tap: user ? crypto.randomUUID() : null,
      // Worded here, where every string is at hand: a toast may name any section.
      toasts: toasts.map((toast) => ({
        id: toast.id,
        variant: toast.variant,
        title: t(toast.title, toast.values),
        description: toast.description ? t(toast.description, toast.values) : undefined,
      })),
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

/**
 * In the browser, nothing shows before its strings have come: a navigation to a page that reads
 * other sections fetches their file alongside the page's data (one request the first time,
 * none after: the browser keeps it), and a change of language (the root's new data) its own.
 */
export const clientMiddleware: Route.ClientMiddlewareFunction[] = [
  async ({ url }, next) => {
    const pathname = url.pathname;
    const base = currentTranslationsBase();
    // Started alongside the page's data; if it fails (or the navigation redirects), the load
    // below asks again or nobody waits for it.
    const early = base ? loadTranslationFile(translationFileUrl(base, pathname)).catch(() => undefined) : null;
    const results = await next();
    const root = results.root;
    if (root?.type === "data" && isRootData(root.result)) setCurrentTranslationsBase(root.result.translations);
    await early;
    const current = currentTranslationsBase();
    if (current) await loadTranslationFile(translationFileUrl(current, pathname));
    return results;
  },
];

function isRootData(value: unknown): value is { translations: string } {
  return typeof value === "object" && value !== null && typeof (value as { translations?: unknown }).translations === "string";
}

/**
 * A route module sets `handle = { hydrate: false }` when its page needs no script at all, and
 * the back office's layout sets `backOffice: true`: its pages get its own slim header and tabs
 * instead of the shop's header and footer (app/routes/back-office.tsx).
 */
export interface RouteHandle {
  hydrate?: boolean;
  backOffice?: boolean;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const matches = useMatches();
  const { pathname } = useLocation();
  const locale = rootData?.locale ?? "he";
  const hydrate = !matches.some((m) => (m.handle as RouteHandle | undefined)?.hydrate === false);
  const translationsUrl = rootData ? translationFileUrl(rootData.translations, pathname) : null;
  const translationsText = translationsUrl ? translationFileText(translationsUrl) : undefined;
  const content =
    translationsText !== undefined ? <TranslationProvider translator={translatorForJson(locale, translationsText)}>{children}</TranslationProvider> : children;
  return (
    <html lang={locale} dir={directionOf(locale)} data-theme={rootData?.theme ?? "system"}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#16803f" />
        {/* The page's strings for the browser: fetched after the first paint, before hydration. */}
        {translationsUrl && hydrate ? <meta name="translations" content={translationsUrl} /> : null}
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh flex flex-col">
        {content}
        {hydrate ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : null}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const backOffice = useMatches().some((m) => (m.handle as RouteHandle | undefined)?.backOffice === true);
  const mainRef = usePageTransition<HTMLElement>();
  const user = loaderData.user;
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:px-3 focus:py-2"
      >
        {t("app.skipToContent")}
      </a>
      {backOffice ? (
        // The layout renders its own header and the <main id="main"> the skip link goes to.
        <Outlet />
      ) : (
        <>
          <SiteHeader user={user} theme={loaderData.theme} />
          <main id="main" ref={mainRef} className="flex-1">
            <Outlet />
          </main>
          <SiteFooter />
        </>
      )}
      <Toaster toasts={loaderData.toasts} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { t, ready } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A refusal a route meant (a 4xx it threw) is not a fault. On the server, handleError
  // (entry.server.tsx) has logged a fault already, whole, and skips a client who left mid-page;
  // here only the browser's console hears of it.
  const refusal = isRouteErrorResponse(error) && error.status < 500;
  if (!refusal && typeof document !== "undefined") console.error(error);
  // Without the root's translations (the root loader itself failed) show plain Hebrew-free text.
  const text = (key: string, fallback: string) => (ready ? t(key) : fallback);
  return (
    <main id="main" className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">
        {notFound ? text("notFound.title", "404") : text("errorPage.title", "Error")}
      </h1>
      <p className="text-fg-muted">{notFound ? text("notFound.text", "") : text("errorPage.text", "")}</p>
      <a href="/" className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        {text("errorPage.home", "/")}
      </a>
    </main>
  );
}
