import { useTranslation } from "~/components/use-translation";
import { useTierName } from "~/components/use-tier-name";
import { Form, Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { InviteShare } from "~/components/invite-share";
import { Price } from "~/components/price";
import { dbContext } from "~/context";
import type { Role } from "~/db/schema";
import { getTranslate } from "~/web/language.server";
import { formatDate, formatDateTime } from "~/domain/dates";
import { initialsOf } from "~/services/header.server";
import { publicOrigin } from "~/config.server";
import { profileOverview } from "~/services/profile.server";
import { myInvitations } from "~/services/referrals.server";
import type { Route } from "./+types/profile";

export function loader({ url, context }: Route.LoaderArgs) {
  const user = requireUser(context, url);
  const t = getTranslate(context);
  const db = context.get(dbContext);
  const { stats, community } = profileOverview(db, user);
  return {
    title: `${t("account.profile.title")} | ${t("app.name")}`,
    person: {
      displayName: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.name || user.email.split("@")[0],
      initials: initialsOf(user),
      email: user.email,
      phone: user.phone,
      role: user.role,
      profileImageUrl: user.profileImageUrl,
      createdAt: user.createdAt,
      lastLoginAt: user.lastLoginAt,
    },
    stats,
    community,
    invitations: myInvitations(db, user, publicOrigin()),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

const ROLE_TONES: Record<Exclude<Role, "USER">, string> = {
  VENDOR: "bg-amber-100 text-amber-900",
  ADMIN: "bg-purple-100 text-purple-900",
};

const card = "rounded-2xl border border-line bg-surface p-5";
const linkButton = "rounded-lg border border-line px-4 py-2 font-semibold hover:bg-muted";

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { person, stats, community, invitations } = loaderData;
  return (
    <section className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
      <div className={`${card} flex flex-col gap-5 sm:flex-row sm:items-center`}>
        {person.profileImageUrl ? (
          <img src={person.profileImageUrl} alt={t("account.profile.avatarAlt", { name: person.displayName })} width={80} height={80} className="size-20 rounded-full object-cover" />
        ) : (
          <span aria-hidden="true" className="grid size-20 shrink-0 place-items-center rounded-full bg-brand-600 text-2xl font-bold text-white" data-testid="avatar-initials">
            {person.initials}
          </span>
        )}
        <div className="flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-3xl font-bold">{person.displayName}</h1>
            {/* A shopper is what everyone here is: only a vendor's or an admin's role is worth a badge (#47). */}
            {person.role === "USER" ? null : (
              <span className={`status-badge ${ROLE_TONES[person.role]}`} data-testid="role-badge">
                {t(`account.roles.${person.role}`)}
              </span>
            )}
          </div>
          <dl className="mt-2 grid gap-1 text-sm text-fg-muted">
            <div className="flex gap-2">
              <dt className="sr-only">{t("account.profile.email")}</dt>
              <dd dir="ltr">{person.email}</dd>
            </div>
            {person.phone ? (
              <div className="flex gap-2">
                <dt className="sr-only">{t("account.profile.phone")}</dt>
                <dd dir="ltr">{person.phone}</dd>
              </div>
            ) : null}
            <div className="flex gap-2">
              <dt>{t("account.profile.joined")}</dt>
              <dd>{formatDate(person.createdAt, i18n.language)}</dd>
            </div>
          </dl>
        </div>
        <div className="flex flex-wrap gap-2 sm:flex-col">
          <Link to="/profile/edit" className="rounded-lg bg-brand-600 px-4 py-2 text-center font-semibold text-white hover:bg-brand-700">
            {t("account.profile.edit")}
          </Link>
          <Link to="/settings" className={`${linkButton} text-center`}>
            {t("account.profile.settings")}
          </Link>
          <Link to="/profile/addresses" className={`${linkButton} text-center`}>
            {t("addresses.title")}
          </Link>
        </div>
      </div>

      <ul className="grid gap-4 sm:grid-cols-3" aria-label={t("account.profile.statsLabel")}>
        <li className={card} data-testid="stat-orders">
          <p className="text-sm text-fg-muted">{t("account.profile.totalOrders")}</p>
          <p className="mt-1 text-3xl font-bold">{stats.totalOrders}</p>
        </li>
        <li className={card} data-testid="stat-savings">
          <p className="text-sm text-fg-muted">{t("account.profile.totalSavings")}</p>
          <Price agorot={stats.totalSavings} className="mt-1 block text-3xl font-bold text-brand-700 dark:text-brand-200" />
        </li>
        <li className={card} data-testid="stat-groups">
          <p className="text-sm text-fg-muted">{t("account.profile.joinedGroups")}</p>
          <p className="mt-1 text-3xl font-bold">{stats.joinedGroups}</p>
        </li>
      </ul>

      <div className="grid gap-4 sm:grid-cols-2">
        <div className={card} data-testid="profile-community">
          <h2 className="text-lg font-bold">{t("account.profile.community")}</h2>
          <p className="mt-2">{community ? community.name : t("account.profile.noCommunity")}</p>
          <Link to="/onboarding/community" className="mt-3 inline-block font-semibold text-brand-700 underline dark:text-brand-200">
            {community ? t("account.profile.changeCommunity") : t("account.profile.chooseCommunity")}
          </Link>
        </div>
        <div className={card}>
          <h2 className="text-lg font-bold">{t("account.profile.activity")}</h2>
          <dl className="mt-2 grid gap-1">
            <dt className="text-sm text-fg-muted">{t("account.profile.lastLogin")}</dt>
            <dd data-testid="last-login">{person.lastLoginAt ? formatDateTime(person.lastLoginAt, i18n.language) : t("account.profile.never")}</dd>
          </dl>
        </div>
      </div>

      <InviteCard invitations={invitations} communityName={community?.name ?? null} />
    </section>
  );
}

function InviteCard({ invitations, communityName }: { invitations: Route.ComponentProps["loaderData"]["invitations"]; communityName: string | null }) {
  const { t } = useTranslation();
  const tierName = useTierName();
  const { communityLink, stats } = invitations;
  return (
    <section id="invite" className={card} aria-labelledby="invite-title" data-testid="invite-card">
      <h2 id="invite-title" className="text-lg font-bold">{t("referrals.title")}</h2>
      {!communityName ? (
        <p className="mt-2 text-fg-muted">{t("referrals.card.noCommunity")}</p>
      ) : (
        <>
          <p className="mt-1 text-fg-muted">{t("referrals.card.lead", { community: communityName })}</p>
          <div className="mt-4">
            {communityLink ? (
              <InviteShare url={communityLink.url} title={t("referrals.title")} text={t("referrals.share.communityText", { community: communityName })} />
            ) : (
              <Form method="post" action="/invite">
                <input type="hidden" name="redirectTo" value="/profile" />
                <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">{t("referrals.card.create")}</button>
              </Form>
            )}
          </div>
          <dl className="mt-4 grid gap-3 sm:grid-cols-2">
            <div className="rounded-xl bg-muted p-3">
              <dt className="text-sm text-fg-muted">{t("referrals.card.joined")}</dt>
              <dd className="mt-1 text-2xl font-bold" data-testid="invite-joined">{stats.joined}</dd>
            </div>
            <div className="rounded-xl bg-muted p-3">
              <dt className="text-sm text-fg-muted">{t("referrals.card.revenue")}</dt>
              <dd className="mt-1 text-2xl font-bold" data-testid="invite-revenue"><Price agorot={stats.revenue} /></dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-fg-muted" data-testid="invite-next-tier">
            {stats.nextTier ? (
              <>
                {t("referrals.card.nextTierBefore", { tier: tierName(stats.nextTier.tierName, stats.nextTier.level), percent: stats.nextTier.discountPercent })} <Price agorot={stats.nextTier.gap} />
              </>
            ) : (
              t("referrals.card.topTier")
            )}
          </p>
          {invitations.dealLinks.length > 0 ? (
            <details className="mt-3">
              <summary className="cursor-pointer text-sm font-semibold">{t("referrals.card.dealLinks", { count: invitations.dealLinks.length })}</summary>
              <ul className="mt-2 grid gap-1 text-sm">
                {invitations.dealLinks.map((link) => (
                  <li key={link.refCode} className="flex flex-wrap gap-2">
                    <Link to={`/deals/${link.deal.slug}`} className="font-medium hover:underline">{link.deal.title}</Link>
                    <span dir="ltr" className="text-fg-muted">{link.url}</span>
                  </li>
                ))}
              </ul>
            </details>
          ) : null}
        </>
      )}
    </section>
  );
}
