import { useId, type FormEvent } from "react";
import { useTranslation } from "~/components/use-translation";
import { useUnitName } from "./use-unit-name";
import { useFetchers, useLocation, useSubmit, Link } from "react-router";
import { HeartButton } from "./favorite-button";
import { HeartSymbol } from "./icons";
import { Price } from "./price";
import { useTap } from "./use-tap";
import { imageSrcSet } from "~/domain/image-upload";
import { dealCardAnchor } from "~/domain/deal-query";

import type { DealCardData } from "~/services/deals.server";

export type { DealCardData };

/** A card's width in the grid: half the phone's, a third from 640 px, a quarter of 72rem from 1024 px. */
const CARD_IMAGE_SIZES = "(min-width: 1024px) 270px, (min-width: 640px) 33vw, 50vw";
/** The fetcher keys of a card's one-tap add and heart, so the grid can tell which card is busy. */
const QUICK_ADD = "quick-add:";
const FAVORITE = "favorite:";

type DealCardProps = {
  deal: DealCardData;
  /** the first card of a page: its picture is the largest paint, fetched first */
  priority?: boolean;
  /** its one-tap add is on its way */
  adding?: boolean;
  /** a heart change on its way: true while adding, false while removing */
  heart?: boolean;
  bulkFormId?: string;
  /** the grid's one-tap add form (CardForms) */
  addFormId: string;
  /** the grid's heart form (CardForms); a guest's heart posts there too */
  heartFormId: string;
  /** 2 where the card sits right under the page's h1 (headings must not skip a level) */
  headingLevel?: 2 | 3;
};

/**
 * A deal in a grid, small enough for two in a row on a 360 px phone: picture, title, price for
 * the viewer's community with the saving, up to three quantity-tier tiles, the heart and a "+"
 * that puts one in the cart in one tap. Its "+" and heart are submit buttons of two forms the
 * grid holds once for all its cards (`form` attribute), each button carrying its deal in its
 * own value; the grid turns their submits into fetchers. In bulk mode a checkbox joins the card
 * to the page's bulk form instead.
 */
export function DealCard(props: DealCardProps) {
  const { deal } = props;
  return (
    <article id={dealCardAnchor(deal.slug)} className="deal-card" data-testid="deal-card" data-slug={deal.slug}>
      <DealCardContent {...props} />
    </article>
  );
}

/** The grid's one drawing of the heart its cards' hearts show (the id is the grid's own). */
const heartSymbolId = (heartFormId: string) => `${heartFormId}-icon`;

/** The card's picture: its deal's first, or the placeholder. */
const cardImage = (deal: DealCardData) => deal.images[0] ?? "/images/produce/placeholder.svg";

function DealCardContent({
  deal,
  priority = false,
  adding = false,
  heart,
  bulkFormId,
  addFormId,
  heartFormId,
  headingLevel = 3,
}: DealCardProps) {
  const { t } = useTranslation();
  const unitName = useUnitName();
  const image = cardImage(deal);
  const srcSet = imageSrcSet(image);
  const group = deal.groups[0];
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const favorite = heart ?? deal.isFavorite;
  const dealHref = `/deals/${deal.slug}`;
  return (
    <>
      <div className="relative">
        <Link to={dealHref} className="block" tabIndex={-1} aria-hidden="true">
          <img
            src={image}
            srcSet={srcSet}
            // sizes only chooses among a srcset's widths; the placeholder and seeded pictures have none
            sizes={srcSet ? CARD_IMAGE_SIZES : undefined}
            alt=""
            width={400}
            height={300}
            loading={priority ? "eager" : "lazy"}
            fetchPriority={priority ? "high" : undefined}
            decoding="async"
            className="deal-card-image"
          />
        </Link>
        {deal.soldOut ? (
          <span className="deal-card-badge deal-card-badge-muted" data-testid="card-sold-out">{t("shop.deal.soldOutTitle")}</span>
        ) : deal.isHot ? (
          <span className="deal-card-badge">{t("shop.price.hot")}</span>
        ) : null}
        {bulkFormId ? (
          // Without an open group in the shopper's community the deal cannot join the cart this
          // week: nothing to tick (cart.server.ts refuses such a line).
          group && !deal.soldOut ? (
            <label className="round-button absolute end-2 top-2 size-11 cursor-pointer">
              <span className="sr-only">{t("shop.deals.select", { title: deal.title })}</span>
              <input type="checkbox" name="line" value={`${deal.id}:${group.id}`} form={bulkFormId} className="size-5 accent-brand-600" data-testid="bulk-select" />
            </label>
          ) : null
        ) : (
          // A guest's heart posts too: the server answers with the sign-in page and the spec's
          // "registration required" toast.
          <HeartButton shown={favorite} bursting={heart === true} position="absolute end-2 top-2" symbolId={heartSymbolId(heartFormId)} form={heartFormId} name="toggle" value={`${favorite ? "remove" : "add"}:${deal.id}`} />
        )}
        {bulkFormId || deal.soldOut ? null : (
          <button
            type="submit"
            form={addFormId}
            name="line"
            value={`${deal.id}:${group?.id ?? ""}`}
            disabled={adding}
            aria-label={adding ? t("browse.deals.adding") : t("browse.deals.add", { title: deal.title })}
            className="quick-add"
            data-testid="quick-add"
          >
            <span aria-hidden="true">{adding ? "…" : "+"}</span>
          </button>
        )}
      </div>

      <div className="deal-card-body">
        <Heading className="deal-card-title">
          <Link to={dealHref} className="hover:underline">
            {deal.title}
          </Link>
        </Heading>
        <p className="price-line">
          <Price agorot={deal.unitPrice} className="price-now text-lg" />
          <span className="text-xs text-fg-muted">{t("shop.price.perUnit", { unit: unitName(deal.unit) })}</span>
        </p>
        {deal.savingsPercent > 0 ? (
          <p className="price-line text-xs" data-testid="card-saving">
            <Price agorot={deal.basePrice} className="text-fg-muted line-through" />
            <span className="price-now font-semibold">{t("browse.deals.saving", { percent: deal.savingsPercent })}</span>
          </p>
        ) : null}
        {deal.quantityTiers.length > 0 ? (
          <ul className="mt-auto flex flex-wrap gap-1" aria-label={t("shop.price.basePrice")}>
            {deal.quantityTiers.map((tier) => (
              <li key={tier.thresholdQty} className="tier-chip">
                {t("shop.price.tierFrom", { qty: tier.thresholdQty })} · <Price agorot={tier.unitPrice} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}

/**
 * Deal cards in a grid: two in a row on a phone, more on wider screens. With JavaScript, one
 * submit listener here serves every card: its "+" and heart go as fetchers (no page load, no
 * jump to the top), and the card shows what is on its way until the server has it. A card's
 * links are React Router's.
 */
export function DealGrid({
  deals,
  signedIn,
  headingLevel,
  bulkFormId,
  onChange,
  className = "",
  testId,
  priorityFirst = true,
}: {
  deals: DealCardData[];
  /** false where the grid starts below the fold (home): no picture of it is the largest paint */
  priorityFirst?: boolean;
  signedIn: boolean;
  headingLevel?: 2 | 3;
  bulkFormId?: string;
  /** change events of the cards' inputs (the bulk checkboxes) */
  onChange?: () => void;
  className?: string;
  testId?: string;
}) {
  const submit = useSubmit();
  const location = useLocation();
  const here = location.pathname + location.search;
  const adding = new Set<string>();
  const hearts = new Map<string, boolean>();
  for (const fetcher of useFetchers()) {
    if (fetcher.state === "idle") continue;
    if (fetcher.key.startsWith(QUICK_ADD)) adding.add(fetcher.key.slice(QUICK_ADD.length));
    else if (fetcher.key.startsWith(FAVORITE)) hearts.set(fetcher.key.slice(FAVORITE.length), fetcher.formData?.get("intent") === "add");
  }
  const formIds = useId();
  const addFormId = `${formIds}add`;
  const heartFormId = `${formIds}heart`;
  const priority = priorityFirst && deals.length > 0;
  function sendInPlace(event: FormEvent<HTMLElement>) {
    const form = event.target;
    const button = (event.nativeEvent as SubmitEvent).submitter;
    if (!(form instanceof HTMLFormElement) || !(button instanceof HTMLButtonElement)) return;
    const formData = cardSubmission(form.id === addFormId ? "add" : form.id === heartFormId ? "heart" : null, button.value, here);
    if (!formData) return;
    event.preventDefault();
    const key = form.id === addFormId ? QUICK_ADD + formData.get("dealId") : FAVORITE + formData.get("dealId");
    void submit(formData, { method: "post", action: form.getAttribute("action")!, navigate: false, fetcherKey: key, preventScrollReset: true });
  }
  return (
    <div
      className={`grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4 ${className}`}
      onSubmit={sendInPlace}
      onChange={onChange}
      data-testid={testId}
    >
      <>
        {bulkFormId ? null : <CardForms addFormId={addFormId} heartFormId={heartFormId} here={here} />}
        {bulkFormId ? null : <HeartSymbol id={heartSymbolId(heartFormId)} />}
        {deals.map((deal, i) => (
          <DealCard
            key={deal.id}
            deal={deal}
            priority={priority && i === 0}
            adding={adding.has(deal.id)}
            heart={signedIn ? hearts.get(deal.id) : undefined}
            headingLevel={headingLevel}
            bulkFormId={bulkFormId}
            addFormId={addFormId}
            heartFormId={heartFormId}
          />
        ))}
      </>
    </div>
  );
}

/**
 * The two forms every card of a grid submits through its own button (the button's name and value
 * say which deal). Without JavaScript the post comes back to the page, and the server adds the
 * card's anchor (`anchor=card`) so the shopper lands on the card she tapped. They sit inside
 * the grid, so their submit events reach its handler; `hidden` keeps them out of the layout.
 */
function CardForms({ addFormId, heartFormId, here }: { addFormId: string; heartFormId: string; here: string }) {
  const tap = useTap();
  return (
    <>
      <form id={addFormId} method="post" action="/cart" hidden>
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="qty" value="1" />
        <input type="hidden" name="redirectTo" value={here} />
        <input type="hidden" name="anchor" value="card" />
        <input type="hidden" name="tap" value={tap} />
      </form>
      <form id={heartFormId} method="post" action="/favorites" hidden>
        <input type="hidden" name="redirectTo" value={here} />
        <input type="hidden" name="anchor" value="card" />
      </form>
    </>
  );
}

/**
 * What the grid sends as a fetcher for a card's button, in the fields the cart's and the
 * favorites' actions read (and the busy cards are told by): back to the list as it is, no anchor.
 */
function cardSubmission(form: "add" | "heart" | null, value: string, here: string): FormData | null {
  const [first, second] = value.split(":");
  const formData = new FormData();
  formData.set("redirectTo", here);
  if (form === "add" && first) {
    formData.set("intent", "add");
    formData.set("dealId", first);
    formData.set("groupId", second ?? "");
    formData.set("qty", "1");
    return formData;
  }
  if (form === "heart" && (first === "add" || first === "remove") && second) {
    formData.set("intent", first);
    formData.set("dealId", second);
    return formData;
  }
  return null;
}

/** A grey card while results load (12 of them, spec). */
export function DealCardSkeleton() {
  return (
    <div className="animate-pulse overflow-hidden rounded-2xl border border-line bg-surface" aria-hidden="true">
      <div className="aspect-[4/3] bg-muted" />
      <div className="space-y-2 p-3">
        <div className="h-4 w-3/4 rounded bg-muted" />
        <div className="h-6 w-1/2 rounded bg-muted" />
      </div>
    </div>
  );
}
