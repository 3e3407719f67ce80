import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/components/use-translation";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import { DealCard, DealCardSkeleton } from "~/components/deal-card";
import { dbContext, userContext } from "~/context";
import { CATEGORIES } from "~/domain/enums";
import { formatShekel } from "~/domain/money";
import { getInstance } from "~/web/i18next.server";
import { DEAL_SORTS, dealQueryHref, hasActiveFilters, parseDealQuery, QUICK_FILTERS, QUICK_UNDER_PRICE, type DealQuery } from "~/domain/deal-query";
import { listDeals, toDealCard } from "~/services/deals.server";
import type { Route } from "./+types/deals";

export function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = parseDealQuery(url.searchParams);
  const user = context.get(userContext);
  const { deals, total } = listDeals(context.get(dbContext), query, { userId: user?.id ?? null, communityId: user?.communityId ?? null });
  return {
    title: getInstance(context).t("shop.deals.metaTitle"),
    query,
    bulk: url.searchParams.get("mode") === "bulk",
    deals: deals.map(toDealCard),
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

/** The filter bar: a GET form, so it works without JavaScript; with it, changes apply at once. */
function Filters({ query }: { query: DealQuery }) {
  const { t, i18n } = useTranslation();
  const submit = useSubmit();
  const chip = (active: boolean) =>
    `rounded-full border px-3 py-1.5 text-sm ${active ? "border-brand-600 bg-brand-600 text-white" : "border-line bg-surface hover:bg-muted"}`;
  return (
    <div className="mt-6 grid gap-4">
      <Form method="get" className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto]" onChange={(e) => e.target instanceof HTMLSelectElement && submit(e.currentTarget)}>
        <label className="sr-only" htmlFor="deals-q">{t("shop.deals.searchLabel")}</label>
        <input id="deals-q" type="search" name="q" defaultValue={query.q} placeholder={t("nav.searchPlaceholder")} className="rounded-lg border border-line bg-surface px-3 py-2" />
        <label className="sr-only" htmlFor="deals-category">{t("shop.deals.category")}</label>
        <select id="deals-category" name="category" defaultValue={query.category ?? ""} className="rounded-lg border border-line bg-surface px-3 py-2">
          <option value="">{t("categories.all")}</option>
          {CATEGORIES.map((c) => <option key={c} value={c}>{t(`categories.${c}`)}</option>)}
        </select>
        <label className="sr-only" htmlFor="deals-sort">{t("shop.deals.sort")}</label>
        <select id="deals-sort" name="sort" defaultValue={query.sort} className="rounded-lg border border-line bg-surface px-3 py-2">
          {DEAL_SORTS.map((s) => <option key={s} value={s}>{t(SORT_LABELS[s])}</option>)}
        </select>
        {query.quick ? <input type="hidden" name="quick" value={query.quick} /> : null}
        <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">{t("shop.deals.apply")}</button>
      </Form>

      <nav aria-label={t("shop.deals.category")} className="flex flex-wrap gap-2">
        <Link to={dealQueryHref({ ...query, category: null, page: 1 })} className={chip(!query.category)}>{t("categories.all")}</Link>
        {CATEGORIES.map((c) => (
          <Link key={c} to={dealQueryHref({ ...query, category: c, page: 1 })} className={chip(query.category === c)} aria-current={query.category === c ? "page" : undefined}>
            {t(`categories.${c}`)}
          </Link>
        ))}
      </nav>

      <div className="flex flex-wrap items-center gap-2">
        <span className="text-sm text-fg-muted">{t("shop.deals.quickFilters")}:</span>
        {QUICK_FILTERS.map((f) => (
          <Link key={f} to={dealQueryHref({ ...query, quick: query.quick === f ? null : f, page: 1 })} className={chip(query.quick === f)} aria-current={query.quick === f ? "true" : undefined}>
            {t(QUICK_LABELS[f], { price: formatShekel(QUICK_UNDER_PRICE, i18n.language) })}
          </Link>
        ))}
        {hasActiveFilters(query) ? (
          <Link to={dealQueryHref({ sort: query.sort })} className="ms-2 text-sm font-medium text-brand-700 underline dark:text-brand-200">
            {t("shop.deals.clearFilters")}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

export default function Deals({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { query, deals, total, bulk, signedIn } = loaderData;
  const navigation = useNavigation();
  const [selected, setSelected] = useState(0);
  const bulkForm = useRef<HTMLFormElement>(null);
  const loadingNewResults =
    navigation.state === "loading" &&
    navigation.location.pathname === "/deals" &&
    parseDealQuery(new URLSearchParams(navigation.location.search)).page === query.page;

  // Leaving bulk mode clears the selection; so does a new result set.
  useEffect(() => setSelected(0), [bulk, query.q, query.category, query.quick, query.sort]);

  const here = dealQueryHref(query);
  const modeLink = (active: boolean) =>
    `rounded-lg px-3 py-2 text-sm font-medium ${active ? "bg-surface shadow-sm" : "text-fg-muted hover:text-fg"}`;

  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("shop.deals.title")}</h1>
      <Filters query={query} />

      <div className="mt-6 flex flex-wrap items-center justify-between gap-3">
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
          onChange={() => setSelected(bulkForm.current ? new FormData(bulkForm.current).getAll("line").length : 0)}
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
        <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4" aria-busy="true" aria-label={t("shop.deals.loading")}>
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
        <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {deals.map((deal, i) => (
            <DealCard key={deal.id} deal={deal} signedIn={signedIn} eager={i < 4} headingLevel={2} bulkFormId={bulk && signedIn ? BULK_FORM : undefined} />
          ))}
        </div>
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
