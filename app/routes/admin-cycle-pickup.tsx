import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { AdminErrorBoundary } from "~/components/admin-error-boundary";
import { forbiddenTitle } from "~/components/forbidden-title";
import { Confirm } from "~/components/confirm";
import { Price } from "~/components/price";
import { useTranslation } from "~/components/use-translation";
import { dbContext } from "~/context";
import { formatAdminDate } from "~/domain/dates";
import { ServiceError } from "~/domain/errors";
import { PickupActionSchema, type PickupPlace, type ShopperPickup } from "~/domain/pickup-day";
import { formatTimeRange } from "~/domain/time";
import { cycleSummary } from "~/services/packing.server";
import { pickupDay, recordHandOver } from "~/services/pickup-day.server";
import { readForm } from "~/web/form.server";
import { getInstance, getTranslate } from "~/web/i18next.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/admin-cycle-pickup";

export function loader({ url, params, context }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const db = context.get(dbContext);
  const i18n = getInstance(context);
  const cycle = cycleSummary(db, params.id);
  if (!cycle) throw data(null, { status: 404 });
  return {
    title: `${i18n.t("adminCycles.pickupDay.title")} · ${cycle.communityName} | ${i18n.t("app.name")}`,
    cycle,
    places: pickupDay(db, cycle.id, i18n.language),
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [{ title: loaderData?.title ?? forbiddenTitle(error) }];

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}

/**
 * "Collected" or "didn't come" for one shopper at one place: plain form posts (no JavaScript
 * needed). A tampered form or a shopper someone already marked gets the reason and a 4xx.
 */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  const db = context.get(dbContext);
  const t = getTranslate(context);
  if (!cycleSummary(db, params.id)) throw data(null, { status: 404 });
  const submission = parseWithZod(await readForm(request), { schema: PickupActionSchema });
  if (submission.status !== "success") return data({ error: t("adminCycles.pickupDay.errors.badAction") }, { status: 400 });
  const action = submission.value;
  try {
    recordHandOver(db, admin.id, params.id, action);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data({ error: t(error.messageKey, error.values) }, { status: error.status });
  }
  const name = pickupDay(db, params.id).flatMap((p) => p.shoppers).find((s) => s.userId === action.shopper)?.memberName ?? "";
  return redirectWithToast(request, `/admin/cycles/${params.id}/pickup#place-${action.place}`, {
    variant: "success",
    title: `adminCycles.pickupDay.done.${action.intent === "collected" ? "collected" : "noShow"}`,
    values: { name },
  });
}

export default function AdminCyclePickup({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const { cycle, places } = loaderData;
  return (
    <section className="mx-auto grid max-w-3xl grid-cols-1 gap-5 px-3 py-6 sm:px-4 sm:py-10">
      <Link to={`/admin/cycles/${cycle.id}`} className="text-sm text-fg-muted hover:underline print:hidden">{t("adminCycles.back")}</Link>
      <header>
        <h1 className="text-2xl font-bold sm:text-3xl">
          {t("adminCycles.pickupDay.title")} · <bdi>{cycle.communityName}</bdi>
        </h1>
        <p className="text-sm text-fg-muted">{t("adminCycles.pickup")}: {formatAdminDate(cycle.pickupDate, true)}</p>
        <p className="mt-2 text-sm">{t("adminCycles.pickupDay.lead")}</p>
      </header>
      {actionData?.error ? <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">{actionData.error}</p> : null}
      {places.length === 0 ? <p className="text-fg-muted">{t("adminCycles.pickupDay.empty")}</p> : null}
      {places.map((place) => (
        <Place key={place.key} place={place} />
      ))}
    </section>
  );
}

function Place({ place }: { place: PickupPlace }) {
  const { t } = useTranslation();
  return (
    <section id={`place-${place.key}`} aria-labelledby={`place-${place.key}-title`} className="scroll-mt-20 rounded-2xl border border-line bg-surface p-3 sm:p-4" data-testid="pickup-place">
      <h2 id={`place-${place.key}-title`} className="text-lg font-bold">
        {place.deliveryType === "PICKUP" ? <bdi>{place.address}</bdi> : t("adminCycles.pickupDay.homeDelivery")}
      </h2>
      <p className="text-sm text-fg-muted">
        {place.hours ? <>{t("adminCycles.pickupDay.hours", { range: formatTimeRange(place.hours.start, place.hours.end) })} · </> : null}
        {t("adminCycles.pickupDay.shoppers", { count: place.shoppers.length })} ·{" "}
        {place.waiting > 0 ? t("adminCycles.pickupDay.waiting", { count: place.waiting }) : t("adminCycles.pickupDay.allDone")}
      </p>
      {place.due > 0 ? <p className="text-sm font-semibold">{t("adminCycles.pickupDay.toCollect")}: <Price agorot={place.due} /></p> : null}
      <ul className="mt-3 grid gap-3">
        {place.shoppers.map((shopper) => (
          <Shopper key={shopper.userId} shopper={shopper} place={place.key} />
        ))}
      </ul>
    </section>
  );
}

const STATE_TONE = {
  waiting: "bg-amber-100 text-amber-900",
  collected: "bg-brand-100 text-brand-800",
  noShow: "bg-red-100 text-red-800",
} as const;

function Shopper({ shopper, place }: { shopper: ShopperPickup; place: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("shopper") === shopper.userId;
  const name = shopper.memberName;
  return (
    <li className={`rounded-xl border border-line p-3 ${shopper.state === "waiting" ? "" : "opacity-80"}`} data-testid="pickup-shopper">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words"><bdi>{name}</bdi></p>
          {shopper.phone ? (
            <a href={`tel:${shopper.phone.replace(/[^\d+]/g, "")}`} aria-label={t("adminCycles.pickupDay.call", { name })} className="text-sm text-brand-700 underline dark:text-brand-200" dir="ltr">
              {shopper.phone}
            </a>
          ) : null}
          {shopper.deliveryAddress ? <p className="text-sm text-fg-muted break-words"><bdi>{shopper.deliveryAddress}</bdi></p> : null}
        </div>
        <span className={`status-badge ${STATE_TONE[shopper.state]}`} data-testid="pickup-state">
          {t(`adminCycles.pickupDay.states.${shopper.state}`)}
        </span>
      </div>
      <ul className="mt-2 grid gap-0.5 text-sm" data-testid="pickup-items">
        {shopper.items.map((item) => (
          <li key={item.orderId} className={item.noShow ? "line-through" : ""}>
            <span dir="auto"><bdi>{item.dealTitle}</bdi> · {item.qty} <bdi>{item.unit}</bdi></span>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-sm font-semibold" data-testid="pickup-due">
        {shopper.state === "noShow" ? null : shopper.due > 0 ? <>{t("adminCycles.pickupDay.due")}: <Price agorot={shopper.due} /></> : t("adminCycles.pickupDay.paid")}
      </p>
      {shopper.state === "waiting" ? (
        <div className="mt-3 flex flex-wrap items-start gap-2 print:hidden">
          <Form method="post" preventScrollReset>
            <input type="hidden" name="shopper" value={shopper.userId} />
            <input type="hidden" name="place" value={place} />
            <button
              type="submit"
              name="intent"
              value="collected"
              disabled={busy}
              aria-label={t("adminCycles.pickupDay.collectedFor", { name })}
              className="min-h-11 rounded-lg bg-brand-600 px-5 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
            >
              ✓ {t("adminCycles.pickupDay.collected")}
            </button>
          </Form>
          <Confirm
            label={t("adminCycles.pickupDay.noShow")}
            title={t("adminCycles.pickupDay.noShowTitle", { name })}
            text={t("adminCycles.pickupDay.noShowText")}
            confirmLabel={t("adminCycles.pickupDay.noShowConfirm")}
            cancelLabel={t("adminCycles.pickupDay.keep")}
          >
            <input type="hidden" name="shopper" value={shopper.userId} />
            <input type="hidden" name="place" value={place} />
            <input type="hidden" name="intent" value="no-show" />
          </Confirm>
        </div>
      ) : null}
    </li>
  );
}
