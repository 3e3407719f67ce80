import { Form, Link } from "react-router";
import { ClockIcon } from "~/components/icons";
import { PickupPointList } from "~/components/pickup-point";
import { CommunityProgress } from "~/components/community-progress";
import { Countdown } from "~/components/countdown";
import { useFormatShekel } from "~/components/price";
import { ShareButton } from "~/components/share-button";
import { useTranslation } from "~/components/use-translation";
import { useUnitName } from "~/components/use-unit-name";
import { NAME_SLOT, withName } from "~/components/with-name";
import { publicOrigin } from "~/config.server";
import { dbContext, userContext } from "~/context";
import { formatShekel } from "~/domain/money";
import { whatsappShareUrl } from "~/domain/referral-code";
import { listCommunities } from "~/services/communities.server";
import { pickCommunityId } from "~/services/community-pricing.server";
import { communityWeek } from "~/services/community-week.server";
import { getTranslator } from "~/web/language.server";
import type { Route } from "./+types/groups";

/**
 * /groups: a community's group purchases this week, the page an organiser shares. The community
 * in the link (?community=) comes first, then the shopper's own, then the default one.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  const db = context.get(dbContext);
  const i18n = getTranslator(context);
  const t = i18n.t;
  const user = context.get(userContext);
  const asked = url.searchParams.get("community");
  const communityId = pickCommunityId(db, [asked, user?.communityId]);
  const week = communityId ? communityWeek(db, communityId) : null;
  const communities = listCommunities(db).map((c) => ({ id: c.id, name: c.name }));
  const name = week?.community.name ?? t("app.name");
  const next = week?.progress.next;
  const toNext = week?.progress.toNextTier ?? null;
  return {
    meta: {
      title: week ? t("browse.groups.metaTitle", { community: name }) : `${t("browse.groups.title")} | ${t("app.name")}`,
      description:
        next && toNext !== null
          ? t("browse.groups.metaDescriptionNext", { community: name, amount: formatShekel(toNext, i18n.language), percent: next.discountPercent })
          : t("browse.groups.metaDescription", { community: name }),
    },
    week,
    communities,
    shareUrl: week ? `${publicOrigin()}/groups?community=${encodeURIComponent(week.community.id)}` : null,
    isOwn: Boolean(user?.communityId && week && user.communityId === week.community.id),
    signedIn: Boolean(user),
    now: new Date().toISOString(),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.meta.title },
  { name: "description", content: loaderData?.meta.description },
  // A shared link shows these in WhatsApp and other previews.
  { property: "og:title", content: loaderData?.meta.title },
  { property: "og:description", content: loaderData?.meta.description },
];

export default function Groups({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const unitName = useUnitName();
  const shekel = useFormatShekel();
  const { week, communities, now, shareUrl } = loaderData;

  if (!week) {
    return (
      <section className="mx-auto max-w-3xl px-4 py-10">
        <h1 className="text-3xl font-bold">{t("browse.groups.title")}</h1>
        <p className="mt-3 text-fg-muted">{t("browse.groups.noCommunity")}</p>
      </section>
    );
  }

  const { community, progress, cycle } = week;
  const shareText = t("browse.groups.shareText", { community: community.name });
  const more = week.totalGroups - week.groups.length;

  return (
    <section className="mx-auto grid max-w-3xl grid-cols-1 gap-5 px-4 py-8" data-testid="groups-page">
      <header>
        <p className="text-sm font-semibold text-brand-700 dark:text-brand-200">{t("browse.groups.title")}</p>
        <h1 className="mt-1 text-3xl font-bold">
          <bdi>{community.name}</bdi>
        </h1>
        {loaderData.isOwn ? <p className="mt-1 inline-block rounded-full bg-brand-100 px-2.5 py-0.5 text-xs font-semibold text-brand-800">{t("browse.groups.yours")}</p> : null}
        <p className="mt-2 leading-7 text-fg-muted">{t("browse.groups.lead")}</p>
      </header>

      <div className="grid gap-2 rounded-2xl border border-brand-200 bg-brand-50 p-4 dark:border-brand-700 dark:bg-brand-800" data-testid="groups-summary">
        {cycle ? (
          <p className="flex items-center gap-2">
            <ClockIcon className="size-4 shrink-0" />
            <Countdown initial={cycle} now={now} communityId={community.id} short />
          </p>
        ) : (
          <p>{t("browse.groups.noCycle")}</p>
        )}
        {progress.next && progress.toNextTier !== null ? (
          <p className="font-semibold" data-testid="groups-next-tier">
            {withName(t("browse.nextTier", { amount: shekel(progress.toNextTier), percent: progress.next.discountPercent, community: NAME_SLOT }), community.name)}
          </p>
        ) : progress.discountPercent > 0 ? (
          <p className="font-semibold" data-testid="groups-next-tier">
            {withName(t("browse.topTier", { percent: progress.discountPercent, community: NAME_SLOT }), community.name)}
          </p>
        ) : null}
        <p data-testid="members-joined">
          {week.membersJoined > 0 ? t("browse.groups.membersJoined", { count: week.membersJoined }) : t("browse.groups.noneJoinedYet")}
        </p>
        <div className="text-sm text-fg-muted" data-testid="groups-pickup">
          <p>{t("browse.groups.pickupPoints")}</p>
          <PickupPointList points={community.pickupPoints} orderDeadline={cycle?.orderDeadline} withInstructions={false} />
        </div>
      </div>

      <CommunityProgress data={progress} />

      <div className="flex flex-wrap items-center gap-2">
        {shareUrl ? (
          <>
            <ShareButton title={loaderData.meta.title ?? ""} url={shareUrl} text={shareText} label={t("browse.groups.share")} copiedLabel={t("browse.groups.copied")} />
            <a
              href={whatsappShareUrl(shareText, shareUrl)}
              target="_blank"
              rel="noopener noreferrer"
              className="grid h-10 place-items-center rounded-full bg-[#25d366] px-4 text-sm font-semibold text-black hover:opacity-90"
            >
              {t("browse.groups.whatsapp")}
            </a>
          </>
        ) : null}
        {!loaderData.signedIn ? (
          <Link to="/signup" className="grid h-10 place-items-center rounded-full bg-brand-600 px-4 text-sm font-semibold text-white hover:bg-brand-700">
            {t("browse.groups.signupCta")}
          </Link>
        ) : null}
      </div>

      <section aria-labelledby="groups-list-title">
        <h2 id="groups-list-title" className="text-xl font-bold">{t("browse.groups.listTitle")}</h2>
        <ul className="mt-3 grid gap-3" data-testid="group-list">
          {week.groups.map((group, i) => (
            <li key={group.id} className="flex gap-3 rounded-2xl border border-line bg-surface p-3" data-testid="group-row">
              <img
                src={group.deal.image ?? "/images/produce/placeholder.svg"}
                alt=""
                width={72}
                height={72}
                loading={i < 4 ? "eager" : "lazy"}
                decoding="async"
                className="size-18 shrink-0 rounded-xl object-cover"
              />
              <div className="grid min-w-0 flex-1 gap-1">
                <h3 className="font-semibold leading-snug">
                  <Link to={`/deals/${group.deal.slug}?community=${encodeURIComponent(community.id)}`} className="hover:underline">
                    {group.deal.title}
                  </Link>
                </h3>
                <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                  <span className="font-bold text-brand-700 dark:text-brand-200">{shekel(group.deal.unitPrice)}</span>
                  <span className="text-fg-muted">{t("shop.price.perUnit", { unit: unitName(group.deal.unit) })}</span>
                  <span className={group.membersJoined > 0 ? "font-medium" : "text-fg-muted"} data-testid="group-joined">
                    · {group.membersJoined > 0 ? t("browse.groups.joined", { count: group.membersJoined }) : t("browse.groups.beFirst")}
                  </span>
                </p>
                <div
                  className="h-2 overflow-hidden rounded-full bg-muted"
                  role="progressbar"
                  aria-label={t("browse.groups.groupProgress")}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={group.qtyPercent}
                >
                  <div className="h-full rounded-full bg-brand-500" style={{ inlineSize: `${group.qtyPercent}%` }} />
                </div>
                <p className="text-xs text-fg-muted" data-testid="group-ordered">
                  {t(group.currentQty > 0 ? "browse.groups.ordered" : "browse.groups.orderedNone", { current: group.currentQty, target: group.targetQty, unit: unitName(group.deal.unit, group.targetQty) })}
                </p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-4 flex flex-wrap items-center gap-x-3 text-sm">
          {more > 0 ? <span className="text-fg-muted">{t("browse.groups.moreDeals", { count: more })}</span> : null}
          <Link to="/deals" className="font-semibold text-brand-700 underline dark:text-brand-200">{t("browse.groups.allDeals")}</Link>
        </p>
      </section>

      {communities.length > 1 ? (
        // A plain GET form: choosing another community works without JavaScript.
        <Form key={community.id} method="get" className="flex flex-wrap items-end gap-2 rounded-2xl border border-line bg-surface p-4" data-testid="groups-picker">
          <label className="grid min-w-0 flex-1 grid-cols-1 gap-1 text-sm font-medium">
            {t("browse.groups.communityLabel")}
            <select name="community" defaultValue={community.id} className="w-full min-w-0 rounded-lg border border-line bg-surface px-3 py-2">
              {communities.map((c) => (
                <option key={c.id} value={c.id}>{c.name}</option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded-lg border border-line px-4 py-2 hover:bg-muted">{t("browse.groups.choose")}</button>
        </Form>
      ) : null}
    </section>
  );
}
