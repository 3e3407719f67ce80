import { useEffect, useRef, useState } from "react";
import { SlidersIcon } from "~/components/icons";
import { useTranslation } from "~/components/use-translation";
import { Form, useNavigation, Link } from "react-router";
import { DealCardSkeleton, DealGrid } from "~/components/deal-card";
import { dbContext, userContext } from "~/context";
import { CATEGORIES } from "~/domain/enums";
import { formatShekel } from "~/domain/money";
import { getTranslate } from "~/web/language.server";
import { DEAL_SORTS, dealQueryHref, hasActiveFilters, parseDealQuery, QUICK_FILTERS, QUICK_UNDER_PRICE, type DealQuery } from "~/domain/deal-query";
import { listDealCards } from "~/services/deals.server";
import { defaultCommunityId } from "~/services/community-pricing.server";
import type { Route } from "./+types/deals";

export function loader({ url, context }: Route.LoaderArgs) {
  const query = parseDealQuery(url.searchParams);
  const user = context.get(userContext);
  const db = context.get(dbContext);
  // Priced, sorted by progress and given groups for the shopper's community; without one (a
  // guest), for the community a guest's deal page and home page show (defaultCommunityId).
  const communityId = user?.communityId ?? defaultCommunityId(db);
  const { cards, total } = listDealCards(db, query, { userId: user?.id ?? null, communityId });
  return {
    title: getTranslate(context)("shop.deals.metaTitle"),
    query,
    bulk: url.searchParams.get("mode") === "bulk",
    deals: cards,
    total,
    signedIn: Boolean(user),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

const SORT_LABELS = {
  newest: "shop.deals.sortNewest",
  price_asc: "shop.deals.sortPriceAsc",
  price_desc: "shop.deals.sortPriceDesc",
  progress: "shop.deals.sortProgress",
} as const;
const QUICK_LABELS = { bulk: "shop.deals.quickBulk", under10: "shop.deals.quickUnder10", popular: "shop.deals.quickPopular" } as const;
const BULK_FORM = "bulk-add";

function withMode(href: string, bulk: boolean) {
  if (!bulk) return href;
  return href + (href.includes("?") ? "&" : "?") + "mode=bulk";
}

/** How many filters the sheet holds (category, quick filter): shown on its button. */
function activeSheetFilters(query: DealQuery) {
  return Number(Boolean(query.category)) + Number(Boolean(query.quick));
}

/**
 * Search, one row of chips and the filter sheet. All of it is links and GET forms, so it works
 * without JavaScript; the sheet is a <details> (a bottom sheet on a phone, a panel beside the
 * button on a wide screen) holding a plain GET form.
 */
function Filters({ query }: { query: DealQuery }) {
  const shown = { ...query, page: 1 };
  return (
    // grid-cols-1 is minmax(0, 1fr): an implicit column would widen to the chip row's width.
    <div className="mt-4 grid grid-cols-1 gap-3">
      <FilterControls query={shown} />
    </div>
  );
}

function FilterControls({ query }: { query: DealQuery }) {
  const { t, i18n } = useTranslation();
  const sheet = useRef<HTMLDetailsElement>(null);
  const chip = (active: boolean) =>
    `shrink-0 whitespace-nowrap rounded-full border px-3 py-2 text-sm ${active ? "border-brand-600 bg-brand-600 text-white" : "border-line bg-surface hover:bg-muted"}`;
  const close = () => {
    if (sheet.current) sheet.current.open = false;
  };
  const active = activeSheetFilters(query);
  return (
    <>
      <div className="flex items-center gap-2">
        <Form method="get" action="/deals" role="search" aria-label={t("shop.deals.searchLabel")} className="flex min-w-0 flex-1 gap-2">
          <label className="sr-only" htmlFor="deals-q">{t("shop.deals.searchLabel")}</label>
          <input id="deals-q" type="search" name="q" defaultValue={query.q} placeholder={t("nav.searchPlaceholder")} className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2.5" />
          {query.category ? <input type="hidden" name="category" value={query.category} /> : null}
          {query.quick ? <input type="hidden" name="quick" value={query.quick} /> : null}
          {query.sort !== "newest" ? <input type="hidden" name="sort" value={query.sort} /> : null}
          <button type="submit" className="shrink-0 rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700">{t("shop.deals.searchSubmit")}</button>
        </Form>
        <details ref={sheet} className="group md:relative" data-testid="filter-sheet" onKeyDown={(e) => e.key === "Escape" && close()}>
          <summary className="relative z-50 flex cursor-pointer list-none items-center gap-1 whitespace-nowrap rounded-lg border border-line bg-surface px-3 py-2.5 text-sm font-medium hover:bg-muted [&::-webkit-details-marker]:hidden">
            <SlidersIcon className="size-4 shrink-0" />
            <span className="hidden sm:inline">{active > 0 ? t("browse.deals.filtersActive", { count: active }) : t("browse.deals.filters")}</span>
            <span className="sr-only sm:hidden">{t("browse.deals.filters")}</span>
            {active > 0 ? <span className="rounded-full bg-brand-600 px-1.5 text-xs font-bold text-white sm:hidden">{active}</span> : null}
          </summary>
          {/* The backdrop closes the sheet with JavaScript; without it, the button above does. */}
          <div className="fixed inset-0 z-40 bg-black/40 md:hidden" aria-hidden="true" onClick={close} />
          <div className="fixed inset-x-0 bottom-0 z-50 max-h-[85vh] overflow-y-auto rounded-t-2xl border border-line bg-surface p-4 shadow-xl md:absolute md:inset-x-auto md:bottom-auto md:end-0 md:top-full md:mt-2 md:w-80 md:rounded-2xl">
            <Form method="get" action="/deals" className="grid gap-3" onSubmit={close}>
              <p className="font-semibold">{t("browse.deals.filters")}</p>
              {query.q ? <input type="hidden" name="q" value={query.q} /> : null}
              <label className="grid gap-1 text-sm font-medium">
                {t("shop.deals.category")}
                <select id="deals-category" name="category" defaultValue={query.category ?? ""} className="rounded-lg border border-line bg-surface px-3 py-2.5">
                  <option value="">{t("categories.all")}</option>
                  {CATEGORIES.map((c) => <option key={c} value={c}>{t(`categories.${c}`)}</option>)}
                </select>
              </label>
              <label className="grid gap-1 text-sm font-medium">
                {t("browse.deals.quickLabel")}
                <select name="quick" defaultValue={query.quick ?? ""} className="rounded-lg border border-line bg-surface px-3 py-2.5">
                  <option value="">{t("browse.deals.quickNone")}</option>
                  {QUICK_FILTERS.map((f) => <option key={f} value={f}>{t(QUICK_LABELS[f], { price: formatShekel(QUICK_UNDER_PRICE, i18n.language) })}</option>)}
                </select>
              </label>
              <label className="grid gap-1 text-sm font-medium">
                {t("shop.deals.sort")}
                <select id="deals-sort" name="sort" defaultValue={query.sort} className="rounded-lg border border-line bg-surface px-3 py-2.5">
                  {DEAL_SORTS.map((s) => <option key={s} value={s}>{t(SORT_LABELS[s])}</option>)}
                </select>
              </label>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <button type="submit" className="flex-1 rounded-lg bg-brand-600 px-4 py-2.5 font-semibold text-white hover:bg-brand-700">{t("browse.deals.showResults")}</button>
                {hasActiveFilters(query) ? (
                  <Link to={dealQueryHref({ sort: query.sort })} onClick={close} className="px-2 text-sm font-medium text-brand-700 underline dark:text-brand-200">
                    {t("shop.deals.clearFilters")}
                  </Link>
                ) : null}
              </div>
            </Form>
          </div>
        </details>
      </div>

      {/* One row of chips that scrolls sideways: the categories, then the quick filters. */}
      <nav aria-label={t("browse.deals.chipsLabel")} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:none]">
        <Link to={dealQueryHref({ ...query, category: null, page: 1 })} className={chip(!query.category)} aria-current={!query.category ? "page" : undefined}>{t("categories.all")}</Link>
        {CATEGORIES.map((c) => (
          <Link key={c} to={dealQueryHref({ ...query, category: c, page: 1 })} className={chip(query.category === c)} aria-current={query.category === c ? "page" : undefined}>
            {t(`categories.${c}`)}
          </Link>
        ))}
        <span className="shrink-0 self-stretch border-s border-line" aria-hidden="true" />
        {QUICK_FILTERS.map((f) => (
          <Link key={f} to={dealQueryHref({ ...query, quick: query.quick === f ? null : f, page: 1 })} className={chip(query.quick === f)} aria-current={query.quick === f ? "true" : undefined}>
            {t(QUICK_LABELS[f], { price: formatShekel(QUICK_UNDER_PRICE, i18n.language) })}
          </Link>
        ))}
      </nav>
    </>
  );
}

export default function Deals({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, total, bulk, signedIn } = loaderData;
  const deals = loaderData.deals;
  const navigation = useNavigation();
  const [selected, setSelected] = useState(0);
  const bulkForm = useRef<HTMLFormElement>(null);
  // Skeletons only while another result set loads: not for "load more" (the list grows in
  // place), and not for the same list coming back after a quick add or a bulk-mode switch.
  const pending = navigation.state === "loading" && navigation.location.pathname === "/deals" ? parseDealQuery(new URLSearchParams(navigation.location.search)) : null;
  const loadingNewResults = pending !== null && pending.page === query.page && dealQueryHref({ ...pending, page: 1 }) !== dealQueryHref({ ...query, page: 1 });

  const countSelected = () => setSelected(bulkForm.current ? new FormData(bulkForm.current).getAll("line").length : 0);
  // Leaving bulk mode clears the selection; so does a new result set.
  useEffect(() => setSelected(0), [bulk, query.q, query.category, query.quick, query.sort]);

  const here = dealQueryHref(query);
  const modeLink = (active: boolean) =>
    `rounded-lg px-3 py-2 text-sm font-medium ${active ? "bg-surface shadow-sm" : "text-fg-muted hover:text-fg"}`;

  return (
    <section className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("shop.deals.title")}</h1>
      <Filters query={query} />

      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-fg-muted" aria-live="polite" data-testid="result-count">
          {t("shop.deals.resultCount", { count: total })}
        </p>
        {signedIn ? (
          <div className="grid grid-cols-2 rounded-xl bg-muted p-1" role="group">
            <Link to={here} className={modeLink(!bulk)} aria-current={!bulk ? "true" : undefined} preventScrollReset>{t("shop.deals.modeQuick")}</Link>
            <Link to={withMode(here, true)} className={modeLink(bulk)} aria-current={bulk ? "true" : undefined} preventScrollReset>{t("shop.deals.modeBulk")}</Link>
          </div>
        ) : null}
      </div>

      {bulk && signedIn ? (
        <Form
          id={BULK_FORM}
          ref={bulkForm}
          method="post"
          action="/cart"
          className="sticky top-16 z-30 mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-brand-200 bg-brand-50 p-3 dark:border-brand-700 dark:bg-brand-800"
        >
          <input type="hidden" name="intent" value="bulk-add" />
          <input type="hidden" name="redirectTo" value={withMode(here, true)} />
          <p className="text-sm">{t("shop.deals.bulkHint")}</p>
          <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            {selected > 0 ? t("shop.deals.bulkAdd", { count: selected }) : t("shop.deals.bulkAddNone")}
          </button>
        </Form>
      ) : null}

      {loadingNewResults ? (
        <div className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4" aria-busy="true" aria-label={t("shop.deals.loading")}>
          {Array.from({ length: 12 }, (_, i) => <DealCardSkeleton key={i} />)}
        </div>
      ) : deals.length === 0 && !hasActiveFilters(query) ? (
        // Nothing filtered and still nothing: a new market whose vendors have no deals yet.
        <div className="mt-12 text-center" data-testid="deals-none-yet">
          <p className="text-xl font-semibold">{t("shop.deals.noneYetTitle")}</p>
          <p className="mt-2 text-fg-muted">{t("shop.deals.noneYetText")}</p>
        </div>
      ) : deals.length === 0 ? (
        <div className="mt-12 text-center" data-testid="deals-empty">
          <p className="text-xl font-semibold">{t("shop.deals.emptyTitle")}</p>
          <p className="mt-2 text-fg-muted">{t("shop.deals.emptyText")}</p>
          <Link to="/deals" className="mt-6 inline-block rounded-lg border border-line px-5 py-2.5 font-medium hover:bg-muted">{t("shop.deals.clearFilters")}</Link>
        </div>
      ) : (
        <DealGrid
          deals={deals}
          signedIn={signedIn}
          headingLevel={2}
          bulkFormId={bulk && signedIn ? BULK_FORM : undefined}
          // The checkboxes join the bulk form by its id, not by sitting inside it: their change
          // events never reach the form, so they are counted here, through the form's elements.
          onChange={bulk ? countSelected : undefined}
          className="mt-4"
        />
      )}

      {deals.length < total && !loadingNewResults ? (
        <div className="mt-8 text-center">
          {/* Without JavaScript, a link to the next page (which lists everything so far);
              with it, the same navigation keeps the scroll position, so the list grows in place. */}
          <Link
            to={withMode(dealQueryHref({ ...query, page: query.page + 1 }), bulk)}
            preventScrollReset
            replace
            className="inline-block rounded-lg border border-line bg-surface px-6 py-3 font-semibold hover:bg-muted"
            data-testid="load-more"
          >
            {navigation.state === "loading" ? t("shop.deals.loading") : t("shop.deals.loadMore")}
          </Link>
        </div>
      ) : null}
    </section>
  );
}
