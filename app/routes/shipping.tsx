// Step 1 of the checkout: pickup (free, preselected) at a point of her own community, or home
// delivery. A plain form: the server checks the choice and sends her on to /checkout with it in
// the address. Nothing here ever changes her community (docs/decisions/011).
import { usePickupWhen } from "~/components/pickup-point";
import { getFormProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { CheckoutSteps, CheckoutSummary } from "~/components/checkout-parts";
import { Price, useFormatShekel } from "~/components/price";
import { ErrorList, errorsNotShown, SubmitButton } from "~/components/ui/field";
import { useTranslation } from "~/components/use-translation";
import { dbContext } from "~/context";
import { ServiceError } from "~/domain/errors";
import { ShippingSchema } from "~/domain/shop-schemas";
import { checkoutOptions, checkShippingChoice } from "~/services/checkout.server";
import { readForm } from "~/web/form.server";
import { getTranslate } from "~/web/language.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/shipping";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = requireUser(context, url);
  const options = checkoutOptions(context.get(dbContext), user);
  if (options.cart.lines.length === 0) throw await redirectWithToast(request, "/cart", { variant: "info", title: "shop.toast.cartEmpty" });
  // Coming back from a later step keeps what she chose; the first visit opens on pickup at the first point.
  const askedPoint = url.searchParams.get("pickupPointId");
  const point = options.pickupPoints.find((p) => p.id === askedPoint) ?? options.pickupPoints[0];
  return {
    title: getTranslate(context)("shop.shipping.metaTitle"),
    ...options,
    defaults: {
      deliveryType: url.searchParams.get("deliveryType") === "DELIVERY" && options.deliveryFee !== null ? ("DELIVERY" as const) : ("PICKUP" as const),
      communityId: user.communityId ?? "",
      pickupPointId: point?.id ?? "",
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = requireUser(context, url);
  const submission = parseWithZod(await readForm(request), { schema: ShippingSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    checkShippingChoice(context.get(dbContext), user, submission.value);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const field = error.field === "pickupPointId" ? error.field : null;
    return data(submission.reply(field ? { fieldErrors: { [field]: [error.messageKey] } } : { formErrors: [error.messageKey] }), { status: error.status });
  }
  const next = new URLSearchParams({ deliveryType: submission.value.deliveryType });
  if (submission.value.deliveryType === "PICKUP") next.set("pickupPointId", submission.value.pickupPointId!);
  return redirect(`/checkout?${next}`);
}

export default function Shipping({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const shekel = useFormatShekel();
  const { cart, community, pickupPoints, orderDeadline, delivery, deliveryFee, defaults } = loaderData;
  const pickupWhen = usePickupWhen();
  const [form, fields] = useForm<z.input<typeof ShippingSchema>>({
    id: "shipping",
    lastResult: actionData,
    defaultValue: defaults,
    constraint: getZodConstraint(ShippingSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ShippingSchema }),
    shouldValidate: "onSubmit",
  });
  const pending = navigation.state !== "idle" && navigation.formAction === "/shipping";
  const option =
    "flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-line p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-800";
  return (
    <section className="mx-auto grid max-w-6xl grid-cols-1 gap-8 px-4 py-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <Form method="post" className="group grid min-w-0 content-start gap-4" {...getFormProps(form)}>
        <CheckoutSteps current={1} />
        <h1 className="text-3xl font-bold">{t("shop.shipping.title")}</h1>
        {community ? (
          <p className="text-sm text-fg-muted" data-testid="shipping-community">
            {t("purchase.method.community")} <bdi className="font-semibold text-fg">{community.name}</bdi>.{" "}
            <Link to="/onboarding/community" className="underline">{t("purchase.method.otherCommunity")}</Link>
          </p>
        ) : (
          <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100">
            {t("shop.errors.noCommunity")} <Link to="/onboarding/community" className="font-semibold underline">{t("shop.validation.chooseCommunity")}</Link>
          </p>
        )}
        <input type="hidden" name={fields.communityId.name} value={defaults.communityId} />
        <fieldset className="grid gap-3">
          <legend className="mb-2 text-sm font-medium">{t("shop.shipping.method")}</legend>
          <label className={option}>
            <input type="radio" name={fields.deliveryType.name} value="PICKUP" defaultChecked={defaults.deliveryType === "PICKUP"} className="mt-1 size-5 accent-brand-600" />
            <span className="min-w-0">
              <span className="font-semibold">{t("shop.delivery.pickup")}</span> · {t("shop.delivery.pickupFree")}
            </span>
          </label>
          {/* The pickup points: hidden by CSS :has() once delivery is chosen, with or without JavaScript. */}
          <fieldset className="grid gap-2 ps-6 group-has-[input[value=DELIVERY]:checked]:hidden" aria-describedby={fields.pickupPointId.errorId}>
            <legend className="sr-only">{t("shop.shipping.pickupPoint")}</legend>
            {pickupPoints.length === 0 && community ? <p className="text-sm text-fg-muted">{t(deliveryFee === null ? "shop.communityDelivery.noPointsPickupOnly" : "purchase.method.noPoints")}</p> : null}
            {pickupPoints.map((point) => (
              <label key={point.id} className={option} data-testid="pickup-point">
                <input type="radio" name={fields.pickupPointId.name} value={point.id} defaultChecked={point.id === defaults.pickupPointId} className="mt-1 size-5 accent-brand-600" />
                <span className="min-w-0 text-sm">
                  <bdi className="block font-medium">{point.address}</bdi>
                  {/* The point's own day this week and its hours, as every other page shows it. */}
                  <span className="block text-fg-muted">{pickupWhen(point, orderDeadline)}</span>
                  {point.instructions ? <bdi className="block text-fg-muted">{point.instructions}</bdi> : null}
                </span>
              </label>
            ))}
            <ErrorList id={fields.pickupPointId.errorId} errors={fields.pickupPointId.errors} />
          </fieldset>
          {/* A pickup-only community (issue #45) offers no delivery option at all. */}
          {delivery && deliveryFee !== null ? (
            <label className={option}>
              <input type="radio" name={fields.deliveryType.name} value="DELIVERY" defaultChecked={defaults.deliveryType === "DELIVERY"} className="mt-1 size-5 accent-brand-600" />
              <span className="min-w-0">
                <span className="font-semibold">{t("shop.delivery.delivery")}</span> · {deliveryFee === 0 ? t("shop.delivery.free") : <Price agorot={deliveryFee} />}
                <span className="block text-sm text-fg-muted">{t("shop.delivery.estimate", { min: delivery.daysMin, max: delivery.daysMax })}</span>
                {deliveryFee > 0 && delivery.freeFrom !== null ? <span className="block text-sm text-fg-muted">{t("purchase.method.freeFrom", { amount: shekel(delivery.freeFrom) })}</span> : null}
              </span>
            </label>
          ) : community ? (
            <p className="text-sm text-fg-muted" data-testid="pickup-only">{t("shop.communityDelivery.pickupOnly")}</p>
          ) : null}
          <ErrorList id={fields.deliveryType.errorId} errors={fields.deliveryType.errors} />
        </fieldset>
        <div role="alert"><ErrorList id={form.errorId} errors={errorsNotShown(form.allErrors, [fields.deliveryType.name, fields.pickupPointId.name])} /></div>
        <SubmitButton pending={pending} pendingLabel={t("purchase.next")}>{t("purchase.method.submit")}</SubmitButton>
      </Form>
      <CheckoutSummary lines={cart.lines} subtotal={cart.subtotal} savings={cart.originalTotal - cart.subtotal} fee={null} />
    </section>
  );
}
