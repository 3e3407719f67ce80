import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/components/use-translation";
import { data, Form, redirect, useNavigation } from "react-router";
import type { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { Price } from "~/components/price";
import { SavedAddressPicker } from "~/components/saved-address-picker";
import { ErrorList, Field, SelectField, SubmitButton } from "~/components/ui/field";
import { dbContext } from "~/context";
import { getInstance } from "~/web/i18next.server";
import { applySavedAddress, savedAddressOptions } from "~/services/addresses.server";
import { getCart } from "~/services/cart.server";
import { shippingDelivery } from "~/domain/checkout";
import { listCommunities } from "~/services/communities.server";
import { deliveryFee } from "~/domain/delivery";
import { ServiceError } from "~/domain/errors";
import { placeCartOrders } from "~/services/orders.server";
import { ShippingSchema } from "~/domain/shop-schemas";
import { formatTimeRange } from "~/domain/time";
import { redirectWithToast } from "~/web/toast.server";
import { setUserCommunity } from "~/services/users.server";
import type { Route } from "./+types/shipping";
import { readForm } from "~/web/form.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const db = context.get(dbContext);
  const cart = getCart(db, { userId: user.id, communityId: user.communityId });
  if (cart.lines.length === 0) throw await redirectWithToast(request, "/cart", { variant: "info", title: "shop.toast.cartEmpty" });
  const addresses = savedAddressOptions(db, user.id);
  const home = addresses.find((a) => a.isDefault);
  return {
    title: getInstance(context).t("shop.shipping.metaTitle"),
    cart,
    deliveryFee: deliveryFee("DELIVERY", cart.subtotal),
    // The member's own community (and its pickup points) first.
    communities: listCommunities(db).sort((a, b) => Number(b.id === user.communityId) - Number(a.id === user.communityId)),
    addresses,
    // Home delivery opens on the default saved address.
    defaults: { deliveryType: "PICKUP" as const, communityId: user.communityId ?? "", deliveryPhone: user.phone ?? "", street: home?.street ?? "", city: home?.city ?? "" },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

/** One order per cart line, in one transaction (services/orders.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  let user = requireUser(context, request);
  const db = context.get(dbContext);
  const formData = applySavedAddress(db, user.id, await readForm(request), { street: "street", city: "city" });
  const submission = parseWithZod(formData, { schema: ShippingSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    // Choosing another community here moves the member there (one community per user).
    if (submission.value.communityId !== user.communityId) user = setUserCommunity(db, user.id, submission.value.communityId);
    const placed = placeCartOrders(db, user, shippingDelivery(submission.value));
    return redirect(`/order-success?orderId=${placed[0].id}`);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    const field = error.field ?? "";
    return data(
      submission.reply(field && field in ShippingSchema.shape ? { fieldErrors: { [field]: [error.messageKey] } } : { formErrors: ["shop.errors.shipping", error.messageKey] }),
      { status: error.status },
    );
  }
}

export default function Shipping({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { cart, communities, defaults, addresses } = loaderData;
  const [form, fields] = useForm<z.input<typeof ShippingSchema>>({
    id: "shipping",
    lastResult: actionData,
    defaultValue: defaults,
    constraint: getZodConstraint(ShippingSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ShippingSchema }),
    shouldValidate: "onBlur",
  });
  const chosen = fields.deliveryType.value ?? "PICKUP";
  const pending = navigation.state !== "idle" && navigation.formAction === "/shipping";
  const option = "flex cursor-pointer items-center gap-2 rounded-xl border border-line p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:has-[:checked]:bg-brand-800";
  return (
    <section className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_22rem]">
      <Form method="post" className="group grid content-start gap-4" {...getFormProps(form)}>
        <h1 className="text-3xl font-bold">{t("shop.shipping.title")}</h1>
        <fieldset className="grid gap-2 sm:grid-cols-2">
          <legend className="mb-2 text-sm font-medium">{t("shop.shipping.method")}</legend>
          <label className={option}>
            <input type="radio" name={fields.deliveryType.name} value="PICKUP" defaultChecked={chosen === "PICKUP"} className="accent-brand-600" />
            {t("shop.delivery.pickup")} · {t("shop.delivery.pickupFree")}
          </label>
          <label className={option}>
            <input type="radio" name={fields.deliveryType.name} value="DELIVERY" defaultChecked={chosen === "DELIVERY"} className="accent-brand-600" />
            {t("shop.delivery.delivery")} · {loaderData.deliveryFee === 0 ? t("shop.delivery.free") : <Price agorot={loaderData.deliveryFee} />}
          </label>
        </fieldset>
        <SelectField label={t("shop.shipping.community")} errorId={fields.communityId.errorId} errors={fields.communityId.errors} {...getSelectProps(fields.communityId)}>
          <option value="">{t("auth.chooseCommunity")}</option>
          {communities.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </SelectField>
        {/* Pickup fields, or delivery fields: CSS :has() swaps them, with or without JavaScript. */}
        <div className="group-has-[input[value=DELIVERY]:checked]:hidden">
          <SelectField label={t("shop.shipping.pickupPoint")} errorId={fields.pickupPointId.errorId} errors={fields.pickupPointId.errors} {...getSelectProps(fields.pickupPointId)}>
            <option value="">{t("shop.shipping.choosePoint")}</option>
            {communities.map((c) => (
              <optgroup key={c.id} label={c.name}>
                {c.pickupPoints.map((p) => <option key={p.id} value={p.id}>{p.address} · {formatTimeRange(p.pickupStartTime, p.pickupEndTime)}</option>)}
              </optgroup>
            ))}
          </SelectField>
        </div>
        <div className="hidden gap-4 group-has-[input[value=DELIVERY]:checked]:grid">
          <SavedAddressPicker id="shipping-saved-address" addresses={addresses} fill={(a) => ({ [fields.street.name]: a.street, [fields.city.name]: a.city })} />
          <Field label={t("shop.shipping.street")} errorId={fields.street.errorId} errors={fields.street.errors} {...getInputProps(fields.street, { type: "text" })} autoComplete="street-address" />
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t("shop.shipping.city")} errorId={fields.city.errorId} errors={fields.city.errors} {...getInputProps(fields.city, { type: "text" })} autoComplete="address-level2" />
            <Field label={t("shop.shipping.postalCode")} errorId={fields.postalCode.errorId} errors={fields.postalCode.errors} {...getInputProps(fields.postalCode, { type: "text" })} inputMode="numeric" dir="ltr" />
          </div>
        </div>
        <Field label={t("shop.shipping.phone")} errorId={fields.deliveryPhone.errorId} errors={fields.deliveryPhone.errors} {...getInputProps(fields.deliveryPhone, { type: "tel" })} autoComplete="tel" dir="ltr" />
        <div>
          <label htmlFor={fields.deliveryNotes.id} className="mb-1 block text-sm font-medium">{t("shop.shipping.notes")}</label>
          <textarea {...getTextareaProps(fields.deliveryNotes)} rows={2} className="w-full rounded-lg border border-line bg-surface px-3 py-2" />
        </div>
        <div role="alert"><ErrorList id={form.errorId} errors={form.errors} /></div>
        <SubmitButton pending={pending} pendingLabel={t("shop.shipping.pending")}>{t("shop.shipping.submit")}</SubmitButton>
      </Form>
      <aside className="h-fit rounded-2xl border border-line bg-surface p-5">
        <h2 className="text-lg font-bold">{t("shop.checkout.summary")}</h2>
        <ul className="mt-3 grid gap-2 text-sm">
          {cart.lines.map((line) => (
            <li key={line.id} className="flex justify-between gap-2"><span>{line.deal.title} × {line.qty}</span><Price agorot={line.lineTotal} /></li>
          ))}
        </ul>
        <p className="mt-3 flex justify-between border-t border-line pt-3 font-bold"><span>{t("shop.delivery.subtotal")}</span><Price agorot={cart.subtotal} /></p>
      </aside>
    </section>
  );
}
