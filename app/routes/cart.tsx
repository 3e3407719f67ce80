import { useEffect, useRef, useState } from "react";
import { useTranslation } from "~/components/use-translation";
import { useUnitName } from "~/components/use-unit-name";
import { Form, useFetcher, useNavigation, Link } from "react-router";
import { Confirm } from "~/components/confirm";
import { Price, useFormatShekel } from "~/components/price";
import { ErrorList } from "~/components/ui/field";
import { useHydrated } from "~/components/use-hydrated";
import { QtyStepper } from "~/components/qty-stepper";
import { imageSrcSet } from "~/domain/image-upload";
import { dbContext, userContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import type { Cart } from "~/services/cart.server";
import { checkoutOptions } from "~/services/checkout.server";
import { formatDay } from "~/domain/dates";
import { orderableMax, stockRefusal } from "~/domain/stock";
import { MessageScreen } from "~/components/message-screen";
import type { Route } from "./+types/cart";
import { cartAction } from "./cart.server";

/**
 * A line as the page shows it. The service's line carries the whole deal (its description,
 * tiers, vendor…); every value sent is one more the document's data encodes and the browser
 * decodes, and /cart is a page shoppers open again and again before a deadline (016).
 */
function shownLine({ id, dealId, qty, unitPrice, lineTotal, deal }: Cart["lines"][number]) {
  // Less left than the line holds (the farmer's stock fell since it was added): she may still
  // lower it step by step, and the line says how much is left.
  const stockShort = stockRefusal(deal.stock, qty);
  return {
    id, dealId, qty, unitPrice, lineTotal, stockShort,
    deal: { slug: deal.slug, title: deal.title, unit: deal.unit, image: deal.images[0] ?? null, maxQty: Math.max(qty, orderableMax(deal.maxQty, deal.stock)) },
  };
}
type ShownLine = ReturnType<typeof shownLine>;

export function loader({ context }: Route.LoaderArgs) {
  const t = getTranslate(context);
  const user = context.get(userContext);
  const options = user ? checkoutOptions(context.get(dbContext), user) : null;
  const cart = options?.cart;
  return {
    title: t("shop.cart.metaTitle"),
    cart: cart ? { lines: cart.lines.map(shownLine), subtotal: cart.subtotal, originalTotal: cart.originalTotal } : null,
    community: options?.community ?? null,
    pickupDate: options?.pickupDate ?? null,
    // Her community's own delivery (issue #45): null when it does not deliver.
    delivery: options?.delivery?.enabled ? { fee: options.delivery.fee, freeFrom: options.delivery.freeFrom } : null,
    freeDeliveryGap: options?.freeDeliveryGap ?? null,
    nextTier: options?.nextTier ?? null,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export function action({ request, context }: Route.ActionArgs) {
  return cartAction(request, context);
}

export default function CartPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const unitName = useUnitName();
  const shekel = useFormatShekel();
  const { cart, community, pickupDate, delivery, freeDeliveryGap, nextTier } = loaderData;
  // The checkout's first step is loading (a slow phone waits a second or two for it).
  const navigation = useNavigation();
  const toCheckout = navigation.state === "loading" && navigation.location.pathname === "/shipping";

  if (!cart) {
    return <MessageScreen title={t("shop.cart.title")} text={t("shop.cart.loginPrompt")} linkTo="/login?redirect=/cart" linkLabel={t("shop.cart.loginButton")} />;
  }

  if (cart.lines.length === 0) {
    return <MessageScreen title={t("shop.cart.emptyTitle")} text={t("shop.cart.emptyText")} linkTo="/" linkLabel={t("shop.cart.emptyCta")} />;
  }

  const savings = cart.originalTotal - cart.subtotal;
  return (
    <section className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 lg:grid-cols-[1fr_20rem]">
      <div>
        <h1 className="text-3xl font-bold">{t("shop.cart.title")}</h1>
        <ul className="mt-6 grid gap-4">
          {cart.lines.map((line) => (
            <li key={line.id} className="flex gap-3 rounded-2xl border border-line bg-surface p-4" data-testid="cart-line">
              <img src={line.deal.image ?? "/images/produce/placeholder.svg"} srcSet={line.deal.image ? imageSrcSet(line.deal.image) : undefined} sizes="(min-width: 640px) 96px, 64px" alt="" width={96} height={72} className="h-12 w-16 rounded-lg object-cover sm:h-18 sm:w-24" />
              {/* min-w-0: a long title or the steppers wrap inside the card instead of widening the page. */}
              <div className="flex min-w-0 flex-1 flex-col gap-2">
                <Link to={`/deals/${line.deal.slug}`} className="font-semibold hover:underline">
                  {line.deal.title}
                </Link>
                <p className="text-sm text-fg-muted">
                  <Price agorot={line.unitPrice} /> · {t("shop.price.perUnit", { unit: unitName(line.deal.unit) })}
                </p>
                <div className="flex flex-wrap items-center gap-3">
                  <LineQty line={line} />
                  <RemoveLine line={line} />
                </div>
                {line.stockShort !== null ? (
                  <p className="text-sm font-medium text-red-700 dark:text-red-300" role="status" data-testid="line-stock-short">
                    {line.stockShort === 0 ? t("shop.errors.soldOut") : t("shop.errors.stockShort", { left: line.stockShort })}
                  </p>
                ) : null}
              </div>
              <p className="shrink-0 font-semibold whitespace-nowrap" data-testid="line-total">
                <Price agorot={line.lineTotal} />
              </p>
            </li>
          ))}
        </ul>
        <Confirm
          label={t("shop.cart.clear")}
          title={t("shop.cart.clearConfirmTitle")}
          text={t("shop.cart.clearConfirmText")}
          confirmLabel={t("shop.cart.clearConfirm")}
          cancelLabel={t("shop.cart.clearCancel")}
          className="mt-6"
        >
          <input type="hidden" name="intent" value="clear" />
        </Confirm>
      </div>

      <aside className="h-fit rounded-2xl border border-line bg-surface p-5 lg:sticky lg:top-20">
        <h2 className="text-lg font-bold">{t("shop.cart.summary")}</h2>
        <dl className="mt-4 grid gap-2 text-sm">
          <div className="flex justify-between">
            <dt data-testid="cart-count">{t("purchase.cart.products", { count: cart.lines.length })}</dt>
            <dd><Price agorot={cart.subtotal} /></dd>
          </div>
          {savings > 0 ? (
            <div className="flex justify-between text-brand-700 dark:text-brand-200">
              <dt>{t("shop.cart.savings", { amount: "" })}</dt>
              <dd><Price agorot={savings} /></dd>
            </div>
          ) : null}
          <div className="flex justify-between border-t border-line pt-2 text-base font-bold">
            <dt>{t("shop.cart.total")}</dt>
            <dd data-testid="cart-total"><Price agorot={cart.subtotal} /></dd>
          </div>
        </dl>
        <ul className="mt-4 grid gap-2 text-sm">
          {pickupDate && community ? (
            <li data-testid="cart-pickup">{t("purchase.cart.pickup", { day: formatDay(pickupDate, i18n.language), community: community.name })}</li>
          ) : null}
          {nextTier && community ? (
            <li className="rounded-lg bg-brand-50 p-2 text-brand-800 dark:bg-brand-800 dark:text-brand-50" data-testid="cart-next-tier">
              {t("purchase.cart.nextTier", { amount: shekel(nextTier.gap), community: community.name, percent: nextTier.discountPercent })}
            </li>
          ) : null}
          {community && !delivery ? (
            <li className="text-fg-muted" data-testid="cart-pickup-only">{t("shop.communityDelivery.pickupOnly")}</li>
          ) : freeDeliveryGap !== null ? (
            <li className="text-fg-muted" data-testid="cart-free-delivery">
              {freeDeliveryGap > 0 ? t("purchase.cart.freeDeliveryGap", { amount: shekel(freeDeliveryGap) }) : t("purchase.cart.freeDelivery")}
            </li>
          ) : delivery && community && delivery.fee > 0 ? (
            <li className="text-fg-muted" data-testid="cart-delivery-fee">{t("shop.communityDelivery.neverFreeHint", { fee: shekel(delivery.fee), community: community.name })}</li>
          ) : delivery ? (
            <li className="text-fg-muted" data-testid="cart-free-delivery">{t("purchase.cart.freeDelivery")}</li>
          ) : null}
        </ul>
        {/* One checkout: it begins with pickup (free, preselected) or delivery. */}
        <Link
          to="/shipping"
          aria-busy={toCheckout}
          className="mt-5 flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-4 py-3 text-center font-semibold text-white hover:bg-brand-700 aria-busy:opacity-70"
          data-testid="cart-checkout"
        >
          {toCheckout ? t("purchase.next") : t("shop.cart.checkout")}
        </Link>
      </aside>
    </section>
  );
}

/** A line's "remove": says it is working, and takes no second tap, while the line goes. */
function RemoveLine({ line }: { line: ShownLine }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const removing = navigation.state !== "idle" && navigation.formData?.get("intent") === "remove" && navigation.formData.get("dealId") === line.dealId;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="dealId" value={line.dealId} />
      <button
        type="submit"
        disabled={removing}
        aria-busy={removing}
        className="min-h-11 px-2 text-sm text-red-700 hover:underline disabled:opacity-70 dark:text-red-300"
        aria-label={t("shop.cart.removeItem", { title: line.deal.title })}
      >
        {removing ? t("purchase.cart.saving") : t("shop.cart.remove")}
      </button>
    </Form>
  );
}

/** Debounce of the stepper: a few quick taps make one request. */
const QTY_SAVE_DELAY_MS = 500;

/**
 * A line's quantity. Without JavaScript: the number field and an update button (a plain form).
 * With it: each change is sent by itself, after a short pause, to the same action; the page's
 * data then revalidates (line total, summary, nudges).
 */
function LineQty({ line }: { line: ShownLine }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ ok?: true; error?: string }>();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // "Saving" from the first tap, not only once the pause is over and the request is out: the
  // line total is old until the answer comes.
  const [queued, setQueued] = useState(false);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Queued until the request is out; from then on the fetcher's own state says it is saving.
  useEffect(() => {
    if (fetcher.state !== "idle") setQueued(false);
  }, [fetcher.state]);
  const saveSoon = (qty: number) => {
    clearTimeout(timer.current);
    setQueued(true);
    timer.current = setTimeout(() => {
      fetcher.submit({ intent: "update", dealId: line.dealId, qty: String(qty), via: "fetcher" }, { method: "post", action: "/cart", preventScrollReset: true });
    }, QTY_SAVE_DELAY_MS);
  };
  return (
    <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="dealId" value={line.dealId} />
      <QtyStepper id={`cart-qty-${line.dealId}`} defaultValue={line.qty} max={line.deal.maxQty} size="touch" onChange={saveSoon} />
      {/* The same box before and after hydration (w-24, min-h-11): the line keeps its height. */}
      {hydrated ? (
        <span role="status" className="inline-flex min-h-11 w-24 items-center text-xs text-fg-muted" data-testid="qty-saving">
          {queued || fetcher.state !== "idle" ? t("purchase.cart.saving") : null}
        </span>
      ) : (
        <button type="submit" className="min-h-11 w-24 rounded-lg border border-line px-3 text-sm hover:bg-muted">
          {t("shop.cart.update")}
        </button>
      )}
      <ErrorList errors={fetcher.data?.error ? [fetcher.data.error] : null} />
    </Form>
  );
}
