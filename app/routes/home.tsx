import { useTranslation } from "~/components/use-translation";
import { useTierName } from "~/components/use-tier-name";
import { reachedLevel } from "~/domain/tier-names";
import { PartyIcon } from "~/components/icons";
import { Link } from "react-router";
import { CommunityProgress } from "~/components/community-progress";
import { CountUp } from "~/components/count-up";
import { Countdown } from "~/components/countdown";
import { DealGrid } from "~/components/deal-card";
import { useFormatShekel } from "~/components/price";
import { NAME_SLOT, withName } from "~/components/with-name";
import { dbContext, userContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { communityPricing, defaultCommunityId, progressView } from "~/services/community-pricing.server";
import { categorySummaries, dealsByCategory } from "~/services/deals.server";
import { highestTierDiscount, platformStats } from "~/services/platform-stats.server";
import { type FigureKey, figuresWorthShowing } from "~/domain/public-figures";
import type { Route } from "./+types/home";

/** Home shows up to 4 deals of each of these (spec). */
const HOT_CATEGORIES = ["vegetables", "fruits"] as const;
const HOT_PER_CATEGORY = 4;

export function loader({ context }: Route.LoaderArgs) {
  const t = getTranslate(context);
  const db = context.get(dbContext);
  const user = context.get(userContext);
  const viewer = { userId: user?.id ?? null, communityId: user?.communityId ?? null };
  // A guest (or a member yet to choose) gets the countdown of the first community with an open
  // week, named, with a link to its groups.
  const ownCommunityId = user?.communityId ?? null;
  const communityId = ownCommunityId ?? defaultCommunityId(db);
  const pricing = communityId ? communityPricing(db, communityId) : null;
  return {
    meta: { title: t("home.title"), description: t("home.description") },
    now: new Date().toISOString(),
    categories: categorySummaries(db),
    hot: dealsByCategory(db, [...HOT_CATEGORIES], HOT_PER_CATEGORY, viewer),
    // Only the figures worth saying (domain/public-figures); none, and the section goes.
    figures: figuresWorthShowing(platformStats(db), ["totalUsers", "totalSavings", "activeDeals"]),
    signedIn: Boolean(user),
    // "Up to N%" only with this install's own top tier (issue #45); no tiers, no figure.
    topDiscount: highestTierDiscount(db),
    // The spec's greeting: first name, or failing that the part of the e-mail before the @.
    greetingName: user ? user.firstName || user.email.split("@")[0] : null,
    progress: ownCommunityId && pricing ? progressView(pricing) : null,
    // The line under the hero: how far the shown community's week is from its next tier, for
    // guests too (issue #47: the first screen says what buying now does to the price).
    tierLine: pricing?.cycle ? tierLineOf(progressView(pricing)) : null,
    guestCommunity: !ownCommunityId && pricing?.cycle ? { id: pricing.community.id, name: pricing.community.name } : null,
    deadline: pricing?.cycle ? { orderDeadline: pricing.cycle.orderDeadline.toISOString(), isOrderingOpen: pricing.isOrderingOpen } : null,
  };
}

/** What the hero's tier line needs: the next tier's gap, or the top tier reached; null with no tiers. */
function tierLineOf(progress: ReturnType<typeof progressView>) {
  if (progress.next && progress.toNextTier !== null) return { community: progress.communityName, kind: "next" as const, amount: progress.toNextTier, percent: progress.next.discountPercent };
  if (progress.discountPercent > 0) return { community: progress.communityName, kind: "top" as const, amount: 0, percent: progress.discountPercent };
  return null;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta.title },
  { name: "description", content: loaderData?.meta.description },
];

const STEPS = [1, 2, 3, 4] as const;
const FIGURE_LABEL: Record<FigureKey, string> = {
  totalUsers: "home.statUsers",
  totalOrders: "home.statOrders",
  totalSavings: "home.statSavings",
  activeDeals: "home.statDeals",
};

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const tierName = useTierName();
  const shekel = useFormatShekel();
  const { categories, greetingName, progress, deadline, figures, now, signedIn, guestCommunity, tierLine } = loaderData;
  const hot = loaderData.hot;
  const number = (n: number) => n.toLocaleString(i18n.language === "he" ? "he-IL" : "en-IL");
  return (
    <>
      {progress ? (
        // One line on a 360 px phone (issue #47): the name gives way (ellipsis), the countdown never wraps.
        <div className="sticky top-16 z-30 border-b border-line bg-surface/95 backdrop-blur" aria-label={t("home.bannerLabel")} data-testid="community-banner">
          <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2 text-sm">
            <span className="min-w-0 truncate font-semibold">{progress.communityName}</span>
            <span className="hidden h-2 flex-1 overflow-hidden rounded-full bg-muted sm:block" aria-hidden="true">
              <span className="block h-full rounded-full bg-brand-500" style={{ inlineSize: `${progress.progressPercent}%` }} />
            </span>
            <span className="hidden whitespace-nowrap text-fg-muted sm:inline">{shekel(progress.revenue)}</span>
            <span className="ms-auto shrink-0 whitespace-nowrap"><Countdown initial={deadline ?? "error"} now={now} /></span>
          </div>
        </div>
      ) : null}
      {guestCommunity && deadline ? (
        <div className="border-b border-line bg-surface" aria-label={t("browse.home.countdownLabel", { community: guestCommunity.name })} data-testid="guest-countdown">
          <div className="mx-auto flex max-w-6xl items-center gap-3 px-4 py-2 text-sm">
            {/* On a phone the name is the way to the week's groups; wider, the link says so too. */}
            <Link to={`/groups?community=${guestCommunity.id}`} className="min-w-0 truncate font-semibold underline decoration-line underline-offset-4 sm:no-underline">
              <bdi>{guestCommunity.name}</bdi>
            </Link>
            <span className="shrink-0 whitespace-nowrap"><Countdown initial={deadline} now={now} communityId={guestCommunity.id} /></span>
            <Link to={`/groups?community=${guestCommunity.id}`} className="ms-auto hidden shrink-0 font-medium text-brand-700 underline sm:inline dark:text-brand-200">
              {t("browse.home.seeGroups")}
            </Link>
          </div>
        </div>
      ) : null}
      {/* The first screen of a 360 x 740 phone holds the hero, the tier line and the first row of
          deals (issue #47): the hero is compact there, and the hot deals come right after it. */}
      <section className="bg-gradient-to-b from-brand-50 to-page dark:from-brand-800/40">
        <div className="mx-auto max-w-6xl px-4 pb-4 pt-5 sm:py-20">
          <h1 className="max-w-2xl text-2xl font-extrabold leading-tight sm:text-5xl">
            {greetingName ? t("home.heroUserTitle", { name: greetingName }) : t("home.heroGuestTitle")}
          </h1>
          <p className="mt-4 hidden max-w-2xl text-lg leading-8 text-fg-muted sm:block">
            {greetingName ? t("home.heroUserText") : loaderData.topDiscount > 0 ? t("home.heroGuestText", { percent: loaderData.topDiscount }) : t("home.heroGuestTextPlain")}
          </p>
          {tierLine ? (
            <p className="mt-2 max-w-2xl font-semibold text-brand-800 sm:mt-4 dark:text-brand-100" data-testid="home-tier-line">
              {tierLine.kind === "next"
                ? withName(t("browse.nextTier", { amount: shekel(tierLine.amount), percent: tierLine.percent, community: NAME_SLOT }), tierLine.community)
                : withName(t("browse.topTier", { percent: tierLine.percent, community: NAME_SLOT }), tierLine.community)}
            </p>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-2 sm:mt-8 sm:gap-3">
            {greetingName ? (
              <>
                <Link to="/#categories" className="inline-flex min-h-11 items-center rounded-xl bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 sm:px-6 sm:py-3">{t("home.heroUserCta")}</Link>
                <Link to="/orders" className="inline-flex min-h-11 items-center rounded-xl border border-line bg-surface px-4 font-semibold hover:bg-muted sm:px-6 sm:py-3">{t("home.heroUserSecondary")}</Link>
              </>
            ) : (
              <>
                <Link to="/signup" className="inline-flex min-h-11 items-center rounded-xl bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 sm:px-6 sm:py-3">{t("home.heroGuestCta")}</Link>
                <Link to="/#how-it-works" className="inline-flex min-h-11 items-center rounded-xl border border-line bg-surface px-4 font-semibold hover:bg-muted sm:px-6 sm:py-3">{t("home.heroGuestSecondary")}</Link>
              </>
            )}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-12 pt-2 sm:pt-12">
        <h2 className="text-xl font-bold sm:text-2xl">{t("home.hotTitle")}</h2>
        {HOT_CATEGORIES.map((category) => (
          <div key={category} className="mt-2 sm:mt-6">
            <div className="flex items-baseline justify-between">
              <h3 className="text-lg font-semibold">{t(`categories.${category}`)}</h3>
              <Link to={`/deals?category=${category}`} className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-200">
                {t("home.viewAll", { category: t(`categories.${category}`) })}
              </Link>
            </div>
            {hot[category].length === 0 ? (
              // A new market (no DEMO_DATA) has no deals until its vendors add some.
              <p className="mt-3 text-fg-muted" data-testid={`hot-${category}-empty`}>{t("home.hotEmpty")}</p>
            ) : (
              <DealGrid deals={hot[category]} signedIn={signedIn} priorityFirst={false} className="mt-3" testId={`hot-${category}`} />
            )}
          </div>
        ))}
      </section>

      {progress ? (
        <section className="mx-auto grid max-w-6xl gap-3 px-4 pt-8">
          {progress.appliedTierName && progress.discountPercent > 0 ? (
            <p className="flex items-center gap-2 rounded-2xl border border-brand-200 bg-brand-50 p-4 font-semibold text-brand-800 dark:border-brand-700 dark:bg-brand-800 dark:text-brand-50" role="status">
              <PartyIcon className="size-5 shrink-0" /> {t("home.celebration", { tier: tierName(progress.appliedTierName, reachedLevel(progress.tiers, progress.revenue)), percent: progress.discountPercent })}
            </p>
          ) : null}
          <CommunityProgress data={progress} />
        </section>
      ) : null}

      <section id="categories" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
        <h2 className="text-2xl font-bold">{t("home.categoriesTitle")}</h2>
        <p className="mt-1 text-fg-muted">{t("home.categoriesText")}</p>
        <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {categories.map(({ category, dealCount, image }) => (
            <li key={category}>
              <Link
                to={`/deals?category=${category}`}
                className="group block overflow-hidden rounded-2xl border border-line bg-surface transition hover:-translate-y-0.5 hover:shadow-md"
                data-testid={`category-${category}`}
              >
                <img
                  src={image ?? "/images/produce/placeholder.svg"}
                  alt=""
                  width={400}
                  height={300}
                  className="aspect-[4/3] w-full object-cover"
                />
                <span className="block px-4 pt-3 text-lg font-semibold">{t(`categories.${category}`)}</span>
                <span className="block px-4 pb-3 text-sm text-fg-muted">{t("categories.dealCount", { count: dealCount })}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section id="how-it-works" className="mx-auto max-w-6xl scroll-mt-20 px-4 py-12">
        <h2 className="text-2xl font-bold">{t("home.howItWorksTitle")}</h2>
        <ol className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {STEPS.map((step) => (
            <li key={step} className="rounded-2xl border border-line bg-surface p-5">
              <span className="grid size-9 place-items-center rounded-full bg-brand-600 font-bold text-white" aria-hidden="true">{step}</span>
              <h3 className="mt-3 font-semibold">{t(`home.step${step}Title`)}</h3>
              <p className="mt-1 text-sm leading-6 text-fg-muted">{t(`home.step${step}Text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-12">
        <h2 className="text-2xl font-bold">{t("home.benefitsTitle")}</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {[1, 2, 3].map((n) => (
            <li key={n} className="rounded-2xl bg-brand-50 p-5 dark:bg-brand-800/50">
              <h3 className="font-semibold">{n === 2 && loaderData.topDiscount === 0 ? t("home.benefit2TitlePlain") : t(`home.benefit${n}Title`, { percent: loaderData.topDiscount })}</h3>
              <p className="mt-1 text-sm leading-6 text-fg-muted">{t(`home.benefit${n}Text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      {figures.length > 0 ? (
        <section className="mx-auto max-w-6xl px-4 py-12" aria-labelledby="stats-title">
          <h2 id="stats-title" className="text-2xl font-bold">{t("home.statsTitle")}</h2>
          <dl className="mt-6 grid gap-4 sm:grid-cols-3" data-testid="platform-stats">
            {figures.map(({ key, value }) => (
              <div key={key} className="rounded-2xl border border-line bg-surface p-5 text-center" data-testid={`home-stat-${key}`}>
                <dd className="text-3xl font-extrabold text-brand-700 dark:text-brand-200"><CountUp value={value} format={key === "totalSavings" ? shekel : number} /></dd>
                <dt className="text-fg-muted">{t(FIGURE_LABEL[key])}</dt>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <section className="mx-auto max-w-6xl px-4 py-12">
        <div className="rounded-3xl bg-brand-700 p-8 text-white sm:p-12">
          <h2 className="text-3xl font-bold" data-testid="closing-cta">
            {greetingName ? t("home.ctaUserTitle", { name: greetingName }) : t("home.ctaGuestTitle")}
          </h2>
          <p className="mt-2 max-w-xl text-brand-50">{greetingName ? t("home.ctaUserText") : t("home.ctaGuestText")}</p>
          <Link to={greetingName ? "/deals" : "/signup"} className="mt-6 inline-block rounded-xl bg-white px-6 py-3 font-semibold text-brand-800 hover:bg-brand-50">
            {greetingName ? t("home.ctaUserButton") : t("home.ctaGuestButton")}
          </Link>
        </div>
      </section>
    </>
  );
}
