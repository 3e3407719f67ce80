import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowDownIcon, CheckIcon, ClockIcon } from "~/components/icons";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "~/components/use-translation";
import { useUnitName } from "~/components/use-unit-name";
import { data, Form, useLocation, useNavigation, Link } from "react-router";
import { CommunityProgress } from "~/components/community-progress";
import { CycleBox } from "~/components/cycle-box";
import { DeliveryOptions } from "~/components/delivery-options";
import { FavoriteButton } from "~/components/favorite-button";
import { InviteShare } from "~/components/invite-share";
import { Price, useFormatShekel } from "~/components/price";
import { QtyStepper } from "~/components/qty-stepper";
import { ReviewsSection } from "~/components/reviews";
import { ShareButton } from "~/components/share-button";
import { useHydrated } from "~/components/use-hydrated";
import { useTap } from "~/components/use-tap";
import { dbContext, userContext } from "~/context";
import { getLocale, getTranslate } from "~/web/language.server";
import { savedAddressOptions } from "~/services/addresses.server";
import { activePickupPoints, communityDelivery, listCommunities } from "~/services/communities.server";
import { pickCommunityId, progressView } from "~/services/community-pricing.server";
import { findDeal, type DealView } from "~/services/deals.server";
import { deliveryPhrases, offersDelivery } from "~/domain/delivery";
import { publicOrigin } from "~/config.server";
import { ServiceError } from "~/domain/errors";
import { formatShekel } from "~/domain/money";
import { imageSrcSet } from "~/domain/image-upload";
import { isHot, priceBreakdown } from "~/domain/pricing";
import { isSoldOut, orderableMax } from "~/domain/stock";
import { Countdown } from "~/components/countdown";
import { NAME_SLOT, withName } from "~/components/with-name";
import { findInviteLink } from "~/services/referrals.server";
import { canReview, createReview, listReviews, ratingSummary } from "~/services/reviews.server";
import { moreReviews, reviewsToShow } from "~/domain/review-list";
import { ReviewSchema } from "~/domain/shop-schemas";
import { pickupWhenText, shownPickupPoint, type ShownPickupPoint } from "~/domain/pickup-point";
import { formatDateTime, formatRelative } from "~/domain/dates";
import { PickupPointList } from "~/components/pickup-point";
import { redirectWithToast } from "~/web/toast.server";
import { MessageScreen } from "~/components/message-screen";
import type { Route } from "./+types/deal";
import { readForm } from "~/web/form.server";

export function loader({ url, params, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const t = getTranslate(context);
  const user = context.get(userContext);
  // A member sees their own community's prices; anyone else the one they pick (?community=),
  // or until they pick, the first community with an open week: never "no active order cycle"
  // while a week is open somewhere.
  const asked = url.searchParams.get("community");
  const communityId = user?.communityId ?? pickCommunityId(db, [asked]);
  const found = findDeal(db, { slug: params.slug }, { userId: user?.id ?? null, communityId });
  if (!found) return data({ notFound: true as const, title: t("shop.deal.notFound") }, { status: 404 });
  const { deal, pricing } = found;
  const now = new Date();
  // The community picker is for someone without a community of their own; a member's page
  // needs only their community's pickup points (listing every community was 3 % of the page).
  const communities = user?.communityId ? [] : listCommunities(db);
  // Every date the page shows is written here, not in the browser: a phone would load Intl's
  // date formatting (about 100 ms of a 4x-slowed Chromium) while it hydrates, for texts the
  // server has already written.
  const language = getLocale(context);
  const dayName = (day: number) => t(`days.${day}`);
  const orderDeadline = pricing?.cycle?.orderDeadline ?? null;
  const withWhen = (point: ShownPickupPoint, deadline: Date | null) => ({ ...shownPickupPoint(point), when: pickupWhenText(point, deadline, language, dayName) });
  return {
    notFound: false as const,
    title: `${deal.title} | ${t("app.name")}`,
    description: deal.description,
    deal: shownOf(deal),
    now: now.toISOString(),
    signedIn: Boolean(user),
    hasOwnCommunity: Boolean(user?.communityId),
    // Each with its first pickup point, what the picker names of where and when.
    communities: communities.map((c) => ({ id: c.id, name: c.name, firstPoint: c.pickupPoints[0] ? withWhen(c.pickupPoints[0], null) : null })),
    community: pricing
      ? {
          id: pricing.community.id,
          name: pricing.community.name,
          description: pricing.community.description,
          contactPhone: pricing.community.contactPhone,
        }
      : null,
    // What the shipping tab lists of each point (a point's row has eleven columns).
    pickupPoints: pricing?.community.isActive
      ? activePickupPoints(db, pricing.community.id).map((point) => withWhen(point, orderDeadline))
      : [],
    // The community's own delivery (issue #45): off, the page offers pickup alone.
    delivery: communityDelivery(db, pricing?.community.id),
    progress: pricing ? progressView(pricing) : null,
    cycle: pricing?.cycle
      ? {
          orderDeadline: pricing.cycle.orderDeadline.toISOString(),
          pickupDate: pricing.cycle.pickupDate.toISOString(),
          isOrderingOpen: pricing.isOrderingOpen,
          deadlineText: formatDateTime(pricing.cycle.orderDeadline, language),
          pickupText: formatDateTime(pricing.cycle.pickupDate, language),
        }
      : null,
    reviews: listReviews(db, deal.id, reviewsToShow(url.searchParams.get("reviews"))).map((review) => ({ ...review, age: formatRelative(review.createdAt, now, language) })),
    rating: ratingSummary(db, deal.id),
    canReview: user ? canReview(db, user.id, deal.id) : false,
    addresses: user ? savedAddressOptions(db, user.id) : [],
    // A member's link for this deal, once they asked for one (the "invite neighbours" form).
    inviteLink: user ? findInviteLink(db, user, publicOrigin(), deal.id) : null,
  };
}

/** What the page shows of a deal: not its dates or vendor id; of its status only whether it still sells. */
function shownOf(deal: DealView) {
  const { id, title, description, category, unit, images, basePrice, minQty, discountPercent, quantityTiers, groups, isFavorite, vendorName, stock } = deal;
  const onSale = deal.status === "ACTIVE";
  return {
    id, title, description, category, unit, images, basePrice, minQty, discountPercent, quantityTiers, groups, isFavorite, vendorName, stock, onSale,
    // The most one order may take now: the per-order maximum, or what is left (domain/stock.ts).
    maxQty: orderableMax(deal.maxQty, stock),
    soldOut: onSale && isSoldOut(stock, minQty),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title },
  ...(loaderData && !loaderData.notFound ? [{ name: "description", content: loaderData.description }] : []),
];

/** Writing a review (the add-to-cart form posts to /cart). */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  const here = url.pathname;
  if (!user) return redirectWithToast(request, `/login?redirect=${encodeURIComponent(here)}`, { variant: "warning", title: "errors.unauthorized" });
  const db = context.get(dbContext);
  const found = findDeal(db, { slug: params.slug }, { userId: user.id, communityId: user.communityId });
  if (!found) return data(null, { status: 404 });
  const submission = parseWithZod(await readForm(request), { schema: ReviewSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    createReview(db, user.id, found.deal.id, submission.value);
  } catch (error) {
    if (error instanceof ServiceError) return data(submission.reply({ formErrors: [error.messageKey] }), { status: error.status });
    throw error;
  }
  return redirectWithToast(request, `${here}#reviews`, { variant: "success", title: "shop.toast.reviewSubmitted" });
}

const TABS = ["description", "specs", "reviews", "shipping"] as const;

/** The page's own address with one parameter of its query set (the community asked for stays). */
function withSearchParam({ pathname, search }: { pathname: string; search: string }, name: string, value: string) {
  const params = new URLSearchParams(search);
  params.set(name, value);
  return `${pathname}?${params}`;
}

export default function DealPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const unitName = useUnitName();
  const location = useLocation();
  const hydrated = useHydrated();
  const shekel = useFormatShekel();
  const [qty, setQty] = useState(1);
  const tap = useTap();
  // The add is on its way (0.3-2 s on a slow phone): the button says so and takes no second tap.
  const navigation = useNavigation();
  const adding = navigation.state !== "idle" && navigation.formAction === "/cart" && navigation.formData?.get("intent") === "add";
  const [tab, setTab] = useState<(typeof TABS)[number]>("description");
  // A link to #reviews (the header's review count, the redirect after a review) opens that tab.
  useEffect(() => {
    const wanted = location.hash.replace(/^#(tab-)?/, "");
    if ((TABS as readonly string[]).includes(wanted)) setTab(wanted as (typeof TABS)[number]);
  }, [location.hash]);

  const shown = useMemo(() => (loaderData.notFound ? null : { deal: loaderData.deal, reviews: loaderData.reviews }), [loaderData]);

  if (loaderData.notFound || !shown) {
    return <MessageScreen title={t("shop.deal.notFound")} text={t("shop.deal.notFoundText")} linkTo="/deals" linkLabel={t("shop.deal.backToDeals")} />;
  }

  const { deal, reviews } = shown;
  const { community, progress, cycle, now } = loaderData;
  const breakdown = priceBreakdown({ basePrice: deal.basePrice, quantityTiers: deal.quantityTiers, qty, discountPercent: deal.discountPercent });
  const { unitPrice, savingsPercent: saving } = breakdown;
  const group = deal.groups[0];
  const here = location.pathname + location.search;
  const images = deal.images.length > 0 ? deal.images : ["/images/produce/placeholder.svg"];
  const more = moreReviews(reviews.length, loaderData.rating.totalReviews);
  const shippingPhrases = deliveryPhrases(loaderData.delivery, (agorot) => formatShekel(agorot, i18n.language));

  const panels = {
    description: <p className="leading-8">{deal.description}</p>,
    specs: (
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="text-fg-muted">{t("shop.deal.specVendor")}</dt><dd>{deal.vendorName}</dd>
        <dt className="text-fg-muted">{t("shop.deal.specCategory")}</dt><dd>{t(`categories.${deal.category}`)}</dd>
        <dt className="text-fg-muted">{t("shop.deal.specUnit")}</dt><dd>{unitName(deal.unit)}</dd>
        <dt className="text-fg-muted">{t("shop.deal.specFreshness")}</dt><dd>{t("shop.deal.freshnessText")}</dd>
      </dl>
    ),
    reviews: (
      <ReviewsSection
        reviews={reviews}
        summary={loaderData.rating}
        canReview={loaderData.canReview}
        signedIn={loaderData.signedIn}
        lastResult={actionData}
        more={more}
        moreHref={`${withSearchParam(location, "reviews", String(reviews.length + more))}#reviews`}
      />
    ),
    shipping: (
      <ul className="grid list-disc gap-2 ps-5">
        <li>{t("shop.deal.shippingPickup")}</li>
        {offersDelivery(loaderData.delivery) ? (
          <>
            <li>{t(shippingPhrases.time.key, shippingPhrases.time.values)}</li>
            <li>{t("shop.communityDelivery.priceLine", { price: t(shippingPhrases.price.key, shippingPhrases.price.values) })}</li>
          </>
        ) : (
          <li data-testid="shipping-pickup-only">{t("shop.communityDelivery.pickupOnly")}</li>
        )}
      </ul>
    ),
  };
  const tabLabel = (name: (typeof TABS)[number]) =>
    name === "reviews" ? t("shop.deal.tabReviews", { count: loaderData.rating.totalReviews }) : t(`shop.deal.tab${name[0].toUpperCase()}${name.slice(1)}`);

  return (
    <article className="mx-auto max-w-6xl px-4 py-8 pb-28 md:pb-8">
      <nav className="text-sm text-fg-muted">
        <Link to="/deals" className="hover:underline">{t("shop.deals.title")}</Link>
        {" / "}
        <Link to={`/deals?category=${deal.category}`} className="hover:underline">{t(`categories.${deal.category}`)}</Link>
      </nav>
      {/* grid-cols-1 is minmax(0, 1fr): an implicit column would widen to its widest content. */}
      <div className="mt-4 grid grid-cols-1 gap-8 lg:grid-cols-2">
        <div className="grid grid-cols-1 gap-3">
          {/* The largest paint: fetched first; a phone takes the 800 px copy of an upload. */}
          <img src={images[0]} srcSet={imageSrcSet(images[0]!)} sizes="(min-width: 1024px) 544px, calc(100vw - 2rem)" alt={deal.title} width={800} height={600} fetchPriority="high" className="aspect-[4/3] w-full rounded-2xl border border-line object-cover" />
          {images.length > 1 ? (
            <div className="flex gap-2">
              {images.slice(1).map((src) => <img key={src} src={src} srcSet={imageSrcSet(src)} sizes="120px" alt="" width={120} height={90} loading="lazy" className="rounded-lg border border-line" />)}
            </div>
          ) : null}
        </div>

        <div className="grid min-w-0 grid-cols-1 content-start gap-4">
          <div className="flex items-start justify-between gap-3">
            <div>
              <p className="text-sm text-fg-muted">{t(`categories.${deal.category}`)} · {deal.vendorName}</p>
              <h1 className="mt-1 text-3xl font-bold">{deal.title}</h1>
              <a href="#reviews" className="text-sm text-fg-muted hover:underline" onClick={() => setTab("reviews")}>
                {loaderData.rating.totalReviews > 0
                  ? `★ ${loaderData.rating.averageRating} · ${t("shop.deal.reviewsCount", { count: loaderData.rating.totalReviews })}`
                  : t("shop.deal.noReviews")}
              </a>
            </div>
            <div className="flex gap-2">
              <FavoriteButton dealId={deal.id} isFavorite={deal.isFavorite} signedIn={loaderData.signedIn} />
              <ShareButton title={deal.title} />
            </div>
          </div>

          <div className="rounded-2xl border border-line bg-surface p-4" id="add-to-cart">
            <p className="flex flex-wrap items-baseline gap-x-3">
              <Price agorot={unitPrice} className="text-3xl font-extrabold text-brand-700 dark:text-brand-200" />
              <span className="text-fg-muted">{t("shop.price.perUnit", { unit: unitName(deal.unit) })}</span>
              {saving > 0 ? (
                <>
                  <Price agorot={deal.basePrice} className="text-fg-muted line-through" />
                  <span className="rounded-full bg-brand-100 px-2 py-0.5 text-sm font-semibold text-brand-800">{t("shop.price.save", { percent: saving })}</span>
                </>
              ) : null}
              {isHot(deal.discountPercent) ? <span className="rounded-full bg-accent-600 px-2 py-0.5 text-sm font-bold text-white">{t("shop.price.hot")}</span> : null}
            </p>
            {!community ? <p className="mt-1 text-sm text-fg-muted">{t("shop.price.guestPrice")}</p> : null}
            {community ? (
              <div className="mt-2 grid gap-0.5 text-sm" data-testid="price-explain">
                <p>
                  {breakdown.discountPercent > 0
                    ? t("browse.explain", { quantityPrice: shekel(breakdown.quantityPrice), percent: breakdown.discountPercent, price: shekel(unitPrice) })
                    : withName(t("browse.explainNoDiscount", { price: shekel(unitPrice), community: NAME_SLOT }), community.name)}
                </p>
                {breakdown.savedTotal > 0 ? (
                  <p className="font-semibold text-brand-700 dark:text-brand-200" data-testid="price-saving">
                    {t("browse.saving", { amount: shekel(breakdown.savedTotal), percent: saving })}
                  </p>
                ) : null}
              </div>
            ) : null}
            {deal.quantityTiers.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-2">
                {deal.quantityTiers.map((tier) => (
                  <li key={tier.thresholdQty} className="rounded-lg bg-muted px-2.5 py-1 text-sm">
                    {t("shop.price.tierFrom", { qty: tier.thresholdQty })} · <Price agorot={tier.unitPrice} />
                  </li>
                ))}
              </ul>
            ) : null}
            {/* Live with nothing left (it sells again once the farmer adds stock), or ended or
                archived (the page stays for its links and reviews): either way, no add. */}
            {deal.soldOut ? <NotForSale kind="soldOut" /> : deal.onSale ? null : <NotForSale kind="ended" />}
            {deal.onSale && !deal.soldOut ? (
              <Form method="post" action="/cart" preventScrollReset className="mt-4 flex flex-wrap items-center gap-3">
                <input type="hidden" name="intent" value="add" />
                <input type="hidden" name="dealId" value={deal.id} />
                <input type="hidden" name="groupId" value={group?.id ?? ""} />
                <input type="hidden" name="redirectTo" value={here} />
                <input type="hidden" name="tap" value={tap} />
                <QtyStepper id="deal-qty" min={deal.minQty} defaultValue={deal.minQty} max={deal.maxQty} onChange={setQty} label={t("shop.deal.quantity")} />
                <button
                  type="submit"
                  disabled={adding}
                  aria-busy={adding}
                  className="flex-1 rounded-lg bg-brand-600 px-5 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
                  data-testid="add-to-cart"
                >
                  {adding ? t("browse.deals.adding") : t("shop.deal.addToCart")}
                </button>
              </Form>
            ) : null}
            {deal.onSale && !deal.soldOut ? (
              <p className="mt-2 text-xs text-fg-muted">
                {t("shop.deal.maxQty", { max: deal.maxQty, unit: unitName(deal.unit, deal.maxQty) })}
                {deal.stock !== null ? <span data-testid="deal-stock-left">{` · ${t("shop.deal.stockLeft", { left: deal.stock })}`}</span> : null}
                {hydrated && qty > 1 ? ` · ${t("shop.deal.totalFor", { qty })} ${shekel(unitPrice * qty)}` : null}
              </p>
            ) : null}
            {community && (cycle || progress) ? (
              // The deadline and what the next tier is worth, beside the button that acts on them.
              <ul className="mt-3 grid gap-1.5 border-t border-line pt-3 text-sm" data-testid="deal-urgency">
                {cycle ? (
                  <li className="flex items-center gap-2">
                    <ClockIcon className="size-4 shrink-0" />
                    <Countdown initial={cycle} now={now} communityId={community.id} short />
                  </li>
                ) : null}
                {progress?.next && progress.toNextTier !== null ? (
                  <li className="flex items-center gap-2" data-testid="deal-next-tier">
                    <ArrowDownIcon className="size-4 shrink-0" />
                    <span>{withName(t("browse.nextTier", { amount: shekel(progress.toNextTier), percent: progress.next.discountPercent, community: NAME_SLOT }), community.name)}</span>
                  </li>
                ) : progress && progress.discountPercent > 0 ? (
                  <li className="flex items-center gap-2" data-testid="deal-next-tier">
                    <CheckIcon className="size-4 shrink-0" />
                    <span>{withName(t("browse.topTier", { percent: progress.discountPercent, community: NAME_SLOT }), community.name)}</span>
                  </li>
                ) : null}
                {!loaderData.hasOwnCommunity ? (
                  <li className="text-fg-muted" data-testid="deal-guest-community">
                    {withName(t("browse.guestCommunity", { community: NAME_SLOT }), community.name)}{" "}
                    <a href="#community-picker" className="font-medium text-brand-700 underline dark:text-brand-200">{t("browse.guestPick")}</a>
                  </li>
                ) : null}
              </ul>
            ) : null}
          </div>

          {progress ? <CommunityProgress data={progress} /> : <p className="rounded-2xl border border-line bg-surface p-4 text-sm text-fg-muted">{t("shop.community.joinToSee")}</p>}

          {!loaderData.hasOwnCommunity && loaderData.communities.length > 0 ? (
            <Form method="get" id="community-picker" className="flex scroll-mt-20 flex-wrap items-end gap-2 rounded-2xl border border-line bg-surface p-4">
              <label className="grid min-w-0 flex-1 grid-cols-1 gap-1 text-sm font-medium">
                {t("shop.community.pickerLabel")}
                <select name="community" defaultValue={community?.id ?? ""} className="w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-2">
                  <option value="">{t("auth.chooseCommunity")}</option>
                  {loaderData.communities.map((c) => (
                    <option key={c.id} value={c.id}>{c.name}{c.firstPoint ? ` · ${c.firstPoint.when}` : ""}</option>
                  ))}
                </select>
              </label>
              <button type="submit" className="rounded-lg border border-line px-4 py-2 hover:bg-muted">{t("shop.deals.apply")}</button>
            </Form>
          ) : null}

          {community ? (
            <section className="rounded-2xl border border-line bg-surface p-4 text-sm">
              <CommunityPickup community={community} pickupPoints={loaderData.pickupPoints} orderDeadline={loaderData.cycle?.orderDeadline ?? null} />
            </section>
          ) : null}

          {loaderData.signedIn && loaderData.hasOwnCommunity ? (
            <section id="invite" className="rounded-2xl border border-line bg-surface p-4" aria-labelledby="deal-invite-title" data-testid="deal-invite">
              <h2 id="deal-invite-title" className="font-semibold">{t("referrals.deal.title")}</h2>
              <p className="mt-1 text-sm text-fg-muted">{t("referrals.deal.lead")}</p>
              <div className="mt-3">
                {loaderData.inviteLink ? (
                  <InviteShare url={loaderData.inviteLink.url} title={deal.title} text={t("referrals.share.dealText", { deal: deal.title, community: community?.name ?? "" })} />
                ) : (
                  <Form method="post" action="/invite" preventScrollReset>
                    <input type="hidden" name="dealId" value={deal.id} />
                    <input type="hidden" name="redirectTo" value={here} />
                    <button type="submit" className="rounded-lg border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 dark:text-brand-200 dark:hover:bg-brand-800">{t("referrals.deal.create")}</button>
                  </Form>
                )}
              </div>
            </section>
          ) : null}

          <CycleBox cycle={cycle} now={now} communityId={community?.id} />
          <DeliveryOptions subtotal={unitPrice * qty} pickup={community ? { points: loaderData.pickupPoints, orderDeadline: loaderData.cycle?.orderDeadline ?? null } : null} delivery={loaderData.delivery} addresses={loaderData.addresses} />
        </div>
      </div>

      <section className="mt-10" id="reviews">
        {/* The tabs wrap to a second row on a narrow phone rather than hide behind a sideways scroll (#47). */}
        <div role="tablist" aria-label={t("shop.deal.tabsLabel")} className="flex flex-wrap gap-x-1 border-b border-line">
          {TABS.map((name) => (
            <a
              key={name}
              role="tab"
              href={`#tab-${name}`}
              aria-selected={hydrated ? tab === name : undefined}
              onClick={(e) => {
                e.preventDefault();
                setTab(name);
              }}
              className={`whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium sm:px-4 ${hydrated && tab === name ? "border-brand-600 text-brand-700 dark:text-brand-200" : "border-transparent text-fg-muted"}`}
            >
              {tabLabel(name)}
            </a>
          ))}
        </div>
        {/* Without JavaScript every panel shows, one under the other; with it, one at a time. */}
        {TABS.map((name) => {
          const attributes = { id: `tab-${name}`, role: "tabpanel", hidden: hydrated && tab !== name, className: "py-5" };
          const shown = (
            <>
              {hydrated ? null : <h2 className="mb-3 text-lg font-semibold">{tabLabel(name)}</h2>}
              {panels[name]}
            </>
          );
          return (
            <div key={name} {...attributes}>
              {shown}
            </div>
          );
        })}
      </section>

      {deal.onSale && !deal.soldOut ? (
        <div className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-surface/95 p-3 backdrop-blur md:hidden">
          <a href="#add-to-cart" className="block rounded-lg bg-brand-600 px-4 py-3 text-center font-semibold text-white">
            {t("shop.deal.joinBar", { price: shekel(unitPrice) })}
          </a>
        </div>
      ) : null}
    </article>
  );
}

/** Why this deal cannot be ordered now, and the way back to the deals that can. */
function NotForSale({ kind }: { kind: "soldOut" | "ended" }) {
  const { t } = useTranslation();
  return (
    <div className="mt-4 rounded-lg border border-line bg-muted p-3" role="status" data-testid={kind === "soldOut" ? "deal-sold-out" : "deal-ended"}>
      <p className="font-semibold">{t(`shop.deal.${kind}Title`)}</p>
      <p className="mt-1 text-sm text-fg-muted">{t(`shop.deal.${kind}Text`)}</p>
      <Link to="/deals" className="mt-2 inline-block font-semibold text-brand-700 underline dark:text-brand-200">
        {t("shop.deal.backToDeals")}
      </Link>
    </div>
  );
}

type FoundDeal = Extract<Route.ComponentProps["loaderData"], { notFound: false }>;

/** The community's name and description, and where and when it picks up: its pickup points, this week's day each. */
function CommunityPickup({ community, pickupPoints, orderDeadline }: { community: NonNullable<FoundDeal["community"]>; pickupPoints: FoundDeal["pickupPoints"]; orderDeadline: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="font-semibold">{community.name}</p>
      {community.description ? <p className="mt-1 text-fg-muted">{community.description}</p> : null}
      <p className="mt-2 font-medium">{t("shop.community.pickupPoints")}</p>
      <div className="mt-1">
        <PickupPointList points={pickupPoints} orderDeadline={orderDeadline} />
      </div>
      {community.contactPhone ? <p dir="ltr" className="mt-2 text-end">{community.contactPhone}</p> : null}
    </>
  );
}
