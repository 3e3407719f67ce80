import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/components/use-translation";
import { Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { SubmitButton } from "~/components/ui/field";
import { dbContext } from "~/context";
import { LANGUAGES } from "~/domain/enums";
import { getInstance, localeCookie } from "~/web/i18next.server";
import { ServiceError } from "~/domain/errors";
import { SettingsFormSchema } from "~/domain/profile-schemas";
import { updateSettings } from "~/services/profile.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/settings";
import { readForm } from "~/web/form.server";

export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context, request);
  const t = getInstance(context).t;
  return {
    title: `${t("account.settings.title")} | ${t("app.name")}`,
    defaults: {
      emailNotifications: user.emailNotifications,
      smsNotifications: user.smsNotifications,
      pushNotifications: user.pushNotifications,
      language: user.language,
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

const failed = { variant: "destructive", title: "errors.title", description: "account.settings.error" } as const;

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context, request);
  const submission = parseWithZod(await readForm(request), { schema: SettingsFormSchema });
  // Only a tampered form fails here (checkboxes and a select): the spec's failure toast says so.
  if (submission.status !== "success") return redirectWithToast(request, "/settings", failed);
  try {
    const saved = updateSettings(context.get(dbContext), user.id, submission.value);
    // The language cookie is what the i18n middleware reads, so the whole site follows at once.
    return redirectWithToast(
      request,
      "/settings",
      { variant: "success", title: "account.settings.saved" },
      { headers: { "Set-Cookie": await localeCookie.serialize(saved.language) } },
    );
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return redirectWithToast(request, "/settings", failed);
  }
}

const NOTIFICATIONS = ["emailNotifications", "smsNotifications", "pushNotifications"] as const;
const section = "rounded-2xl border border-line bg-surface p-5";

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof SettingsFormSchema>>({
    id: "settings",
    defaultValue: loaderData.defaults,
    constraint: getZodConstraint(SettingsFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SettingsFormSchema }),
    shouldValidate: "onSubmit",
  });
  const pending = navigation.state !== "idle" && navigation.formAction === "/settings";
  return (
    <section className="mx-auto grid max-w-2xl gap-6 px-4 py-10">
      <div>
        <Link to="/profile" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-200">
          <span aria-hidden="true" className="inline-block rtl:rotate-180">←</span> {t("account.settings.back")}
        </Link>
        <h1 className="mt-3 text-3xl font-bold">{t("account.settings.title")}</h1>
        <p className="mt-1 text-fg-muted">{t("account.settings.subtitle")}</p>
      </div>

      <Form method="post" className="grid gap-6" {...getFormProps(form)}>
        <fieldset className={section}>
          <legend className="px-1 text-lg font-bold">{t("account.settings.notifications")}</legend>
          <div className="mt-2 grid gap-4">
            {NOTIFICATIONS.map((name) => (
              <label key={name} className="flex items-start gap-3">
                <input {...getInputProps(fields[name], { type: "checkbox" })} className="mt-1 size-5 accent-brand-600" />
                <span>
                  <span className="block font-medium">{t(`account.settings.${name}`)}</span>
                  <span className="block text-sm text-fg-muted">{t(`account.settings.${name}Hint`)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>

        <div className={section}>
          <h2 className="text-lg font-bold">{t("account.settings.languageTitle")}</h2>
          <label htmlFor={fields.language.id} className="mt-3 mb-1 block text-sm font-medium">
            {t("account.settings.language")}
          </label>
          <select {...getSelectProps(fields.language)} className="block w-full rounded-lg border border-line bg-surface px-3 py-2.5">
            {LANGUAGES.map((lng) => (
              <option key={lng} value={lng} lang={lng}>
                {t(`account.settings.languages.${lng}`)}
              </option>
            ))}
          </select>
          <p className="mt-1 text-xs text-fg-muted">{t("account.settings.languageHint")}</p>
        </div>

        <SubmitButton pending={pending} pendingLabel={t("account.settings.pending")}>
          {t("account.settings.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
