import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { Price } from "~/components/price";
import { dbContext } from "~/context";
import type { Role } from "~/db/schema";
import { getInstance } from "~/middleware/i18next.server";
import { formatDate, formatDateTime } from "~/services/dates";
import { initialsOf } from "~/services/header.server";
import { profileOverview } from "~/services/profile.server";
import type { Route } from "./+types/profile";

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const t = getInstance(context).t;
  const { stats, community } = profileOverview(context.get(dbContext), user);
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
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

const ROLE_TONES: Record<Role, string> = {
  USER: "bg-brand-100 text-brand-800",
  VENDOR: "bg-amber-100 text-amber-900",
  ADMIN: "bg-purple-100 text-purple-900",
};

const card = "rounded-2xl border border-line bg-surface p-5";
const linkButton = "rounded-lg border border-line px-4 py-2 font-semibold hover:bg-muted";

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { person, stats, community } = loaderData;
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
            <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${ROLE_TONES[person.role]}`} data-testid="role-badge">
              {t(`account.roles.${person.role}`)}
            </span>
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
    </section>
  );
}
