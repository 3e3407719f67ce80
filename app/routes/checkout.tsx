import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/components/use-translation";
import { data, Form, redirect, useNavigation } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { Price } from "~/components/price";
import { SavedAddressPicker } from "~/components/saved-address-picker";
import { ErrorList, Field, SubmitButton } from "~/components/ui/field";
import { dbContext } from "~/context";
import { getInstance } from "~/web/i18next.server";
import { applySavedAddress, savedAddressOptions } from "~/services/addresses.server";
import { getCart } from "~/services/cart.server";
import { checkoutDelivery } from "~/domain/checkout";
import { deliveryFee } from "~/domain/delivery";
import { ServiceError } from "~/domain/errors";
import { placeCartOrders } from "~/services/orders.server";
import { CheckoutSchema } from "~/domain/shop-schemas";
import { redirectWithToast } from "~/web/toast.server";
import type { z } from "zod";
import type { Route } from "./+types/checkout";
import { readForm } from "~/web/form.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const db = context.get(dbContext);
  const cart = getCart(db, { userId: user.id, communityId: user.communityId });
  if (cart.lines.length === 0) {
    throw await redirectWithToast(request, "/cart", { variant: "info", title: "shop.toast.cartEmpty" });
  }
  // Saved addresses, default first: the default fills the form as it opens.
  const addresses = savedAddressOptions(db, user.id);
  const home = addresses.find((a) => a.isDefault);
  return {
    title: getInstance(context).t("shop.checkout.metaTitle"),
    cart,
    fee: deliveryFee("DELIVERY", cart.subtotal),
    addresses,
    defaults: {
      fullName: [user.firstName, user.lastName].filter(Boolean).join(" "),
      phone: user.phone ?? "",
      address: home?.street ?? "",
      city: home?.city ?? "",
      notes: home?.notes ?? "",
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const db = context.get(dbContext);
  const formData = applySavedAddress(db, user.id, await readForm(request), { street: "address", city: "city", notes: "notes" });
  const submission = parseWithZod(formData, { schema: CheckoutSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const placed = placeCartOrders(db, user, checkoutDelivery(submission.value));
    return redirect(`/order-success?orderId=${placed[0].id}`);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.messageKey === "shop.errors.cartEmpty") {
      return redirectWithToast(request, "/cart", { variant: "info", title: "shop.toast.cartEmpty" });
    }
    return data(submission.reply({ formErrors: ["shop.errors.checkout", error.messageKey] }), { status: error.status });
  }
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { cart, fee, defaults, addresses } = loaderData;
  const [form, fields] = useForm<z.input<typeof CheckoutSchema>>({
    id: "checkout",
    lastResult: actionData,
    defaultValue: defaults,
    constraint: getZodConstraint(CheckoutSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: CheckoutSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state !== "idle" && navigation.formAction === "/checkout";
  return (
    <section className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_22rem]">
      <div>
        <h1 className="text-3xl font-bold">{t("shop.checkout.title")}</h1>
        <Form method="post" className="mt-6 grid gap-4" {...getFormProps(form)}>
          <Field label={t("shop.checkout.fullName")} errorId={fields.fullName.errorId} errors={fields.fullName.errors} {...getInputProps(fields.fullName, { type: "text" })} autoComplete="name" />
          <Field label={t("shop.checkout.phone")} errorId={fields.phone.errorId} errors={fields.phone.errors} {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" dir="ltr" />
          <SavedAddressPicker id="checkout-saved-address" addresses={addresses} fill={(a) => ({ [fields.address.name]: a.street, [fields.city.name]: a.city, [fields.notes.name]: a.notes })} />
          <Field label={t("shop.checkout.address")} errorId={fields.address.errorId} errors={fields.address.errors} {...getInputProps(fields.address, { type: "text" })} autoComplete="street-address" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t("shop.checkout.city")} errorId={fields.city.errorId} errors={fields.city.errors} {...getInputProps(fields.city, { type: "text" })} autoComplete="address-level2" />
            <Field label={t("shop.checkout.postalCode")} errorId={fields.postalCode.errorId} errors={fields.postalCode.errors} {...getInputProps(fields.postalCode, { type: "text" })} autoComplete="postal-code" inputMode="numeric" dir="ltr" />
          </div>
          <div>
            <label htmlFor={fields.notes.id} className="mb-1 block text-sm font-medium">{t("shop.checkout.notes")}</label>
            <textarea {...getTextareaProps(fields.notes)} rows={2} className="w-full rounded-lg border border-line bg-surface px-3 py-2" />
          </div>
          <fieldset className="rounded-xl border border-line p-3">
            <legend className="px-1 text-sm font-medium">{t("shop.checkout.payment")}</legend>
            <label className="flex items-center gap-2">
              <input type="radio" name="paymentMethod" value="CASH" defaultChecked className="accent-brand-600" />
              {t("shop.checkout.cash")}
            </label>
          </fieldset>
          <div role="alert"><ErrorList id={form.errorId} errors={form.errors} /></div>
          <SubmitButton pending={pending} pendingLabel={t("shop.checkout.pending")}>{t("shop.checkout.submit")}</SubmitButton>
          <p className="text-center text-sm text-fg-muted">{t("shop.checkout.paymentNote")}</p>
        </Form>
      </div>
      <aside className="h-fit rounded-2xl border border-line bg-surface p-5">
        <h2 className="text-lg font-bold">{t("shop.checkout.summary")}</h2>
        <ul className="mt-3 grid gap-2 text-sm">
          {cart.lines.map((line) => (
            <li key={line.id} className="flex justify-between gap-2">
              <span>{line.deal.title} × {line.qty}</span>
              <Price agorot={line.lineTotal} />
            </li>
          ))}
        </ul>
        <dl className="mt-4 grid gap-1 border-t border-line pt-3 text-sm">
          <div className="flex justify-between"><dt>{t("shop.delivery.subtotal")}</dt><dd><Price agorot={cart.subtotal} /></dd></div>
          <div className="flex justify-between"><dt>{t("shop.checkout.deliveryLine")}</dt><dd>{fee === 0 ? t("shop.delivery.free") : <Price agorot={fee} />}</dd></div>
          <div className="flex justify-between text-base font-bold"><dt>{t("shop.delivery.total")}</dt><dd data-testid="checkout-total"><Price agorot={cart.subtotal + fee} /></dd></div>
        </dl>
      </aside>
    </section>
  );
}
