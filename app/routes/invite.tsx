import { useTranslation } from "~/components/use-translation";
import { data, Link } from "react-router";
import { LeafIcon } from "~/components/icons";
import { MessageScreen } from "~/components/message-screen";
import { dbContext, userContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { resolveInvite } from "~/services/referrals.server";
import type { Route } from "./+types/invite";

export function loader({ params, context }: Route.LoaderArgs) {
  const t = getTranslate(context);
  const invite = resolveInvite(context.get(dbContext), params.code);
  if (!invite) return data({ invite: null, signedIn: false, title: `${t("referrals.invite.notFoundTitle")} | ${t("app.name")}` }, { status: 404 });
  return {
    invite,
    signedIn: Boolean(context.get(userContext)),
    title: `${t("referrals.invite.metaTitle", { name: invite.inviterFirstName, community: invite.community.name })} | ${t("app.name")}`,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export default function Invite({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { invite, signedIn } = loaderData;
  if (!invite) {
    return <MessageScreen title={t("referrals.invite.notFoundTitle")} text={t("referrals.invite.notFoundText")} linkTo="/signup" linkLabel={t("referrals.invite.notFoundCta")} />;
  }
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="invite">
      <span className="mx-auto grid size-16 place-items-center rounded-full bg-brand-100 text-brand-700" aria-hidden="true">
        <LeafIcon />
      </span>
      <h1 className="mt-4 text-3xl font-bold">
        {t("referrals.invite.heading", { name: invite.inviterFirstName, community: invite.community.name })}
      </h1>
      <p className="mt-3 text-fg-muted">{t("referrals.invite.text", { community: invite.community.name })}</p>
      {invite.deal ? (
        <p className="mt-4 rounded-xl bg-muted px-4 py-3">
          {t("referrals.invite.dealText", { name: invite.inviterFirstName })}{" "}
          <Link to={`/deals/${invite.deal.slug}`} className="font-semibold text-brand-700 underline dark:text-brand-200">{invite.deal.title}</Link>
        </p>
      ) : null}
      {signedIn ? (
        <p className="mt-6 text-sm text-fg-muted">{t("referrals.invite.alreadyMember")}</p>
      ) : (
        <Link to={`/signup?ref=${encodeURIComponent(invite.refCode)}`} className="mt-8 inline-block rounded-lg bg-brand-600 px-6 py-3 text-lg font-semibold text-white hover:bg-brand-700">
          {t("referrals.invite.join")}
        </Link>
      )}
      <p className="mt-6">
        <Link to={invite.deal ? `/deals/${invite.deal.slug}` : "/deals"} className="font-semibold text-brand-700 hover:underline dark:text-brand-200">
          {invite.deal ? t("referrals.invite.seeDeal") : t("referrals.invite.seeDeals")}
        </Link>
      </p>
    </section>
  );
}
