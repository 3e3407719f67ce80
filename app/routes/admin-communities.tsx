import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/components/use-translation";
import { data, Form, Link, useNavigation } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { AdminErrorBoundary, COMMUNITY_NOT_FOUND } from "~/components/admin-error-boundary";
import { CommunityDetailsFields } from "~/components/community-details-fields";
import { SubmitButton } from "~/components/ui/field";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { countAdminCommunities, createCommunity, listAdminCommunities } from "~/services/admin-communities.server";
import { listPage, listWindow, parseListQuery } from "~/domain/list-query";
import { ListSearch, Pager } from "~/components/list-controls";
import { CreateCommunityFormSchema, minimumOfChoice } from "~/domain/admin-community-schemas";
import { WeeklyMinimumField } from "~/components/weekly-minimum-field";
import { formatAdminDate } from "~/domain/dates";
import { redirectWithToast } from "~/web/toast.server";
import { forbiddenTitle } from "~/components/forbidden-title";
import type { Route } from "./+types/admin-communities";
import { readForm } from "~/web/form.server";
import { ScrollBox } from "~/components/scroll-box";

export function ErrorBoundary() {
  return <AdminErrorBoundary notFound={COMMUNITY_NOT_FOUND} />;
}

export function loader({ url, context }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const t = getTranslate(context);
  const db = context.get(dbContext);
  const query = parseListQuery(url.searchParams);
  const communities = listAdminCommunities(db, listWindow(query));
  return {
    title: `${t("admin.communities.title")} | ${t("app.name")}`,
    query,
    communities,
    paging: listPage(query, countAdminCommunities(db, query.q), communities.length),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [{ title: loaderData?.title ?? forbiddenTitle(error) }];

/** The "new community" form: the community and its first week open together. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  const submission = parseWithZod(await readForm(request), { schema: CreateCommunityFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const community = createCommunity(context.get(dbContext), admin.id, { ...submission.value, weeklyTargetRevenue: minimumOfChoice(submission.value) });
  return redirectWithToast(request, `/admin/communities/${community.id}`, { variant: "success", title: "admin.communities.toast.created", values: { name: community.name } });
}

function NewCommunityForm({ lastResult }: { lastResult: Route.ComponentProps["actionData"] }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "new-community",
    lastResult,
    // No minimum unless the admin sets one (issue #45).
    defaultValue: { minimumChoice: "none" },
    constraint: getZodConstraint(CreateCommunityFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CreateCommunityFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <Form method="post" className="grid gap-4" {...getFormProps(form)}>
      <CommunityDetailsFields fields={fields} />
      <WeeklyMinimumField choice={fields.minimumChoice} amount={fields.weeklyTargetRevenue} />
      <p className="text-sm text-fg-muted">{t("admin.communities.newHint")}</p>
      <div className="max-w-xs">
        <SubmitButton pending={pending} pendingLabel={t("admin.communities.creating")}>{t("admin.communities.create")}</SubmitButton>
      </div>
    </Form>
  );
}

export default function AdminCommunities({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const th = "px-3 py-2 text-start text-xs font-semibold text-fg-muted whitespace-nowrap";
  const td = "px-3 py-2.5 align-top";
  return (
    <section className="mx-auto max-w-6xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t("admin.communities.title")}</h1>
      <p className="mt-1 text-fg-muted">{t("admin.communities.intro")}</p>

      <div className="mt-6">
        <ListSearch id="communities-q" path="/admin/communities" q={loaderData.query.q} placeholder={t("backOffice.list.placeholders.communities")} />
      </div>
      {loaderData.communities.length === 0 ? (
        <p className="mt-6 rounded-2xl border border-dashed border-line px-4 py-12 text-center text-fg-muted">{t(loaderData.query.q ? "backOffice.list.noMatch" : "admin.communities.empty")}</p>
      ) : (
        <ScrollBox label={t("admin.communities.title")} className="mt-6 rounded-2xl border border-line bg-surface">
          <table className="w-full text-sm">
            <caption className="sr-only">{t("admin.communities.title")}</caption>
            <thead className="border-b border-line bg-muted/60">
              <tr>
                {["name", "pickup", "members", "deadline", "status"].map((h) => <th key={h} scope="col" className={th}>{t(`admin.communities.columns.${h}`)}</th>)}
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {loaderData.communities.map((c) => (
                <tr key={c.id} data-testid="community-row">
                  <td className={`${td} font-medium`}>
                    <Link to={`/admin/communities/${c.id}`} className="text-brand-700 underline dark:text-brand-200">{c.name}</Link>
                  </td>
                  <td className={td} data-testid="community-points">
                    {c.activePoints === 0 ? (
                      <span className="text-amber-800 dark:text-amber-200">{t("admin.communities.pickupPointsNeeded.short")}</span>
                    ) : (
                      <>
                        <bdi>{c.firstPointAddress}</bdi>
                        {c.activePoints > 1 ? <span className="block text-xs text-fg-muted">{t("admin.communities.pickupPointsNeeded.more", { count: c.activePoints - 1 })}</span> : null}
                      </>
                    )}
                  </td>
                  <td className={`${td} tabular-nums`}>{c.memberCount}</td>
                  <td className={`${td} whitespace-nowrap tabular-nums`}><span dir="ltr">{c.openDeadline ? formatAdminDate(c.openDeadline, true) : t("admin.none")}</span></td>
                  <td className={td}>
                    <span className={`inline-block status-badge ${c.isActive ? "bg-brand-100 text-brand-800" : "bg-muted text-fg-muted"}`}>
                      {t(c.isActive ? "admin.communities.active" : "admin.communities.inactive")}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
      <Pager path="/admin/communities" paging={loaderData.paging} keep={{ q: loaderData.query.q }} label={t("backOffice.list.pagesOf", { list: t("admin.communities.title") })} />

      <section aria-labelledby="new-community-title" className="mt-10 rounded-2xl border border-line bg-surface p-5">
        <h2 id="new-community-title" className="text-xl font-bold">{t("admin.communities.newTitle")}</h2>
        <div className="mt-4">
          <NewCommunityForm lastResult={actionData} />
        </div>
      </section>
    </section>
  );
}
