// Pieces every step of the checkout shows: where she is in it, and what she is buying.
import { useTranslation } from "~/components/use-translation";
import { NAME_SLOT, withName } from "./with-name";
import { formatDay } from "~/domain/dates";
import { PickupPointText } from "./pickup-point";
import { Price } from "./price";

const STEPS = ["purchase.steps.method", "purchase.steps.details", "purchase.steps.review"] as const;

/** "1 pickup or delivery · 2 details · 3 review", the current one marked for screen readers too. */
export function CheckoutSteps({ current }: { current: 1 | 2 | 3 }) {
  const { t } = useTranslation();
  return (
    <ol className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label={t("purchase.steps.label")} data-testid="checkout-steps">
      {STEPS.map((key, index) => {
        const step = index + 1;
        return (
          <li key={key} aria-current={step === current ? "step" : undefined} className={step === current ? "font-bold text-brand-700 dark:text-brand-200" : "text-fg-muted"}>
            <span aria-hidden="true">{step}. </span>
            {t(key)}
          </li>
        );
      })}
    </ol>
  );
}

export interface SummaryLine {
  id: string;
  qty: number;
  lineTotal: number;
  deal: { title: string; unit: string };
}

/** The cart as the checkout shows it: lines, savings, the fee when known, the total. */
export function CheckoutSummary({
  lines,
  subtotal,
  savings,
  fee,
}: {
  lines: SummaryLine[];
  subtotal: number;
  savings: number;
  /** null while the way of getting it is not chosen yet */
  fee: number | null;
}) {
  const { t } = useTranslation();
  return (
    <aside className="h-fit min-w-0 rounded-2xl border border-line bg-surface p-5" data-testid="checkout-summary">
      <h2 className="text-lg font-bold">{t("shop.checkout.summary")}</h2>
      <ul className="mt-3 grid gap-2 text-sm">
        {lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-2">
            <span className="min-w-0">
              {withName(t("purchase.lineItem.titleAndQty", { title: NAME_SLOT, qty: line.qty }), line.deal.title)}
            </span>
            <Price agorot={line.lineTotal} className="shrink-0" />
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid gap-1 border-t border-line pt-3 text-sm">
        <div className="flex justify-between gap-2">
          <dt>{t("shop.delivery.subtotal")}</dt>
          <dd><Price agorot={subtotal} /></dd>
        </div>
        {savings > 0 ? (
          <div className="flex justify-between gap-2 text-brand-700 dark:text-brand-200">
            <dt>{t("purchase.review.savings")}</dt>
            <dd data-testid="checkout-savings"><Price agorot={savings} /></dd>
          </div>
        ) : null}
        {fee !== null ? (
          <div className="flex justify-between gap-2">
            <dt>{t("shop.checkout.deliveryLine")}</dt>
            <dd data-testid="checkout-fee">{fee === 0 ? t("shop.delivery.free") : <Price agorot={fee} />}</dd>
          </div>
        ) : null}
        <div className="flex justify-between gap-2 text-base font-bold">
          <dt>{t("shop.delivery.total")}</dt>
          <dd data-testid="checkout-total"><Price agorot={subtotal + (fee ?? 0)} /></dd>
        </div>
      </dl>
    </aside>
  );
}

export interface OrderPlace {
  order: { deliveryType: "PICKUP" | "DELIVERY"; deliveryAddress: string | null };
  communityName: string | null;
  pointAddress: string | null;
  pointDays: readonly number[] | null;
  pointStartTime: string | null;
  pointEndTime: string | null;
  /** the order's week's deadline: the point's day that week follows from it (a Date, or ISO text from JSON) */
  orderDeadline: Date | string | null;
  /** the week's own pickup date: what an order without a point shows */
  pickupDate: Date | string | null;
}

/**
 * Where and when an order is collected: "Pickup: Herzl 12 · Friday, 27/11 · 09:00–12:00" (its
 * pickup point, on the point's day of the order's week, as every page shows a point); or the
 * delivery address.
 */
export function OrderPlaceLine({ row }: { row: OrderPlace }) {
  const { t, i18n } = useTranslation();
  if (row.order.deliveryType === "DELIVERY") {
    return (
      <span data-testid="order-place">
        {t("shop.delivery.delivery")}: <bdi>{row.order.deliveryAddress}</bdi>
      </span>
    );
  }
  if (row.pointAddress && row.pointDays && row.pointStartTime && row.pointEndTime) {
    const point = { address: row.pointAddress, pickupDays: row.pointDays, pickupStartTime: row.pointStartTime, pickupEndTime: row.pointEndTime, instructions: null };
    return (
      <span data-testid="order-place">
        {t("shop.delivery.pickup")}: <PickupPointText point={point} orderDeadline={row.orderDeadline} />
      </span>
    );
  }
  // Migration 0007 gave every pickup order a point; this is for one whose week has no date either.
  return (
    <span data-testid="order-place">
      {t("shop.delivery.pickup")}
      {row.pickupDate ? <> · <span data-testid="pickup-day">{formatDay(row.pickupDate, i18n.language)}</span></> : null}
    </span>
  );
}
