import { getFormProps, getInputProps, getTextareaProps, useForm, type FieldMetadata } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/components/use-translation";
import { data, Form, useNavigation } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { AdminErrorBoundary } from "~/components/admin-error-boundary";
import { forbiddenTitle } from "~/components/forbidden-title";
import { ErrorList, Field, SubmitButton } from "~/components/ui/field";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { readSiteSettings, saveSiteSettings } from "~/services/site-settings.server";
import type { z } from "zod";
import { missingSettings, SiteSettingsSchema, SITE_LOCALES } from "~/domain/site-settings";
import { redirectWithToast } from "~/web/toast.server";
import { readForm } from "~/web/form.server";
import type { Route } from "./+types/admin-settings";

// The marketplace's own details (issue #45): the business behind it, how people reach it, the
// /about story and the receipt's closing line, each text in Hebrew and English. One form, a plain
// POST: without JavaScript a refusal comes back as the page with the messages beside the fields.

export function ErrorBoundary() {
  return <AdminErrorBoundary />;
}

export function loader({ url, context }: Route.LoaderArgs) {
  requireAdmin(context, url);
  const t = getTranslate(context);
  const settings = readSiteSettings(context.get(dbContext));
  return { title: `${t("admin.siteSettings.title")} | ${t("app.name")}`, settings, missing: missingSettings(settings) };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [{ title: loaderData?.title ?? forbiddenTitle(error) }];

export async function action({ request, url, context }: Route.ActionArgs) {
  const admin = requireAdmin(context, url);
  const submission = parseWithZod(await readForm(request), { schema: SiteSettingsSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  saveSiteSettings(context.get(dbContext), admin.id, submission.value);
  return redirectWithToast(request, "/admin/settings", { variant: "success", title: "admin.siteSettings.saved" });
}

type SettingsForm = z.input<typeof SiteSettingsSchema>;
type BilingualField = FieldMetadata<SettingsForm["businessName"], SettingsForm, string[]>;

const textareaClass = "block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base aria-[invalid=true]:border-red-500";

/** One text in both languages: a box each, the Hebrew one first. */
function BilingualFields({ field, label, hint, multiline = false }: { field: BilingualField; label: string; hint?: string; multiline?: boolean }) {
  const { t } = useTranslation();
  const parts = field.getFieldset();
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-1 text-sm font-semibold">{label}</legend>
      {SITE_LOCALES.map((locale) => {
        const part = parts[locale];
        const languageLabel = `${label} (${t(`admin.siteSettings.language.${locale}`)})`;
        return multiline ? (
          <div key={locale}>
            <label htmlFor={part.id} className="mb-1 block text-sm font-medium">{languageLabel}</label>
            <textarea {...getTextareaProps(part)} rows={6} dir={locale === "he" ? "rtl" : "ltr"} className={textareaClass} />
            {hint && !part.errors?.length ? <p className="mt-1 text-xs text-fg-muted">{hint}</p> : null}
            <ErrorList id={part.errorId} errors={part.errors} />
          </div>
        ) : (
          <div key={locale}>
            <Field label={languageLabel} errorId={part.errorId} errors={part.errors} {...getInputProps(part, { type: "text" })} dir={locale === "he" ? "rtl" : "ltr"} />
          </div>
        );
      })}
    </fieldset>
  );
}

export default function AdminSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<SettingsForm>({
    id: "site-settings",
    lastResult: actionData,
    defaultValue: loaderData.settings,
    constraint: getZodConstraint(SiteSettingsSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SiteSettingsSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST";
  const section = "grid gap-4 rounded-2xl border border-line bg-surface p-5";
  const hasErrors = Object.values(form.allErrors).some((errors) => errors.length > 0);
  return (
    <section className="mx-auto max-w-4xl px-4 py-8">
      <h1 className="text-3xl font-bold">{t("admin.siteSettings.title")}</h1>
      <p className="mt-1 text-fg-muted">{t("admin.siteSettings.intro")}</p>
      {loaderData.missing.length > 0 ? (
        <p className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="settings-missing">
          {t("admin.siteSettings.missing", { fields: loaderData.missing.map((key) => t(`admin.siteSettings.fields.${key}`)).join(", ") })}
        </p>
      ) : null}

      <Form method="post" className="mt-6 grid gap-6" {...getFormProps(form)}>
        {hasErrors ? (
          <p role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            {t("admin.siteSettings.fixErrors")}
          </p>
        ) : null}

        <section aria-labelledby="settings-business" className={section}>
          <h2 id="settings-business" className="text-xl font-bold">{t("admin.siteSettings.businessTitle")}</h2>
          <p className="text-sm text-fg-muted">{t("admin.siteSettings.businessText")}</p>
          <BilingualFields field={fields.businessName} label={t("admin.siteSettings.fields.businessName")} />
          <Field
            label={t("admin.siteSettings.fields.registrationNumber")}
            hint={t("admin.siteSettings.registrationHint")}
            errorId={fields.registrationNumber.errorId}
            errors={fields.registrationNumber.errors}
            {...getInputProps(fields.registrationNumber, { type: "text" })}
            inputMode="numeric"
            dir="ltr"
          />
          <BilingualFields field={fields.address} label={t("admin.siteSettings.fields.address")} />
        </section>

        <section aria-labelledby="settings-contact" className={section}>
          <h2 id="settings-contact" className="text-xl font-bold">{t("admin.siteSettings.contactTitle")}</h2>
          <p className="text-sm text-fg-muted">{t("admin.siteSettings.contactText")}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t("admin.siteSettings.fields.phone")} errorId={fields.phone.errorId} errors={fields.phone.errors} {...getInputProps(fields.phone, { type: "tel" })} dir="ltr" />
            <Field label={t("admin.siteSettings.fields.email")} errorId={fields.email.errorId} errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} dir="ltr" />
            <Field
              label={t("admin.siteSettings.fields.privacyEmail")}
              hint={t("admin.siteSettings.privacyEmailHint")}
              errorId={fields.privacyEmail.errorId}
              errors={fields.privacyEmail.errors}
              {...getInputProps(fields.privacyEmail, { type: "email" })}
              dir="ltr"
            />
          </div>
          <BilingualFields field={fields.hours} label={t("admin.siteSettings.fields.hours")} />
        </section>

        <section aria-labelledby="settings-texts" className={section}>
          <h2 id="settings-texts" className="text-xl font-bold">{t("admin.siteSettings.textsTitle")}</h2>
          <BilingualFields field={fields.aboutStory} label={t("admin.siteSettings.fields.aboutStory")} hint={t("admin.siteSettings.aboutStoryHint")} multiline />
          <BilingualFields field={fields.receiptFooter} label={t("admin.siteSettings.fields.receiptFooter")} hint={t("admin.siteSettings.receiptFooterHint")} multiline />
        </section>

        <section aria-labelledby="settings-money" className={section}>
          <h2 id="settings-money" className="text-xl font-bold">{t("admin.siteSettings.moneyTitle")}</h2>
          <p className="text-sm text-fg-muted">{t("admin.siteSettings.moneyText")}</p>
          <div className="max-w-xs">
            <Field
              label={t("admin.siteSettings.fields.marketSharePercent")}
              hint={t("admin.siteSettings.marketShareHint")}
              errorId={fields.marketSharePercent.errorId}
              errors={fields.marketSharePercent.errors}
              {...getInputProps(fields.marketSharePercent, { type: "text" })}
              inputMode="decimal"
              dir="ltr"
            />
          </div>
        </section>

        <div className="max-w-xs">
          <SubmitButton pending={pending} pendingLabel={t("admin.siteSettings.saving")}>{t("admin.siteSettings.save")}</SubmitButton>
        </div>
      </Form>
    </section>
  );
}
