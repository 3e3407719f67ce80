// Steps 2 and 3 of the checkout: her details for the way she chose on /shipping (carried in the
// address: ?deliveryType=PICKUP&pickupPointId=...), then a review of items, savings, fee, total
// and pickup day, then the order. Plain forms and server-side steps: the review is the answer
// to the details form, and its own form carries every value back (docs/decisions/011).
import { PickupPointText } from "~/components/pickup-point";
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { CheckoutSteps, CheckoutSummary } from "~/components/checkout-parts";
import { Price } from "~/components/price";
import { SavedAddressPicker } from "~/components/saved-address-picker";
import { ErrorList, errorsNotShown, Field, SubmitButton } from "~/components/ui/field";
import { useTranslation } from "~/components/use-translation";
import { useUnitName } from "~/components/use-unit-name";
import { dbContext } from "~/context";
import type { PickupPoint } from "~/db/schema";
import type { SavedAddressOption } from "~/domain/addresses";
import { detailsDelivery } from "~/domain/checkout";
import { ServiceError } from "~/domain/errors";
import { CheckoutDetailsSchema, DeliveryDetailsSchema, PickupDetailsSchema, type CheckoutDetailsInput } from "~/domain/shop-schemas";
import { applySavedAddress, savedAddressOptions } from "~/services/addresses.server";
import { checkoutOptions, checkShippingChoice, rememberedPhone, reviewCheckout, type CheckoutReview } from "~/services/checkout.server";
import { placeCartOrders } from "~/services/orders.server";
import { readForm } from "~/web/form.server";
import { getTranslate } from "~/web/language.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/checkout";
import { detailsTitleKey, paymentKey } from "~/domain/order-words";

type Method = { deliveryType: "PICKUP"; point: PickupPoint } | { deliveryType: "DELIVERY"; point: null };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = requireUser(context, url);
  const db = context.get(dbContext);
  const options = checkoutOptions(db, user);
  if (options.cart.lines.length === 0) {
    throw await redirectWithToast(request, "/cart", { variant: "info", title: "shop.toast.cartEmpty" });
  }
  // The way she gets it is step 1's (/shipping); without one, or with a point that is not her
  // community's, she starts there.
  const params = url.searchParams;
  const deliveryType = params.get("deliveryType");
  const pickupPointId = params.get("pickupPointId") ?? "";
  if (deliveryType !== "PICKUP" && deliveryType !== "DELIVERY") throw redirect("/shipping");
  try {
    checkShippingChoice(db, user, { deliveryType, communityId: user.communityId ?? "", pickupPointId });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    // After a refused post (delivery in a pickup-only community) the page shows the action's
    // 4xx and its message; a plain visit starts over at /shipping.
    if (request.method === "GET" || deliveryType === "PICKUP") throw await redirectWithToast(request, "/shipping", { variant: "warning", title: error.messageKey });
  }
  const method: Method =
    deliveryType === "PICKUP" ? { deliveryType, point: options.pickupPoints.find((p) => p.id === pickupPointId)! } : { deliveryType, point: null };
  // Saved addresses, default first: the default fills the delivery form as it opens.
  const addresses = savedAddressOptions(db, user.id);
  const home = addresses.find((a) => a.isDefault);
  return {
    title: getTranslate(context)("shop.checkout.metaTitle"),
    cart: options.cart,
    orderDeadline: options.orderDeadline,
    // checkShippingChoice let delivery through only for a community that delivers.
    fee: deliveryType === "DELIVERY" ? (options.deliveryFee ?? 0) : 0,
    method,
    addresses,
    defaults: {
      deliveryType,
      pickupPointId: method.point?.id ?? "",
      fullName: [user.firstName, user.lastName].filter(Boolean).join(" "),
      phone: rememberedPhone(db, user),
      address: home?.street ?? "",
      city: home?.city ?? "",
      postalCode: "",
      notes: deliveryType === "DELIVERY" ? (home?.notes ?? "") : "",
    } as Record<string, string>,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = requireUser(context, url);
  const db = context.get(dbContext);
  const formData = applySavedAddress(db, user.id, await readForm(request), { street: "address", city: "city", notes: "notes" });
  const intent = formData.get("intent");
  const submission = parseWithZod(formData, { schema: CheckoutDetailsSchema });
  if (submission.status !== "success") return data({ step: "details" as const, result: submission.reply() }, { status: 400 });
  const values = submission.value;
  if (intent === "edit") return { step: "details" as const, result: undefined, values };
  const delivery = detailsDelivery(values);
  try {
    if (intent === "place") {
      const placed = await placeCartOrders(db, user, delivery);
      return redirect(`/order-success?${new URLSearchParams(placed.map((order) => ["orderId", order.id]))}`);
    }
    return { step: "review" as const, review: reviewCheckout(db, user, delivery), values };
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.messageKey === "shop.errors.cartEmpty") {
      return redirectWithToast(request, "/cart", { variant: "info", title: "shop.toast.cartEmpty" });
    }
    return data({ step: "details" as const, result: submission.reply({ formErrors: ["shop.errors.checkout", error.messageKey] }) }, { status: error.status });
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, fee } = loaderData;
  const review = actionData?.step === "review" ? actionData : null;
  const edited = actionData && "values" in actionData && actionData.values ? (actionData.values as Record<string, string | undefined>) : null;
  return (
    <section className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
      {review ? (
        <ReviewStep review={review.review} values={review.values} />
      ) : (
        // A new key when she comes back from the review: the form opens on what she had typed.
        <DetailsStep
          key={edited ? "edited" : "fresh"}
          method={loaderData.method}
          orderDeadline={loaderData.orderDeadline}
          addresses={loaderData.addresses}
          defaults={{ ...loaderData.defaults, ...edited }}
          lastResult={actionData?.step === "details" ? actionData.result : undefined}
        />
      )}
      <CheckoutSummary lines={cart.lines} subtotal={cart.subtotal} savings={cart.originalTotal - cart.subtotal} fee={fee} />
    </section>
  );
}

function methodQuery(method: { deliveryType: string; pickupPointId?: string | null }) {
  const query = new URLSearchParams({ deliveryType: method.deliveryType });
  if (method.deliveryType === "PICKUP" && method.pickupPointId) query.set("pickupPointId", method.pickupPointId);
  return query.toString();
}

/** Where and when she collects it: "Herzl 12 · Friday, 27/11 · 09:00–12:00", the point's day in this week. */
function PickupLine({ point, orderDeadline }: { point: PickupPoint; orderDeadline: Date | null }) {
  return <PickupPointText point={point} orderDeadline={orderDeadline} />;
}

function DetailsStep({
  method,
  orderDeadline,
  addresses,
  defaults,
  lastResult,
}: {
  method: Method;
  orderDeadline: Date | null;
  addresses: readonly SavedAddressOption[];
  defaults: Record<string, string | undefined>;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const delivery = method.deliveryType === "DELIVERY";
  const schema = delivery ? DeliveryDetailsSchema : PickupDetailsSchema;
  // One field set for both ways (pickup simply has fewer of them); the schema for this way checks it.
  const [form, fields] = useForm<z.input<typeof DeliveryDetailsSchema>>({
    id: "checkout",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(schema),
    // The union's pickup shape is a subset of these fields; typed as the delivery one.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CheckoutDetailsSchema }) as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/checkout");
  const shownFields = [fields.phone.name, fields.notes.name, ...(delivery ? [fields.fullName.name, fields.address.name, fields.city.name, fields.postalCode.name] : [])];
  return (
    <div className="min-w-0">
      <CheckoutSteps current={2} />
      <h1 className="mt-3 text-3xl font-bold">{t(detailsTitleKey(method.deliveryType))}</h1>
      <p className="mt-2 text-sm" data-testid="checkout-method">
        {delivery ? t("shop.delivery.delivery") : <>{t("shop.delivery.pickup")}: <PickupLine point={method.point!} orderDeadline={orderDeadline} /></>}{" "}
        <Link to={`/shipping?${methodQuery({ deliveryType: method.deliveryType, pickupPointId: method.point?.id })}`} className="underline">
          {t("purchase.change")}
        </Link>
      </p>
      <Form method="post" action={`/checkout?${methodQuery({ deliveryType: method.deliveryType, pickupPointId: method.point?.id })}`} className="mt-6 grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="deliveryType" value={method.deliveryType} />
        {method.point ? <input type="hidden" name="pickupPointId" value={method.point.id} /> : null}
        {delivery ? (
          <Field label={t("shop.checkout.fullName")} errorId={fields.fullName.errorId} errors={fields.fullName.errors} {...getInputProps(fields.fullName, { type: "text" })} autoComplete="name" />
        ) : null}
        <Field label={t("shop.checkout.phone")} errorId={fields.phone.errorId} errors={fields.phone.errors} {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" dir="ltr" />
        {delivery ? (
          <>
            <SavedAddressPicker id="checkout-saved-address" addresses={addresses} fill={(a) => ({ [fields.address.name]: a.street, [fields.city.name]: a.city, [fields.notes.name]: a.notes })} />
            <Field label={t("shop.checkout.address")} errorId={fields.address.errorId} errors={fields.address.errors} {...getInputProps(fields.address, { type: "text" })} autoComplete="street-address" />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label={t("shop.checkout.city")} errorId={fields.city.errorId} errors={fields.city.errors} {...getInputProps(fields.city, { type: "text" })} autoComplete="address-level2" />
              <Field label={t("shop.checkout.postalCode")} errorId={fields.postalCode.errorId} errors={fields.postalCode.errors} {...getInputProps(fields.postalCode, { type: "text" })} autoComplete="postal-code" inputMode="numeric" dir="ltr" />
            </div>
          </>
        ) : null}
        <div>
          <label htmlFor={fields.notes.id} className="mb-1 block text-sm font-medium">{delivery ? t("shop.checkout.notes") : t("shop.shipping.notes")}</label>
          <textarea {...getTextareaProps(fields.notes)} rows={2} className="w-full rounded-lg border border-line bg-surface px-3 py-2" />
          <ErrorList id={fields.notes.errorId} errors={fields.notes.errors} />
        </div>
        <fieldset className="rounded-xl border border-line p-3">
          <legend className="px-1 text-sm font-medium">{t("shop.checkout.payment")}</legend>
          <label className="flex min-h-11 items-center gap-2">
            <input type="radio" name="paymentMethod" value="CASH" defaultChecked className="size-5 accent-brand-600" />
            <span data-testid="checkout-payment">{t(paymentKey(delivery ? "DELIVERY" : "PICKUP"))}</span>
          </label>
        </fieldset>
        <div role="alert"><ErrorList id={form.errorId} errors={errorsNotShown(form.allErrors, shownFields)} /></div>
        <SubmitButton name="intent" value="review" pending={Boolean(pending)} pendingLabel={t("purchase.next")}>
          {t("purchase.details.submit")}
        </SubmitButton>
      </Form>
    </div>
  );
}

function ReviewStep({ review, values }: { review: CheckoutReview; values: CheckoutDetailsInput }) {
  const { t } = useTranslation();
  const unitName = useUnitName();
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/checkout");
  const hidden = Object.entries(values).filter(([, value]) => value !== undefined && value !== "");
  return (
    <div className="min-w-0" data-testid="checkout-review">
      <CheckoutSteps current={3} />
      <h1 className="mt-3 text-3xl font-bold">{t("purchase.review.title")}</h1>
      <ul className="mt-6 grid gap-2">
        {review.cart.lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-3 rounded-xl border border-line bg-surface p-3" data-testid="review-line">
            <span className="min-w-0">
              <bdi className="font-medium">{line.deal.title}</bdi>
              <span className="block text-sm text-fg-muted">
                {t("shop.orders.qty", { qty: line.qty })} · <Price agorot={line.unitPrice} /> {t("shop.price.perUnit", { unit: unitName(line.deal.unit) })}
              </span>
            </span>
            <Price agorot={line.lineTotal} className="shrink-0 font-semibold" />
          </li>
        ))}
      </ul>
      <dl className="mt-5 grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        {review.point ? (
          <>
            <dt className="text-fg-muted">{t("shop.delivery.pickup")}</dt>
            <dd data-testid="review-pickup"><PickupLine point={review.point} orderDeadline={review.orderDeadline} /></dd>
          </>
        ) : (
          <>
            <dt className="text-fg-muted">{t("shop.delivery.delivery")}</dt>
            <dd data-testid="review-delivery">
              <bdi>{values.deliveryType === "DELIVERY" ? [values.fullName, values.address, values.city, values.postalCode].filter(Boolean).join(", ") : null}</bdi>
            </dd>
          </>
        )}
        <dt className="text-fg-muted">{t("shop.checkout.phone")}</dt>
        <dd dir="ltr" className="text-end">{values.phone}</dd>
        {values.notes ? (
          <>
            <dt className="text-fg-muted">{t("shop.shipping.notes")}</dt>
            <dd><bdi>{values.notes}</bdi></dd>
          </>
        ) : null}
        <dt className="text-fg-muted">{t("shop.checkout.payment")}</dt>
        <dd>{t(paymentKey(values.deliveryType))}</dd>
      </dl>
      <dl className="mt-5 grid gap-1 rounded-xl border border-line bg-surface p-4 text-sm">
        <div className="flex justify-between gap-2"><dt>{t("shop.delivery.subtotal")}</dt><dd><Price agorot={review.cart.subtotal} /></dd></div>
        {review.savings > 0 ? (
          <div className="flex justify-between gap-2 text-brand-700 dark:text-brand-200"><dt>{t("purchase.review.savings")}</dt><dd data-testid="review-savings"><Price agorot={review.savings} /></dd></div>
        ) : null}
        <div className="flex justify-between gap-2"><dt>{t("shop.checkout.deliveryLine")}</dt><dd data-testid="review-fee">{review.fee === 0 ? t("shop.delivery.free") : <Price agorot={review.fee} />}</dd></div>
        <div className="flex justify-between gap-2 text-base font-bold"><dt>{t("shop.delivery.total")}</dt><dd data-testid="review-total"><Price agorot={review.total} /></dd></div>
      </dl>
      <p className="mt-3 text-sm text-fg-muted">{t("shop.checkout.paymentNote")}</p>
      <p className="mt-1 text-sm text-fg-muted" data-testid="final-price-note">{t("purchase.review.finalPriceNote")}</p>
      <Form method="post" action={`/checkout?${methodQuery(values)}`} className="mt-5 grid gap-3">
        {hidden.map(([name, value]) => <input key={name} type="hidden" name={name} value={String(value)} />)}
        <SubmitButton name="intent" value="place" pending={Boolean(pending)} pendingLabel={t("shop.checkout.pending")}>
          {t("shop.checkout.submit")}
        </SubmitButton>
        <button type="submit" name="intent" value="edit" className="min-h-11 rounded-lg border border-line px-4 py-2 font-medium hover:bg-muted">
          {t("purchase.review.edit")}
        </button>
      </Form>
    </div>
  );
}
