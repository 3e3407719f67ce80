import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { AdminErrorBoundary } from "~/components/admin-error-boundary";
import { forbiddenTitle } from "~/components/forbidden-title";
import { Confirm } from "~/components/confirm";
import { Price } from "~/components/price";
import { useTranslation } from "~/components/use-translation";
import { useUnitName } from "~/components/use-unit-name";
import { dbContext } from "~/context";
import { formatAdminDate } from "~/domain/dates";
import { ServiceError } from "~/domain/errors";
import { isConfirmed } from "~/domain/confirm";
import { filterPickup, PickupActionSchema, pickupViewOf, type PickupPlace, type ShopperPickup } from "~/domain/pickup-day";
import { formatTimeRange } from "~/domain/time";
import { cycleSummary } from "~/services/packing.server";
import { pickupDay, recordHandOver } from "~/services/pickup-day.server";
import { readForm } from "~/web/form.server";
import { getTranslator, getTranslate } from "~/web/language.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/admin-cycle-pickup";

export function loader({ url, params, context }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const db = context.get(dbContext);
  const i18n = getTranslator(context);
  const cycle = cycleSummary(db, params.id);
  if (!cycle) throw data(null, { status: 404 });
  const all = pickupDay(db, cycle.id, i18n.language);
  // "My point" and the search live in the query, so a plain GET form works with script off.
  const view = pickupViewOf(url.searchParams);
  return {
    title: `${i18n.t("adminCycles.pickupDay.title")} · ${cycle.communityName} | ${i18n.t("app.name")}`,
    cycle,
    view,
    points: all.map((place) => ({ key: place.key, address: place.address, deliveryType: place.deliveryType })),
    places: filterPickup(all, view),
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
  const form = await readForm(request);
  const submission = parseWithZod(form, { schema: PickupActionSchema });
  if (submission.status !== "success") return data({ error: t("adminCycles.pickupDay.errors.badAction") }, { status: 400 });
  const action = submission.value;
  // A no-show cancels her orders: only from the confirmation panel. Without it nothing moves
  // and the page comes back with her question open (400).
  if (action.intent === "no-show" && !isConfirmed(form)) {
    return data({ error: t("adminCycles.pickupDay.atTable.errors.confirmFirst"), confirm: { shopper: action.shopper, place: action.place } }, { status: 400 });
  }
  try {
    recordHandOver(db, admin.id, params.id, action);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data({ error: t(error.messageKey, error.values) }, { status: error.status });
  }
  const name = pickupDay(db, params.id).flatMap((p) => p.shoppers).find((s) => s.userId === action.shopper)?.memberName ?? "";
  // Back to the same view ("my point", the search) at her place.
  return redirectWithToast(request, `/admin/cycles/${params.id}/pickup${url.search}#place-${action.place}`, {
    variant: "success",
    title: action.intent === "undo" ? "adminCycles.pickupDay.atTable.undone" : `adminCycles.pickupDay.done.${action.intent === "collected" ? "collected" : "noShow"}`,
    values: { name },
  });
}

export default function AdminCyclePickup({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionData = useActionData<typeof action>();
  const { cycle, places, points, view } = loaderData;
  const confirmFor = actionData && "confirm" in actionData ? (actionData.confirm as { shopper: string; place: string }) : undefined;
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
      {cycle.isActive ? <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100" data-testid="pickup-week-open">{t("adminCycles.pickupDay.atTable.weekOpenNote")}</p> : null}
      <PickupFilter points={points} view={view} />
      {actionData?.error ? <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-200">{actionData.error}</p> : null}
      {places.length === 0 ? <p className="text-fg-muted" data-testid="pickup-none">{view.q ? t("adminCycles.pickupDay.atTable.noMatch", { q: view.q }) : t("adminCycles.pickupDay.empty")}</p> : null}
      {places.map((place) => (
        <Place key={place.key} place={place} canMark={!cycle.isActive} confirmFor={confirmFor} />
      ))}
    </section>
  );
}

type Point = { key: string; address: string | null; deliveryType: PickupPlace["deliveryType"] };

/**
 * "My point" and a search by name or phone: a GET form, so the choice is in the address (it
 * survives a reload, a mark's redirect, and works with script off).
 */
function PickupFilter({ points, view }: { points: Point[]; view: { point: string; q: string } }) {
  const { t } = useTranslation();
  if (points.length === 0) return null;
  return (
    <Form method="get" className="grid gap-3 rounded-2xl border border-line bg-surface p-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end print:hidden" role="search" data-testid="pickup-filter">
      <div>
        <label htmlFor="pickup-point" className="mb-1 block text-sm font-medium">{t("adminCycles.pickupDay.atTable.myPoint")}</label>
        <select id="pickup-point" name="point" defaultValue={view.point} className="block min-h-11 w-full rounded-lg border border-line bg-surface px-3 text-base">
          <option value="">{t("adminCycles.pickupDay.atTable.allPoints")}</option>
          {points.map((point) => (
            <option key={point.key} value={point.key}>
              {point.deliveryType === "PICKUP" ? point.address : t("adminCycles.pickupDay.homeDelivery")}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="pickup-q" className="mb-1 block text-sm font-medium">{t("adminCycles.pickupDay.atTable.search")}</label>
        <input id="pickup-q" type="search" name="q" defaultValue={view.q} maxLength={80} dir="auto" className="block min-h-11 w-full rounded-lg border border-line bg-surface px-3 text-base" />
      </div>
      <div className="flex gap-2">
        <button type="submit" className="min-h-11 rounded-lg bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700">{t("adminCycles.pickupDay.atTable.show")}</button>
        {view.point || view.q ? (
          <Link to="?" className="inline-flex min-h-11 items-center rounded-lg border border-line px-4 text-sm hover:bg-muted" data-testid="pickup-clear">{t("adminCycles.pickupDay.atTable.clear")}</Link>
        ) : null}
      </div>
    </Form>
  );
}

function Place({ place, canMark, confirmFor }: { place: PickupPlace; canMark: boolean; confirmFor?: { shopper: string; place: string } }) {
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
          <Shopper key={shopper.userId} shopper={shopper} place={place.key} canMark={canMark} confirmOpen={confirmFor?.shopper === shopper.userId && confirmFor.place === place.key} />
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

function Shopper({ shopper, place, canMark, confirmOpen }: { shopper: ShopperPickup; place: string; canMark: boolean; confirmOpen: boolean }) {
  const { t } = useTranslation();
  const unitName = useUnitName();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("shopper") === shopper.userId;
  const name = shopper.memberName;
  return (
    <li className={`rounded-xl border border-line p-3 ${shopper.state === "waiting" ? "" : "opacity-80"}`} data-testid="pickup-shopper">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold break-words"><bdi>{name}</bdi></p>
          {shopper.phone ? (
            <a href={`tel:${shopper.phone.replace(/[^\d+]/g, "")}`} aria-label={t("adminCycles.pickupDay.call", { name })} className="inline-flex min-h-11 min-w-11 items-center text-sm text-brand-700 underline dark:text-brand-200" dir="ltr" data-testid="pickup-call">
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
          // In the page's direction (no dir="auto": with every Hebrew run inside <bdi> it found no
          // strong letter and laid the line out left to right). Name first, then quantity and unit.
          <li key={item.orderId} className={item.noShow ? "line-through" : ""} data-testid="pickup-item">
            <bdi data-testid="pickup-item-name">{item.dealTitle}</bdi> · <span data-testid="pickup-item-qty">{item.qty}</span> <bdi>{unitName(item.unit, item.qty)}</bdi>
          </li>
        ))}
      </ul>
      <p className="mt-1 text-sm font-semibold" data-testid="pickup-due">
        {shopper.state === "noShow" ? null : shopper.due > 0 ? <>{t("adminCycles.pickupDay.due")}: <Price agorot={shopper.due} /></> : t("adminCycles.pickupDay.paid")}
      </p>
      {canMark && shopper.state !== "waiting" ? (
        <Form method="post" preventScrollReset className="mt-3 print:hidden">
          <input type="hidden" name="shopper" value={shopper.userId} />
          <input type="hidden" name="place" value={place} />
          <button
            type="submit"
            name="intent"
            value="undo"
            disabled={busy}
            aria-label={t("adminCycles.pickupDay.atTable.undoFor", { name })}
            className="min-h-11 rounded-lg border border-line px-4 text-sm font-medium hover:bg-muted disabled:opacity-70"
            data-testid="pickup-undo"
          >
            ↶ {t(`adminCycles.pickupDay.atTable.${shopper.state === "collected" ? "undoCollected" : "undoNoShow"}`)}
          </button>
        </Form>
      ) : null}
      {canMark && shopper.state === "waiting" ? (
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
            open={confirmOpen}
            large
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
