// The community page's home-delivery form (issue #45): on or off, the fee, the free-from amount
// (empty: never free) and the promised business days. A plain POST with intent=delivery: the
// same checks run in the browser (conform) and on the server, and it works without JavaScript.
import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { DeliveryFormSchema, DeliverySettingsSchema } from "~/domain/admin-community-schemas";
import type { DeliverySettings } from "~/domain/delivery";
import { toDecimalString } from "~/domain/money";
import { ErrorList, Field } from "./ui/field";
import { useTranslation } from "./use-translation";

const K = "admin.communities.deliverySettings";

export function DeliverySettingsForm({ settings, lastResult, submit }: { settings: DeliverySettings; lastResult?: SubmissionResult<string[]>; submit: ReactNode }) {
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "delivery-settings",
    lastResult,
    defaultValue: {
      deliveryEnabled: settings.enabled ? "on" : undefined,
      deliveryFee: toDecimalString(settings.fee),
      freeDeliveryFrom: settings.freeFrom === null ? "" : toDecimalString(settings.freeFrom),
      deliveryDaysMin: String(settings.daysMin),
      deliveryDaysMax: String(settings.daysMax),
    },
    constraint: getZodConstraint(DeliverySettingsSchema),
    // The form's own schema: the strict API one would refuse its hidden `intent`.
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DeliveryFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const field = (name: "deliveryFee" | "freeDeliveryFrom" | "deliveryDaysMin" | "deliveryDaysMax") => ({
    errorId: fields[name].errorId,
    errors: fields[name].errors,
    ...getInputProps(fields[name], { type: "text" }),
    dir: "ltr" as const,
  });
  return (
    <Form method="post" preventScrollReset className="grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="delivery" />
      <div>
        <label className="flex items-center gap-2 font-medium">
          <input {...getInputProps(fields.deliveryEnabled, { type: "checkbox" })} className="size-5 accent-brand-600" />
          {t(`${K}.enabled`)}
        </label>
        <p className="mt-1 text-xs text-fg-muted">{t(`${K}.enabledHint`)}</p>
        <ErrorList id={fields.deliveryEnabled.errorId} errors={fields.deliveryEnabled.errors} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={t(`${K}.fee`)} {...field("deliveryFee")} inputMode="decimal" />
        <Field label={t(`${K}.freeFrom`)} hint={t(`${K}.freeFromHint`)} {...field("freeDeliveryFrom")} inputMode="decimal" />
        <Field label={t(`${K}.daysMin`)} {...field("deliveryDaysMin")} inputMode="numeric" />
        <Field label={t(`${K}.daysMax`)} {...field("deliveryDaysMax")} inputMode="numeric" />
      </div>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div>{submit}</div>
    </Form>
  );
}
