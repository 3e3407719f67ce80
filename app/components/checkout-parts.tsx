// Pieces every step of the checkout shows: where she is in it, and what she is buying.
import { useTranslation } from "~/components/use-translation";
import { formatDay } from "~/domain/dates";
import { formatTimeRange } from "~/domain/time";
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
              <bdi>{line.deal.title}</bdi> × {line.qty}
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
  pickupAddress: string | null;
  pickupTime: string | null;
  pointAddress: string | null;
  pointStartTime: string | null;
  pointEndTime: string | null;
  /** a Date, or its ISO text where the row came as JSON text (the orders list) */
  pickupDate: Date | string | null;
}

/**
 * Where and when an order is collected: "Pickup: Herzl 12 · Wednesday, 25.11 · 16:00–19:00"
 * (the pickup point's hours, else the community's pickup time); or the delivery address.
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
  const hours = row.pointStartTime && row.pointEndTime ? formatTimeRange(row.pointStartTime, row.pointEndTime) : row.pickupTime;
  return (
    <span data-testid="order-place">
      {t("shop.delivery.pickup")}: <bdi>{row.pointAddress ?? row.pickupAddress}</bdi>
      {row.pickupDate ? <> · <span data-testid="pickup-day">{formatDay(row.pickupDate, i18n.language)}</span></> : null}
      {hours ? <> · {hours}</> : null}
    </span>
  );
}
