import { getFormProps, useForm } from "@conform-to/react";
import { PickupPointText, usePickupWhen } from "~/components/pickup-point";
import { shownPickupPoint } from "~/domain/pickup-point";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/components/use-translation";
import { data, Form, Link, useNavigation } from "react-router";
import { ErrorList, SubmitButton } from "~/components/ui/field";
import { dbContext, userContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { CommunityChoiceSchema } from "~/domain/account-schemas";
import { communityJson, listCommunities } from "~/services/communities.server";
import { ServiceError } from "~/domain/errors";
import { communityOf, searchCommunities } from "~/services/profile.server";
import { redirectWithToast } from "~/web/toast.server";
import { setUserCommunity } from "~/services/users.server";
import type { Route } from "./+types/onboarding-community";
import { readForm } from "~/web/form.server";

const PATH = "/onboarding/community";

/** Spec: a guest is sent to sign in, with the "please sign in" toast, and comes back here. */
async function requireSignedIn(context: Route.LoaderArgs["context"], request: Request) {
  const user = context.get(userContext);
  if (user) return user;
  throw await redirectWithToast(request, `/login?redirect=${PATH}`, { variant: "warning", title: "errors.unauthorized" });
}

/** The detail panel shows the API's view of a community (services/communities.server.ts). */
const detailOf = communityJson;

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = await requireSignedIn(context, request);
  const t = getTranslate(context);
  const params = url.searchParams;
  const q = params.get("q")?.trim() ?? "";
  const all = listCommunities(context.get(dbContext));
  // The chosen one stays in the panel even when the search no longer lists it.
  const chosenId = params.get("community") ?? user.communityId;
  const chosen = all.find((c) => c.id === chosenId);
  return {
    title: `${t("account.onboarding.title")} | ${t("app.name")}`,
    q,
    currentId: user.communityId,
    // Each with its first pickup point: where and when the list says she would collect.
    communities: searchCommunities(all, q).map((c) => ({ id: c.id, name: c.name, firstPoint: c.pickupPoints[0] ? shownPickupPoint(c.pickupPoints[0]) : null })),
    chosen: chosen ? detailOf(chosen) : null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireSignedIn(context, request);
  const submission = parseWithZod(await readForm(request), { schema: CommunityChoiceSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const db = context.get(dbContext);
  try {
    const updated = setUserCommunity(db, user.id, submission.value.communityId);
    return redirectWithToast(request, "/", {
      variant: "success",
      title: "account.onboarding.joined",
      values: { name: communityOf(db, updated)?.name ?? "" },
    });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return redirectWithToast(request, PATH, {
      variant: "destructive",
      title: "account.onboarding.error",
      description: error.messageKey,
    });
  }
}

export default function OnboardingCommunity({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const pickupWhen = usePickupWhen();
  const navigation = useNavigation();
  const { q, communities, chosen, currentId } = loaderData;
  const [form, fields] = useForm({
    id: "onboarding-community",
    lastResult: actionData,
    constraint: getZodConstraint(CommunityChoiceSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CommunityChoiceSchema }),
    shouldValidate: "onSubmit",
  });
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === PATH;
  const linkTo = (id: string) => `?${new URLSearchParams(q ? { q, community: id } : { community: id })}`;

  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("account.onboarding.title")}</h1>
      <p className="mt-1 text-fg-muted">{t("account.onboarding.subtitle")}</p>

      <div className="mt-8 grid gap-6 md:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <div>
          <Form method="get" role="search" aria-label={t("account.onboarding.searchLabel")} className="flex gap-2">
            <label htmlFor="community-q" className="sr-only">{t("account.onboarding.searchLabel")}</label>
            <input
              id="community-q"
              type="search"
              name="q"
              defaultValue={q}
              placeholder={t("account.onboarding.searchPlaceholder")}
              className="min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 py-2"
              dir="auto"
            />
            <button type="submit" className="rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
              {t("account.onboarding.searchSubmit")}
            </button>
          </Form>
          <p className="mt-3 text-sm text-fg-muted" aria-live="polite" data-testid="community-count">
            {t("account.onboarding.resultCount", { count: communities.length })}
          </p>
          {communities.length === 0 ? (
            <div className="mt-3 rounded-xl border border-dashed border-line p-6 text-center">
              <p className="text-fg-muted">{t("account.onboarding.noMatch")}</p>
              <Link to={PATH} className="mt-3 inline-block font-semibold text-brand-700 underline dark:text-brand-200">
                {t("account.onboarding.clearSearch")}
              </Link>
            </div>
          ) : (
            <ul className="mt-3 grid max-h-96 gap-2 overflow-y-auto pe-1" aria-label={t("account.onboarding.listLabel")}>
              {communities.map((c) => {
                const selected = c.id === chosen?.id;
                return (
                  <li key={c.id}>
                    <Link
                      to={linkTo(c.id)}
                      preventScrollReset
                      aria-current={selected ? "true" : undefined}
                      data-testid="community-option"
                      className={`block rounded-xl border p-3 hover:bg-muted ${selected ? "border-brand-600 bg-brand-50 dark:bg-brand-800" : "border-line bg-surface"}`}
                    >
                      <span className="flex items-center justify-between gap-2">
                        <span className="font-semibold">{c.name}</span>
                        {c.id === currentId ? (
                          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">{t("account.onboarding.current")}</span>
                        ) : null}
                      </span>
                      <span className="mt-0.5 block text-sm text-fg-muted">
                        {c.firstPoint ? <PickupPointText point={c.firstPoint} /> : t("pickupPoint.none")}
                      </span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          )}
        </div>

        <div className="h-fit rounded-2xl border border-line bg-surface p-5" data-testid="community-detail">
          {chosen ? (
            <>
              <h2 className="text-2xl font-bold">{chosen.name}</h2>
              {chosen.description ? <p className="mt-2 text-fg-muted">{chosen.description}</p> : null}
              <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
                {chosen.contactPhone ? (
                  <>
                    <dt className="font-medium">{t("account.onboarding.contactPhone")}</dt>
                    <dd>
                      <a href={`tel:${chosen.contactPhone.replace(/[^\d+]/g, "")}`} dir="ltr" className="text-brand-700 underline dark:text-brand-200">
                        {chosen.contactPhone}
                      </a>
                    </dd>
                  </>
                ) : null}
              </dl>
              <h3 className="mt-5 font-semibold">{t("account.onboarding.pickupPoints")}</h3>
              {chosen.pickupPoints.length === 0 ? (
                <p className="mt-1 text-sm text-fg-muted">{t("account.onboarding.noPickupPoints")}</p>
              ) : (
                <ul className="mt-2 grid gap-2 text-sm">
                  {chosen.pickupPoints.map((p) => (
                    <li key={p.id} className="rounded-lg bg-muted p-3">
                      <p className="font-medium">{p.address}</p>
                      <p className="text-fg-muted">{pickupWhen(p)}</p>
                      {p.instructions ? <p className="text-fg-muted">{p.instructions}</p> : null}
                      {p.contactPhone ? <p className="text-fg-muted" dir="ltr">{p.contactPhone}</p> : null}
                    </li>
                  ))}
                </ul>
              )}
              {chosen.id === currentId ? <p className="mt-4 text-sm font-medium text-brand-700 dark:text-brand-200">{t("account.onboarding.isCurrent")}</p> : null}
            </>
          ) : (
            <p className="text-fg-muted">{t("account.onboarding.choosePrompt")}</p>
          )}

          <Form method="post" action={PATH} className="mt-5 grid gap-2" {...getFormProps(form)}>
            <input type="hidden" name={fields.communityId.name} value={chosen?.id ?? ""} />
            <div role="alert">
              <ErrorList id={fields.communityId.errorId} errors={fields.communityId.errors} />
              <ErrorList id={form.errorId} errors={form.errors} />
            </div>
            <SubmitButton pending={pending} pendingLabel={t("account.onboarding.pending")}>
              {chosen ? t("account.onboarding.confirmNamed", { name: chosen.name }) : t("account.onboarding.confirm")}
            </SubmitButton>
          </Form>
        </div>
      </div>
    </section>
  );
}
