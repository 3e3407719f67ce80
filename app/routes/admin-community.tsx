import { getCollectionProps, getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { useTranslation } from "~/components/use-translation";
import { data, Form, Link, useNavigation } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { AdminErrorBoundary, COMMUNITY_NOT_FOUND } from "~/components/admin-error-boundary";
import { forbiddenTitle } from "~/components/forbidden-title";
import { CommunityDetailsFields, WeekdaySelect } from "~/components/community-details-fields";
import { Confirm } from "~/components/confirm";
import { isConfirmed } from "~/domain/confirm";
import { DeliverySettingsForm } from "~/components/delivery-settings-form";
import { Price } from "~/components/price";
import { CLOCK_INPUT, ErrorList, Field } from "~/components/ui/field";
import { dbContext } from "~/context";
import type { PickupPoint } from "~/db/schema";
import { getTranslate } from "~/web/language.server";
import {
  addPickupPoint,
  adminCommunity,
  removePickupPoint,
  replaceTiers,
  setCommunityActive,
  updateCommunityDetails,
  updateCycleSettings,
  updateDeliverySettings,
  updatePickupPoint,
} from "~/services/admin-communities.server";
import { deliverySettingsOf } from "~/domain/delivery";
import {
  CommunityDetailsSchema,
  CommunityPageSchema,
  CycleFormSchema,
  PickupAddFormSchema,
  PickupEditFormSchema,
  PickupPointSchema,
  TiersFormSchema,
  WEEKDAYS,
  minimumChoiceOf,
  minimumOfChoice,
} from "~/domain/admin-community-schemas";
import { WeeklyMinimumField } from "~/components/weekly-minimum-field";
import { formatAdminDate } from "~/domain/dates";
import { ServiceError } from "~/domain/errors";
import { formatShekel, toDecimalString } from "~/domain/money";
import { formatTimeRange } from "~/domain/time";
import { hasMinimum } from "~/domain/week-minimum";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/admin-community";
import { readForm } from "~/web/form.server";

export function loader({ url, params, context }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const detail = adminCommunity(context.get(dbContext), params.id);
  if (!detail) throw data(null, { status: 404 });
  const t = getTranslate(context);
  return { title: `${detail.community.name} · ${t("admin.communities.title")} | ${t("app.name")}`, ...detail };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [{ title: loaderData?.title ?? forbiddenTitle(error) }];

/** Which form a failed submission belongs to, so only that form shows its errors. */
interface FormReply {
  intent: string;
  pointId: string | null;
  result: SubmissionResult<string[]>;
  /** a deactivation or removal posted without its confirmation: the question shows open */
  unconfirmed?: boolean;
}

/** The page's actions that take something away: each needs the Confirm panel's field. */
const CONFIRMED_INTENTS = new Set(["deactivate", "pickup-remove"]);

/** Every form on the page posts here with its `intent`; each change goes back with a toast. */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  const db = context.get(dbContext);
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: CommunityPageSchema });
  const intent = String(formData.get("intent") ?? "");
  const pointId = formData.get("pointId") ? String(formData.get("pointId")) : null;
  if (submission.status !== "success") {
    // No status: a list button (add or remove a tier row) that needs no JavaScript.
    const status = submission.status === "error" ? (intent === "tiers" ? 422 : 400) : 200;
    return data<FormReply>({ intent, pointId, result: submission.reply() }, { status });
  }
  if (CONFIRMED_INTENTS.has(intent) && !isConfirmed(formData)) {
    return data<FormReply>({ intent, pointId, result: submission.reply(), unconfirmed: true }, { status: 400 });
  }
  const page = `/admin/communities/${params.id}`;
  const done = (title: string, anchor = "") => redirectWithToast(request, page + anchor, { variant: "success", title });
  const value = submission.value;
  try {
    switch (value.intent) {
      case "details":
        updateCommunityDetails(db, admin.id, params.id, value);
        return done("admin.communities.toast.detailsSaved");
      case "deactivate":
        setCommunityActive(db, admin.id, params.id, false);
        return done("admin.communities.toast.deactivated");
      case "activate":
        setCommunityActive(db, admin.id, params.id, true);
        return done("admin.communities.toast.activated");
      case "pickup-add":
        addPickupPoint(db, admin.id, params.id, value);
        return done("admin.communities.toast.pointAdded", "#pickup-points");
      case "pickup-edit":
        updatePickupPoint(db, admin.id, value.pointId, value);
        return done("admin.communities.toast.pointSaved", "#pickup-points");
      case "pickup-remove": {
        const { retired } = removePickupPoint(db, admin.id, value.pointId);
        return done(retired ? "admin.communities.toast.pointRetired" : "admin.communities.toast.pointRemoved", "#pickup-points");
      }
      case "tiers":
        replaceTiers(db, admin.id, params.id, value.tiers);
        return done("admin.communities.toast.tiersSaved", "#tiers");
      case "cycle":
        updateCycleSettings(db, admin.id, params.id, { ...value, weeklyTargetRevenue: minimumOfChoice(value) });
        return done("admin.communities.toast.cycleSaved", "#cycle");
      case "delivery":
        updateDeliverySettings(db, admin.id, params.id, value);
        return done("admin.communities.toast.deliverySaved", "#delivery");
    }
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return redirectWithToast(request, page, { variant: "destructive", title: "errors.title", description: error.messageKey });
  }
}

type LoaderData = Route.ComponentProps["loaderData"];

/** The reply for one form only (its intent, and for a point, its id). */
function replyFor(actionData: FormReply | undefined, intent: string, pointId: string | null = null) {
  return actionData && actionData.intent === intent && actionData.pointId === pointId ? actionData.result : undefined;
}

function usePending(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function Button({ pending, children, pendingLabel }: { pending: boolean; children: ReactNode; pendingLabel: string }) {
  return (
    <button type="submit" disabled={pending} aria-busy={pending} className="rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-70">
      {pending ? pendingLabel : children}
    </button>
  );
}

function Panel({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-6 rounded-2xl border border-line bg-surface p-5">
      <h2 id={`${id}-title`} className="text-xl font-bold">{title}</h2>
      {intro ? <p className="mt-1 text-sm text-fg-muted">{intro}</p> : null}
      <div className="mt-4">{children}</div>
    </section>
  );
}

function DetailsForm({ community, lastResult }: { community: LoaderData["community"]; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "community-details",
    lastResult,
    defaultValue: {
      name: community.name,
      description: community.description ?? "",
      contactPhone: community.contactPhone ?? "",
    },
    constraint: getZodConstraint(CommunityDetailsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CommunityDetailsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" preventScrollReset className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="details" />
      <CommunityDetailsFields fields={fields} />
      <div>
        <Button pending={usePending("details")} pendingLabel={t("admin.communities.saving")}>{t("admin.communities.details.save")}</Button>
      </div>
    </Form>
  );
}

function CycleForm({ community, lastResult }: { community: LoaderData["community"]; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "cycle-settings",
    lastResult,
    defaultValue: {
      deadlineDay: String(community.deadlineDay),
      deadlineTime: community.deadlineTime,
      ...minimumChoiceOf(community.weeklyTargetRevenue),
    },
    constraint: getZodConstraint(CycleFormSchema),
    // The form's own schema: the strict API one would refuse its hidden `intent`.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CycleFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" preventScrollReset className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="cycle" />
      <div className="grid gap-4 sm:grid-cols-3">
        <WeekdaySelect label={t("admin.communities.fields.deadlineDay")} field={fields.deadlineDay} />
        <Field label={t("admin.communities.fields.deadlineTime")} errorId={fields.deadlineTime.errorId} errors={fields.deadlineTime.errors} {...getInputProps(fields.deadlineTime, { type: "text" })} {...CLOCK_INPUT} />
      </div>
      <WeeklyMinimumField choice={fields.minimumChoice} amount={fields.weeklyTargetRevenue} />
      <div>
        <Button pending={usePending("cycle")} pendingLabel={t("admin.communities.saving")}>{t("admin.communities.cycle.save")}</Button>
      </div>
    </Form>
  );
}

function TiersForm({ tiers, lastResult }: { tiers: LoaderData["tiers"]; lastResult?: SubmissionResult<string[]> }) {
  const { t, i18n } = useTranslation();
  const rows = tiers.length
    ? tiers.map((tier) => ({ minRevenue: toDecimalString(tier.minRevenue), discountPercent: String(tier.discountPercent), tierName: tier.tierName }))
    : [{ minRevenue: "0", discountPercent: "", tierName: "" }];
  const [form, fields] = useForm({
    id: "tier-list",
    lastResult,
    defaultValue: { tiers: rows },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TiersFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const list = fields.tiers.getFieldList();
  const small = "block w-full rounded-lg border border-line bg-surface px-2 py-2 aria-[invalid=true]:border-red-500";
  return (
    <Form method="post" preventScrollReset className="grid gap-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="tiers" />
      {list.length === 0 ? <p className="text-sm text-fg-muted">{t("admin.communities.tiers.none")}</p> : null}
      <ol className="grid gap-3">
        {list.map((row, index) => {
          const cell = row.getFieldset();
          return (
            <li key={row.key} className="grid gap-2 rounded-xl border border-line p-3 sm:grid-cols-[1fr_1fr_2fr_auto] sm:items-start" data-testid="tier-row">
              <div>
                <label htmlFor={cell.minRevenue.id} className="mb-1 block text-xs font-medium">{t("admin.communities.tiers.minRevenue", { n: index + 1 })}</label>
                <input {...getInputProps(cell.minRevenue, { type: "text" })} inputMode="decimal" dir="ltr" className={small} />
                <ErrorList id={cell.minRevenue.errorId} errors={cell.minRevenue.errors} />
              </div>
              <div>
                <label htmlFor={cell.discountPercent.id} className="mb-1 block text-xs font-medium">{t("admin.communities.tiers.discount", { n: index + 1 })}</label>
                <input {...getInputProps(cell.discountPercent, { type: "text" })} inputMode="numeric" dir="ltr" className={small} />
                <ErrorList id={cell.discountPercent.errorId} errors={cell.discountPercent.errors} />
              </div>
              <div>
                <label htmlFor={cell.tierName.id} className="mb-1 block text-xs font-medium">{t("admin.communities.tiers.name", { n: index + 1 })}</label>
                <input {...getInputProps(cell.tierName, { type: "text" })} className={small} />
                <ErrorList id={cell.tierName.errorId} errors={cell.tierName.errors} />
              </div>
              <button {...form.remove.getButtonProps({ name: fields.tiers.name, index })} className="self-end rounded-lg border border-line px-3 py-2 text-sm hover:bg-muted">
                {t("admin.communities.tiers.removeRow", { n: index + 1 })}
              </button>
            </li>
          );
        })}
      </ol>
      <ErrorList id={fields.tiers.errorId} errors={fields.tiers.errors} />
      <p className="text-sm text-fg-muted">{t("admin.communities.tiers.rules", { min: formatShekel(0, i18n.language) })}</p>
      <div className="flex flex-wrap gap-2">
        <button {...form.insert.getButtonProps({ name: fields.tiers.name, defaultValue: { minRevenue: "", discountPercent: "", tierName: "" } })} className="rounded-lg border border-line px-4 py-2.5 font-semibold hover:bg-muted">
          {t("admin.communities.tiers.addRow")}
        </button>
        <Button pending={usePending("tiers")} pendingLabel={t("admin.communities.saving")}>{t("admin.communities.tiers.save")}</Button>
      </div>
    </Form>
  );
}

function PointForm({ point, lastResult }: { point?: PickupPoint; lastResult?: SubmissionResult<string[]> }) {
  const { t } = useTranslation();
  const intent = point ? "pickup-edit" : "pickup-add";
  const [form, fields] = useForm({
    id: point ? `point-${point.id}` : "point-new",
    lastResult,
    defaultValue: point
      ? {
          address: point.address,
          pickupDays: point.pickupDays.map(String),
          pickupStartTime: point.pickupStartTime,
          pickupEndTime: point.pickupEndTime,
          instructions: point.instructions ?? "",
          contactPhone: point.contactPhone ?? "",
        }
      : { pickupStartTime: "16:00", pickupEndTime: "19:00" },
    constraint: getZodConstraint(PickupPointSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: point ? PickupEditFormSchema : PickupAddFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = usePending(intent);
  return (
    <Form method="post" preventScrollReset className="grid gap-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {point ? <input type="hidden" name="pointId" value={point.id} /> : null}
      <Field label={t("admin.communities.points.address")} errorId={fields.address.errorId} errors={fields.address.errors} {...getInputProps(fields.address, { type: "text" })} />
      <fieldset>
        <legend className="mb-1 text-sm font-medium">{t("admin.communities.points.days")}</legend>
        <div className="flex flex-wrap gap-3">
          {getCollectionProps(fields.pickupDays, { type: "checkbox", options: WEEKDAYS.map(String) }).map(({ key, ...props }) => (
            <label key={key} className="flex items-center gap-1.5 text-sm">
              <input {...props} />
              {t(`days.${props.value}`)}
            </label>
          ))}
        </div>
        <ErrorList id={fields.pickupDays.errorId} errors={fields.pickupDays.errors} />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t("admin.communities.points.start")} errorId={fields.pickupStartTime.errorId} errors={fields.pickupStartTime.errors} {...getInputProps(fields.pickupStartTime, { type: "text" })} {...CLOCK_INPUT} />
        <Field label={t("admin.communities.points.end")} errorId={fields.pickupEndTime.errorId} errors={fields.pickupEndTime.errors} {...getInputProps(fields.pickupEndTime, { type: "text" })} {...CLOCK_INPUT} />
        <Field label={t("admin.communities.points.phone")} errorId={fields.contactPhone.errorId} errors={fields.contactPhone.errors} {...getInputProps(fields.contactPhone, { type: "tel" })} dir="ltr" />
      </div>
      <div>
        <label htmlFor={fields.instructions.id} className="mb-1 block text-sm font-medium">{t("admin.communities.points.instructions")}</label>
        <textarea {...getTextareaProps(fields.instructions)} rows={2} className="block w-full rounded-lg border border-line bg-surface px-3 py-2.5" />
        <ErrorList id={fields.instructions.errorId} errors={fields.instructions.errors} />
      </div>
      <div>
        <Button pending={pending} pendingLabel={t("admin.communities.saving")}>{t(point ? "admin.communities.points.save" : "admin.communities.points.add")}</Button>
      </div>
    </Form>
  );
}

function PointCard({ point, lastResult, unconfirmed }: { point: PickupPoint; lastResult?: SubmissionResult<string[]>; unconfirmed?: boolean }) {
  const { t } = useTranslation();
  const days = point.pickupDays.map((d) => t(`days.${d}`)).join(", ");
  return (
    <li className="rounded-xl border border-line p-4" data-testid="pickup-point">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-semibold">
            {point.address}
            {point.isActive ? null : <span className="ms-2 rounded-full bg-muted px-2 py-0.5 text-xs text-fg-muted">{t("admin.communities.points.retired")}</span>}
          </p>
          <p className="text-sm text-fg-muted">{days} · {formatTimeRange(point.pickupStartTime, point.pickupEndTime)}</p>
          {point.instructions ? <p className="mt-1 text-sm">{point.instructions}</p> : null}
        </div>
        {point.isActive ? (
          <Confirm
            label={t("admin.communities.points.remove")}
            title={t("admin.communities.points.removeTitle", { address: point.address })}
            text={t("admin.communities.points.removeText")}
            confirmLabel={t("admin.communities.points.removeConfirm")}
            cancelLabel={t("admin.communities.cancel")}
            open={Boolean(unconfirmed)}
          >
            <input type="hidden" name="intent" value="pickup-remove" />
            <input type="hidden" name="pointId" value={point.id} />
          </Confirm>
        ) : null}
      </div>
      <details className="mt-3" open={Boolean(lastResult)}>
        <summary className="cursor-pointer text-sm font-medium text-brand-700 dark:text-brand-200">{t(point.isActive ? "admin.communities.points.edit" : "admin.communities.points.restore")}</summary>
        <div className="mt-3">
          <PointForm point={point} lastResult={lastResult} />
        </div>
      </details>
    </li>
  );
}

export default function AdminCommunity({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { community, pickupPoints, tiers, openCycle, memberCount } = loaderData;
  const reply = actionData as FormReply | undefined;
  return (
    <section className="mx-auto grid max-w-5xl grid-cols-1 gap-6 px-4 py-8">
      <div>
        <Link to="/admin/communities" className="text-sm text-fg-muted hover:underline">{t("admin.communities.backToList")}</Link>
        <header className="mt-2 flex flex-wrap items-start justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold">
              {community.name}
              <span className={`ms-3 inline-block rounded-full px-2.5 py-0.5 align-middle text-xs font-semibold ${community.isActive ? "bg-brand-100 text-brand-800" : "bg-muted text-fg-muted"}`} data-testid="community-status">
                {t(community.isActive ? "admin.communities.active" : "admin.communities.inactive")}
              </span>
            </h1>
            <p className="mt-1 text-fg-muted">{t("admin.communities.members", { count: memberCount })}</p>
            {openCycle ? (
              <p className="mt-1 text-sm text-fg-muted" data-testid="open-cycle">
                {t("admin.communities.openCycle")}: {t("admin.communities.deadline")} <span dir="ltr">{formatAdminDate(openCycle.orderDeadline, true)}</span> · {t("admin.communities.pickup")}{" "}
                <span dir="ltr">{formatAdminDate(openCycle.pickupDate, true)}</span> ·{" "}
                {hasMinimum(openCycle.targetRevenue) ? <>{t("admin.communities.target")} <Price agorot={openCycle.targetRevenue} /></> : t("admin.weekMinimum.none")} ·{" "}
                <Link to={`/admin/cycles/${openCycle.id}`} className="text-brand-700 underline dark:text-brand-200">{t("admin.weekMinimum.manageWeek")}</Link>
              </p>
            ) : (
              <p className="mt-1 text-sm text-fg-muted" data-testid="open-cycle">{t("admin.communities.noOpenCycle")}</p>
            )}
          </div>
          {community.isActive ? (
            <Confirm
              label={t("admin.communities.deactivate")}
              title={t("admin.communities.deactivateTitle", { name: community.name })}
              text={t("admin.communities.deactivateText")}
              confirmLabel={t("admin.communities.deactivateConfirm")}
              cancelLabel={t("admin.communities.cancel")}
              open={reply?.intent === "deactivate" && Boolean(reply.unconfirmed)}
            >
              <input type="hidden" name="intent" value="deactivate" />
            </Confirm>
          ) : (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="activate" />
              <Button pending={false} pendingLabel="">{t("admin.communities.activate")}</Button>
            </Form>
          )}
        </header>
        {community.isActive ? null : <p className="mt-3 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">{t("admin.communities.inactiveNote")}</p>}
      </div>

      <Panel id="details" title={t("admin.communities.details.title")}>
        <DetailsForm key={JSON.stringify(community)} community={community} lastResult={replyFor(reply, "details")} />
      </Panel>

      <Panel id="cycle" title={t("admin.communities.cycle.title")} intro={t("admin.communities.cycle.intro")}>
        <CycleForm key={JSON.stringify(community)} community={community} lastResult={replyFor(reply, "cycle")} />
      </Panel>

      <Panel id="delivery" title={t("admin.communities.deliverySettings.title")} intro={t("admin.communities.deliverySettings.intro")}>
        <p className="mb-3 text-sm font-semibold" data-testid="delivery-status">
          {t(community.deliveryEnabled ? "admin.communities.deliverySettings.statusOn" : "admin.communities.deliverySettings.statusOff")}
        </p>
        <DeliverySettingsForm
          key={JSON.stringify(deliverySettingsOf(community))}
          settings={deliverySettingsOf(community)}
          lastResult={replyFor(reply, "delivery")}
          submit={<Button pending={usePending("delivery")} pendingLabel={t("admin.communities.saving")}>{t("admin.communities.deliverySettings.save")}</Button>}
        />
      </Panel>

      <Panel id="tiers" title={t("admin.communities.tiers.title")} intro={t("admin.communities.tiers.intro")}>
        <TiersForm key={JSON.stringify(tiers)} tiers={tiers} lastResult={replyFor(reply, "tiers")} />
      </Panel>

      <Panel id="pickup-points" title={t("admin.communities.points.title")} intro={t("admin.communities.points.intro")}>
        {/* Without an active point no week opens (cycle-engine.server.ts): say what is missing. */}
        {pickupPoints.some((p) => p.isActive) ? null : (
          <p role="status" className="mb-4 rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="points-missing">
            {t("admin.communities.pickupPointsNeeded.text")}
          </p>
        )}
        {pickupPoints.length === 0 ? <p className="text-sm text-fg-muted">{t("admin.communities.points.none")}</p> : (
          <ul className="grid gap-3">
            {pickupPoints.map((point) => (
              <PointCard
                key={`${point.id}-${JSON.stringify(point)}`}
                point={point}
                lastResult={replyFor(reply, "pickup-edit", point.id)}
                unconfirmed={reply?.intent === "pickup-remove" && reply.pointId === point.id && reply.unconfirmed}
              />
            ))}
          </ul>
        )}
        <div className="mt-6 border-t border-line pt-4">
          <h3 className="mb-3 font-semibold">{t("admin.communities.points.newTitle")}</h3>
          <PointForm key={pickupPoints.length} lastResult={replyFor(reply, "pickup-add")} />
        </div>
      </Panel>
    </section>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary notFound={COMMUNITY_NOT_FOUND} />;
}
