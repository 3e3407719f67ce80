import { useTranslation } from "~/components/use-translation";
import { Form, Link, useLocation } from "react-router";
import { FavoriteButton } from "./favorite-button";
import { Price } from "./price";
import { QtyStepper } from "./qty-stepper";

import type { DealCardData } from "~/services/deals.server";

export type { DealCardData };

const MAX_TIER_TILES = 3;

/**
 * A deal in a grid: picture, title, price for the viewer's community, the heart, the quick-add
 * panel (a <details>, so it opens without JavaScript) and up to three quantity-tier tiles.
 * In bulk mode a checkbox joins the card to the page's bulk form instead.
 */
export function DealCard({
  deal,
  signedIn,
  eager = false,
  bulkFormId,
  headingLevel = 3,
}: {
  deal: DealCardData;
  signedIn: boolean;
  eager?: boolean;
  bulkFormId?: string;
  /** 2 where the card sits right under the page's h1 (headings must not skip a level) */
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const image = deal.images[0] ?? "/images/produce/placeholder.svg";
  const group = deal.groups[0];
  const here = location.pathname + location.search;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="relative flex flex-col overflow-hidden rounded-2xl border border-line bg-surface" data-testid="deal-card" data-slug={deal.slug}>
      <Link to={`/deals/${deal.slug}`} className="block" tabIndex={-1} aria-hidden="true">
        <img src={image} alt="" width={400} height={300} loading={eager ? "eager" : "lazy"} decoding="async" className="aspect-[4/3] w-full object-cover" />
      </Link>
      {deal.isHot ? (
        <span className="absolute start-3 top-3 rounded-full bg-accent-600 px-2.5 py-1 text-xs font-bold text-white">{t("shop.price.hot")}</span>
      ) : null}
      {bulkFormId ? (
        <label className="absolute end-3 top-3 grid size-10 cursor-pointer place-items-center rounded-full bg-surface/90 shadow-sm">
          <span className="sr-only">{t("shop.deals.select", { title: deal.title })}</span>
          <input type="checkbox" name="line" value={`${deal.id}:${group?.id ?? ""}`} form={bulkFormId} className="size-5 accent-brand-600" data-testid="bulk-select" />
        </label>
      ) : signedIn ? (
        <FavoriteButton dealId={deal.id} isFavorite={deal.isFavorite} className="absolute end-3 top-3" />
      ) : (
        <Link
          to={`/login?redirect=${encodeURIComponent(here)}`}
          className="absolute end-3 top-3 grid size-10 place-items-center rounded-full bg-surface/90 text-fg-muted shadow-sm"
          aria-label={t("shop.card.favoriteAdd")}
          title={t("shop.toast.loginForFavorites")}
        >
          ♡
        </Link>
      )}

      <div className="flex flex-1 flex-col gap-2 p-4">
        <Heading className="font-semibold leading-snug">
          <Link to={`/deals/${deal.slug}`} className="hover:underline">
            {deal.title}
          </Link>
        </Heading>
        <p className="flex flex-wrap items-baseline gap-x-2">
          <Price agorot={deal.unitPrice} className="text-xl font-bold text-brand-700 dark:text-brand-200" />
          <span className="text-sm text-fg-muted">{t("shop.price.perUnit", { unit: deal.unit })}</span>
          {deal.savingsPercent > 0 ? <Price agorot={deal.basePrice} className="text-sm text-fg-muted line-through" /> : null}
        </p>
        {deal.quantityTiers.length > 0 ? (
          <ul className="flex flex-wrap gap-1.5" aria-label={t("shop.price.basePrice")}>
            {deal.quantityTiers.slice(0, MAX_TIER_TILES).map((tier) => (
              <li key={tier.thresholdQty} className="rounded-lg bg-muted px-2 py-1 text-xs">
                {t("shop.price.tierFrom", { qty: tier.thresholdQty })} · <Price agorot={tier.unitPrice} />
              </li>
            ))}
          </ul>
        ) : null}

        {bulkFormId ? null : (
          <details className="mt-auto">
            <summary className="cursor-pointer rounded-lg bg-brand-600 px-3 py-2 text-center text-sm font-semibold text-white hover:bg-brand-700">
              {t("shop.card.quickAdd")}
            </summary>
            <Form method="post" action="/cart" preventScrollReset className="mt-3 flex items-center justify-between gap-2">
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="dealId" value={deal.id} />
              <input type="hidden" name="groupId" value={group?.id ?? ""} />
              <input type="hidden" name="redirectTo" value={here} />
              <QtyStepper id={`qty-${deal.id}`} max={deal.maxQty} size="sm" />
              <button type="submit" className="rounded-lg border border-brand-600 px-3 py-1.5 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-200 dark:hover:bg-brand-800">
                {t("shop.card.addToCart")}
              </button>
            </Form>
          </details>
        )}
      </div>
    </article>
  );
}

/** A grey card while results load (12 of them, spec). */
export function DealCardSkeleton() {
  return (
    <div className="animate-pulse overflow-hidden rounded-2xl border border-line bg-surface" aria-hidden="true">
      <div className="aspect-[4/3] bg-muted" />
      <div className="space-y-2 p-4">
        <div className="h-4 w-3/4 rounded bg-muted" />
        <div className="h-6 w-1/3 rounded bg-muted" />
        <div className="h-9 rounded bg-muted" />
      </div>
    </div>
  );
}
