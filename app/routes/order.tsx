import { useTranslation } from "~/components/use-translation";
import { PickupPointText } from "~/components/pickup-point";
import { data, Form, Link, useNavigation } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { Confirm } from "~/components/confirm";
import { isConfirmed } from "~/domain/confirm";
import { Price, useFormatShekel } from "~/components/price";
import { dbContext, userContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { formatDateTime } from "~/domain/dates";
import { CANCEL_CUTOFF_HOURS, REFUND_DAYS } from "~/domain/delivery";
import { communityDelivery } from "~/services/communities.server";
import { ServiceError } from "~/domain/errors";
import { canCancel, cancelCutoffPassed, cancelWindow, orderNumber } from "~/domain/order-status";
import { cancelOrder, changeOrderQty, findOrderForUser, PRICE_RISE } from "~/services/orders.server";
import { CartQtySchema } from "~/domain/shop-schemas";
import { readForm } from "~/web/form.server";
import { redirectWithToast } from "~/web/toast.server";
import { MessageScreen } from "~/components/message-screen";
import type { Route } from "./+types/order";
import { receiptKind } from "~/domain/receipt-kind";
import { checkoutOf } from "~/services/order-lifecycle.server";
import { checkoutOrderCount } from "~/services/receipt.server";
import { StatusBadge } from "~/components/status-badge";

export function loader({ params, context }: Route.LoaderArgs) {
  const t = getTranslate(context);
  const user = context.get(userContext);
  if (!user) return { state: "guest" as const, title: t("shop.orders.metaTitle") };
  const db = context.get(dbContext);
  const found = findOrderForUser(db, user.id, params.id);
  if (!found) return data({ state: "missing" as const, title: t("shop.order.notFound") }, { status: 404 });
  const now = new Date();
  const final = found.cycleDeadline ? cancelCutoffPassed(found.cycleDeadline, now) : false;
  const window = cancelWindow(found.order, found.cycleDeadline && found.cyclePickupDate ? { orderDeadline: found.cycleDeadline, pickupDate: found.cyclePickupDate } : null, now);
  return {
    state: "found" as const,
    title: t("shop.order.metaTitle", { number: orderNumber(found.order.id) }),
    ...found,
    cancellable: window === "open",
    // The close raised her price: a one-tap cancel until pickup.
    raised: window === "raised",
    // The last moment for a change: 24 hours before the week's deadline.
    changeUntil: found.cycleDeadline ? new Date(found.cycleDeadline.getTime() - CANCEL_CUTOFF_HOURS * 3_600_000) : null,
    final: canCancel(found.order.status) && final && window !== "raised",
    // The business days her community promises for a delivery (issue #45), as it set them.
    deliveryDays: found.order.deliveryType === "DELIVERY" ? deliveryDaysOf(communityDelivery(db, found.order.communityId)) : null,
    // The printable documents: "receipt" once paid, else an order summary; the checkout's one
    // document when the checkout placed more than this order (issue #47).
    receiptKind: receiptKind([found.order.status]),
    checkoutReceipt: checkoutOrderCount(db, user.id, checkoutOf(found.order)) > 1 ? `/checkouts/${checkoutOf(found.order)}/receipt` : null,
  };
}

function deliveryDaysOf(settings: { daysMin: number; daysMax: number } | null) {
  return settings ? { min: settings.daysMin, max: settings.daysMax } : null;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

/**
 * Cancel, or change the quantity (plain forms, `intent`). Both follow the FAQ's rule, checked in
 * the service: until 24 hours before the deadline. After it, or on bad input, the page answers
 * 409 or 400 with the message beside the form, and nothing changes.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = context.get(userContext);
  if (!user) return redirectWithToast(request, `/login?redirect=/orders/${params.id}`, { variant: "warning", title: "errors.unauthorized" });
  const db = context.get(dbContext);
  const formData = await readForm(request);
  const intent = formData.get("intent");
  try {
    if (intent === "change-qty") {
      const submission = parseWithZod(formData, { schema: CartQtySchema });
      if (submission.status !== "success") return data({ intent, error: submission.error?.qty?.[0] ?? "shop.validation.qtyInvalid" }, { status: 400 });
      try {
        const shown = Number(formData.get("shownPrice"));
        changeOrderQty(db, user.id, params.id, submission.value.qty, new Date(), {
          acceptPriceRise: formData.get("acceptPrice") === "1",
          shownUnitPrice: Number.isSafeInteger(shown) && shown > 0 ? shown : undefined,
        });
      } catch (error) {
        // A higher price per unit: the page says so and asks before anything changes.
        if (error instanceof ServiceError && error.messageKey === PRICE_RISE && error.values) {
          const { qty, unitPrice, was } = error.values as { qty: number; unitPrice: number; was: number };
          return data({ intent, error: null, priceRise: { qty, unitPrice, was } }, { status: 409 });
        }
        throw error;
      }
      return redirectWithToast(request, `/orders/${params.id}`, { variant: "success", title: "purchase.order.qtyChanged" });
    }
    // Cancelling asks first (the Confirm panel's field): a stray POST changes nothing.
    if (!isConfirmed(formData)) return data({ intent: "cancel", error: "destructiveConfirm.page" }, { status: 400 });
    cancelOrder(db, user.id, params.id);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data({ intent, error: error.messageKey }, { status: error.status });
  }
  return redirectWithToast(request, "/orders", { variant: "success", title: "shop.toast.orderCanceled" });
}

export default function OrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const shekel = useFormatShekel();
  const navigation = useNavigation();
  if (loaderData.state === "guest") {
    return <MessageScreen text={t("shop.orders.loginPrompt")} linkTo="/login" linkLabel={t("shop.orders.loginButton")} />;
  }
  if (loaderData.state === "missing") {
    return <MessageScreen title={t("shop.order.notFound")} text={t("shop.order.notFoundText")} linkTo="/orders" linkLabel={t("shop.order.back")} />;
  }
  const { order, dealTitle, dealSlug, communityName, cycleDeadline, pickupPoint } = loaderData;
  const number = orderNumber(order.id);
  const canceled = order.status === "CANCELED" || order.status === "REFUNDED";
  const finalLabel = canceled
    ? t("shop.order.stepCanceled")
    : order.status === "FULFILLED"
      ? t("shop.order.stepCompleted")
      : order.status === "PAID"
        ? t("shop.order.stepPreparing")
        : t("shop.order.stepWaiting");
  const steps = [
    { label: t("shop.order.stepCreated"), date: order.createdAt, done: true },
    { label: t("shop.order.stepPaid"), date: order.paidAt, done: order.status === "PAID" || order.status === "FULFILLED" },
    { label: `${t("shop.order.stepFinal")} · ${finalLabel}`, date: order.fulfilledAt ?? order.canceledAt, done: order.status === "FULFILLED" || canceled },
  ];
  const card = "rounded-2xl border border-line bg-surface p-5";
  return (
    <section className="mx-auto grid max-w-4xl gap-5 px-4 py-10">
      <Link to="/orders" className="text-sm text-fg-muted hover:underline">{t("shop.order.back")}</Link>
      <div className={`${card} flex flex-wrap items-center justify-between gap-3`}>
        <div>
          <h1 className="text-2xl font-bold">{t("shop.orders.number", { number })}</h1>
          <p className="text-sm text-fg-muted">{formatDateTime(order.createdAt, i18n.language)}</p>
        </div>
        <StatusBadge status={order.status} deliveryType={order.deliveryType} />
      </div>

      <div className={card}>
        <h2 className="font-semibold">{t("shop.order.detailsTitle")}</h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
          <dt className="text-fg-muted">{t("shop.order.product")}</dt>
          <dd><Link to={`/deals/${dealSlug}`} className="hover:underline">{dealTitle}</Link></dd>
          <dt className="text-fg-muted">{t("shop.order.qty")}</dt><dd>{order.qty}</dd>
          <dt className="text-fg-muted">{t("shop.order.unitPrice")}</dt><dd><Price agorot={order.unitPriceAtPurchase} /></dd>
          <dt className="text-fg-muted">{t("shop.order.deliveryFee")}</dt><dd><Price agorot={order.deliveryFee} /></dd>
          <dt className="font-semibold">{t("shop.order.total")}</dt><dd className="font-semibold" data-testid="order-total"><Price agorot={order.total} /></dd>
        </dl>
      </div>

      <div className={card}>
        <h2 className="font-semibold">{order.deliveryType === "PICKUP" ? t("shop.order.pickupTitle") : t("shop.order.deliveryTitle")}</h2>
        {order.deliveryType === "PICKUP" ? (
          <p className="mt-2 text-sm" data-testid="order-pickup">
            <bdi>{communityName}</bdi>
            {pickupPoint ? <> · <PickupPointText point={pickupPoint} orderDeadline={cycleDeadline} withInstructions /></> : null}
          </p>
        ) : (
          <p className="mt-2 text-sm">{order.deliveryAddress}{order.deliveryPhone ? ` · ${order.deliveryPhone}` : null}</p>
        )}
        {order.status === "PAID" && loaderData.deliveryDays ? <p className="mt-2 text-sm text-brand-700 dark:text-brand-200" data-testid="order-on-the-way">{t("shop.order.onTheWay", loaderData.deliveryDays)}</p> : null}
        {order.status === "CANCELED" ? <p className="mt-2 text-sm text-fg-muted">{t("shop.order.refundNote", REFUND_DAYS)}</p> : null}
      </div>

      <div className={card}>
        <h2 className="font-semibold">{t("shop.order.actionsTitle")}</h2>
        {actionData?.error ? (
          <p role="alert" className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-100" data-testid="order-action-error">
            {actionData.intent === "change-qty" ? t("purchase.order.changeFailed") : t("shop.errors.cancel")} {t(actionData.error)}
          </p>
        ) : null}
        {actionData && "priceRise" in actionData && actionData.priceRise ? (
          <Form method="post" className="mt-2 grid gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="order-price-rise">
            <p role="alert">{t("purchase.order.priceRise", { qty: actionData.priceRise.qty, price: shekel(actionData.priceRise.unitPrice), was: shekel(actionData.priceRise.was) })}</p>
            <input type="hidden" name="intent" value="change-qty" />
            <input type="hidden" name="qty" value={actionData.priceRise.qty} />
            <input type="hidden" name="acceptPrice" value="1" />
            <input type="hidden" name="shownPrice" value={actionData.priceRise.unitPrice} />
            <div className="flex flex-wrap gap-2">
              <button type="submit" disabled={navigation.state !== "idle"} className="min-h-11 rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 disabled:opacity-70">
                {t("purchase.order.priceRiseConfirm", { qty: actionData.priceRise.qty })}
              </button>
              <Link to={`/orders/${order.id}`} className="inline-flex min-h-11 items-center rounded-lg border border-amber-700 px-4 font-semibold hover:bg-amber-100 dark:hover:bg-amber-900">
                {t("purchase.order.priceRiseKeep", { qty: order.qty })}
              </Link>
            </div>
          </Form>
        ) : null}
        {loaderData.final ? <p className="mt-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="order-final">{t("shop.order.finalNote")}</p> : null}
        {loaderData.raised && loaderData.cyclePickupDate ? (
          <Form method="post" className="mt-2 grid gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100" data-testid="order-raised">
            <p>{t("purchase.order.raisedNote", { date: formatDateTime(loaderData.cyclePickupDate, i18n.language) })}</p>
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" disabled={navigation.state !== "idle"} className="min-h-11 justify-self-start rounded-lg border border-amber-700 px-4 font-semibold hover:bg-amber-100 disabled:opacity-70 dark:hover:bg-amber-900">
              {t("purchase.order.raisedCancel")}
            </button>
          </Form>
        ) : null}
        {loaderData.cancellable ? (
          <Form method="post" className="mt-3 flex flex-wrap items-end gap-2" data-testid="change-qty-form">
            <input type="hidden" name="intent" value="change-qty" />
            <div>
              <label htmlFor="order-qty" className="mb-1 block text-sm font-medium">{t("purchase.order.qtyLabel")}</label>
              <input id="order-qty" name="qty" type="number" inputMode="numeric" min={1} step={1} defaultValue={order.qty} required className="h-11 w-24 rounded-lg border border-line bg-surface px-3 text-center" />
            </div>
            <button type="submit" disabled={navigation.state !== "idle"} className="min-h-11 rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 disabled:opacity-70">
              {t("purchase.order.changeQty")}
            </button>
            {loaderData.changeUntil ? <p className="basis-full text-xs text-fg-muted">{t("purchase.order.changeUntil", { date: formatDateTime(loaderData.changeUntil, i18n.language) })}</p> : null}
          </Form>
        ) : null}
        <div className="mt-3 flex flex-wrap items-start gap-2">
          {loaderData.cancellable ? (
            <Confirm
              label={t("shop.order.cancel")}
              title={t("shop.order.cancelConfirmTitle")}
              text={t("shop.order.cancelConfirmText")}
              confirmLabel={t("shop.order.cancelConfirm")}
              cancelLabel={t("shop.order.cancelKeep")}
              open={actionData?.intent === "cancel"}
            >
              <input type="hidden" name="intent" value="cancel" />
            </Confirm>
          ) : null}
          <Link to={`/orders/${order.id}/receipt`} className="rounded-lg border border-line px-4 py-2 text-sm hover:bg-muted">
            {t(loaderData.receiptKind === "receipt" ? "printableOrder.orderReceiptLink" : "printableOrder.orderSummaryLink")}
          </Link>
          {loaderData.checkoutReceipt ? (
            <Link to={loaderData.checkoutReceipt} className="rounded-lg border border-line px-4 py-2 text-sm hover:bg-muted" data-testid="checkout-receipt-link">
              {t(loaderData.receiptKind === "receipt" ? "printableOrder.checkoutReceiptLink" : "printableOrder.checkoutLink")}
            </Link>
          ) : null}
          <Link to={`/contact?order=${number}`} className="rounded-lg border border-line px-4 py-2 text-sm hover:bg-muted">{t("shop.order.support")}</Link>
          {order.status === "PAID" ? <a href="#timeline" className="rounded-lg border border-line px-4 py-2 text-sm hover:bg-muted">{t("shop.order.track")}</a> : null}
        </div>
      </div>

      <div className={card} id="timeline">
        <h2 className="font-semibold">{t("shop.order.timelineTitle")}</h2>
        <ol className="mt-3 grid gap-3">
          {steps.map((step) => (
            <li key={step.label} className="flex items-start gap-3">
              <span className={`mt-1 size-3 rounded-full ${step.done ? "bg-brand-600" : "bg-line"}`} aria-hidden="true" />
              <span>
                <span className="block text-sm font-medium">{step.label}</span>
                {step.date && step.done ? <span className="text-xs text-fg-muted">{formatDateTime(step.date, i18n.language)}</span> : null}
              </span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
