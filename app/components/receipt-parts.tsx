// What the two printable order documents share (routes/order-receipt.tsx, one order, and
// routes/checkout-receipt.tsx, a whole checkout): the print button, the organiser's business
// details as the admin entered them, and the line that says where the goods are picked up.
import { useNonce } from "./nonce";
import { PickupPointText } from "./pickup-point";
import { useHydrated } from "./use-hydrated";
import { useTranslation } from "./use-translation";
import type { PublicBusiness } from "~/domain/site-settings";
import type { ReceiptPlace } from "~/services/receipt.server";

/**
 * Shows the button itself and hides the hint: the documents are served without the router's
 * bundle (hydrate: false), so on a first load these few lines are the only script on the page.
 */
const PRINT_SCRIPT = `document.querySelectorAll("[data-print]").forEach(function(b){b.hidden=false;b.addEventListener("click",function(){window.print()})});document.querySelectorAll("[data-print-hint]").forEach(function(p){p.hidden=true})`;

const PRINT_BUTTON = "min-h-11 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700";

/**
 * The print button. Loaded as a page, the server writes it hidden with a line about the
 * browser's menu, and the inline script swaps them (without JavaScript the line stays). Reached
 * by a link inside the app, React renders the page and an inline script never runs, so the
 * button is rendered ready, with its own click handler.
 */
export function PrintButton() {
  const { t } = useTranslation();
  const nonce = useNonce();
  const hydrated = useHydrated();
  if (hydrated) {
    return (
      <button type="button" data-print className={PRINT_BUTTON} onClick={() => window.print()}>
        {t("printableOrder.print")}
      </button>
    );
  }
  return (
    <>
      <button type="button" data-print hidden className={PRINT_BUTTON}>
        {t("printableOrder.print")}
      </button>
      <p data-print-hint className="max-w-xs text-sm text-fg-muted">{t("printableOrder.printHint")}</p>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: PRINT_SCRIPT }} />
    </>
  );
}

/** The organiser's details as the site settings hold them; a field not filled in is left off. */
export function BusinessLines({ business }: { business: Pick<PublicBusiness, "name" | "registrationNumber" | "address" | "phone" | "email"> }) {
  const { t } = useTranslation();
  return (
    <>
      {business.name || business.registrationNumber ? (
        <dd>
          {t("receipt.through")}: {business.name ? <bdi>{business.name}</bdi> : null}
          {business.name && business.registrationNumber ? " · " : null}
          {business.registrationNumber ? <span dir="auto">{t("receipt.businessId", { id: business.registrationNumber })}</span> : null}
        </dd>
      ) : null}
      {business.address ? <dd><bdi>{business.address}</bdi></dd> : null}
      {business.phone || business.email ? (
        <dd>
          {business.phone ? <span dir="ltr">{business.phone.label}</span> : null}
          {business.phone && business.email ? " · " : null}
          {business.email ? <span dir="ltr">{business.email}</span> : null}
        </dd>
      ) : null}
    </>
  );
}


/** Pickup at her community's point (address, days, hours), or home delivery. */
export function PlaceLine({ place }: { place: ReceiptPlace }) {
  const { t } = useTranslation();
  const { order, communityName, pickupAddress, pickupDays, pickupStartTime, pickupEndTime, orderDeadline } = place;
  if (order.deliveryType !== "PICKUP") return <>{t("receipt.delivery")}</>;
  return (
    <>
      {t("receipt.pickupAt", { place: communityName ?? "" })}
      {pickupAddress && pickupDays && pickupStartTime && pickupEndTime ? (
        <> · <PickupPointText point={{ address: pickupAddress, pickupDays, pickupStartTime, pickupEndTime, instructions: null }} orderDeadline={orderDeadline} /></>
      ) : null}
    </>
  );
}
