import { useState } from "react";
import { useTranslation } from "~/components/use-translation";
import type { SavedAddressOption } from "~/domain/addresses";
import { deliveryFee, offersDelivery, type DeliverySettings } from "~/domain/delivery";
import type { ShownPickupPoint } from "~/domain/pickup-point";
import { PickupPointText } from "./pickup-point";
import { useFormatShekel } from "./price";
import { SavedAddressPicker } from "./saved-address-picker";

/** Her community's active pickup points, and the open week's deadline (each point's day that week follows). */
export interface PickupInfo {
  points: readonly ShownPickupPoint[];
  orderDeadline: string | null;
}

interface DeliveryOptionsProps {
  subtotal: number;
  pickup: PickupInfo | null;
  /** the community's home delivery; off (or none) shows pickup only, with no delivery option */
  delivery: DeliverySettings | null;
  name?: string;
  /** the member's saved addresses: the default fills the address field, the picker the others */
  addresses?: readonly SavedAddressOption[];
}

/**
 * Pickup (free) or home delivery (the community's fee, by delivery.ts), with the summary; a
 * pickup-only community (issue #45) shows pickup alone. Choosing delivery
 * reveals the address field: with CSS :has(), so it works without JavaScript too.
 */
export function DeliveryOptions({ subtotal, pickup, delivery, name = "deliveryType", addresses = [] }: DeliveryOptionsProps) {
  return (
    <fieldset
      className="group rounded-2xl border border-line bg-surface p-4"
      data-testid="delivery-options"
    >
      <DeliveryChoice subtotal={subtotal} pickup={pickup} delivery={delivery} name={name} addresses={addresses} />
    </fieldset>
  );
}

/** What the options show; the choice made is its own state (the fee in the summary follows it). */
function DeliveryChoice({ subtotal, pickup, delivery, name, addresses }: Required<DeliveryOptionsProps>) {
  const { t } = useTranslation();
  const shekel = useFormatShekel();
  const [type, setType] = useState<"PICKUP" | "DELIVERY">("PICKUP");
  const delivers = offersDelivery(delivery);
  const fee = delivers ? deliveryFee(delivery, type, subtotal) : 0;
  const deliveryFeeShown = delivers ? deliveryFee(delivery, "DELIVERY", subtotal) : 0;
  const option = "flex cursor-pointer items-start gap-3 rounded-xl border border-line p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-800";
  return (
    <>
      <legend className="px-1 font-semibold">{t("shop.delivery.title")}</legend>
      <div className="grid gap-2">
        <label className={option}>
          <input type="radio" name={name} value="PICKUP" defaultChecked onChange={() => setType("PICKUP")} className="mt-1 accent-brand-600" />
          <span>
            <span className="font-medium">{t("shop.delivery.pickup")}</span>{" "}
            <span className="rounded-full bg-brand-100 px-2 text-xs text-brand-800">{t("shop.delivery.pickupFree")}</span>
            <span className="block text-sm text-fg-muted">
              {!pickup
                ? t("shop.community.chooseFirst")
                : pickup.points.length === 0
                  ? t("pickupPoint.none")
                  : pickup.points.map((p) => (
                      <span key={p.id} className="block">
                        <PickupPointText point={p} orderDeadline={pickup.orderDeadline} />
                      </span>
                    ))}
            </span>
          </span>
        </label>
        {delivers ? (
          <label className={option}>
            <input type="radio" name={name} value="DELIVERY" onChange={() => setType("DELIVERY")} className="mt-1 accent-brand-600" />
            <span>
              <span className="font-medium">{t("shop.delivery.delivery")}</span>{" "}
              <span className="rounded-full bg-accent-500/15 px-2 text-xs">{deliveryFeeShown === 0 ? t("shop.delivery.free") : shekel(deliveryFeeShown)}</span>
              <span className="block text-sm text-fg-muted">{t("shop.delivery.estimate", { min: delivery.daysMin, max: delivery.daysMax })}</span>
            </span>
          </label>
        ) : null}
      </div>
      {delivers ? null : <p className="mt-2 text-sm text-fg-muted" data-testid="pickup-only">{t("shop.communityDelivery.pickupOnly")}</p>}
      {delivers ? (
        <div className="mt-3 hidden gap-3 group-has-[input[value=DELIVERY]:checked]:grid">
          <SavedAddressPicker id="delivery-saved-address" addresses={addresses} fill={(a) => ({ deliveryAddress: a.line })} />
          <div>
            {/* Required once home delivery is chosen (the spec's delivery card). Not the `required`
                attribute: the field stays in the form, hidden, when she picks pickup. */}
            <label htmlFor="delivery-address" className="mb-1 block text-sm font-medium">{t("shop.delivery.address")}<span className="ms-1 text-fg-muted">{t("shop.delivery.required")}</span></label>
            <textarea id="delivery-address" name="deliveryAddress" aria-required="true" rows={2} defaultValue={addresses.find((a) => a.isDefault)?.line ?? ""} placeholder={t("shop.delivery.addressPlaceholder")} className="w-full rounded-lg border border-line bg-surface px-3 py-2" />
          </div>
        </div>
      ) : null}
      <dl className="mt-3 grid gap-1 text-sm">
        <div className="flex justify-between"><dt>{t("shop.delivery.subtotal")}</dt><dd>{shekel(subtotal)}</dd></div>
        {fee > 0 ? <div className="flex justify-between"><dt>{t("shop.delivery.fee")}</dt><dd>{shekel(fee)}</dd></div> : null}
        <div className="flex justify-between font-bold"><dt>{t("shop.delivery.total")}</dt><dd data-testid="delivery-total">{shekel(subtotal + fee)}</dd></div>
      </dl>
      {delivers ? (
        <p className="mt-3 rounded-lg bg-muted p-3 text-xs leading-5 text-fg-muted">
          {t("shop.delivery.info", { min: delivery.daysMin, max: delivery.daysMax })}
          {delivery.freeFrom !== null && delivery.fee > 0 ? ` ${t("shop.communityDelivery.freeFrom", { threshold: shekel(delivery.freeFrom) })}` : null}
        </p>
      ) : null}
    </>
  );
}
