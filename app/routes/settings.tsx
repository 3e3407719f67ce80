import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { BackArrowIcon } from "~/components/icons";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/components/use-translation";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import type { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { SubmitButton } from "~/components/ui/field";
import { dbContext } from "~/context";
import { LANGUAGES } from "~/domain/enums";
import { getTranslate, localeCookie } from "~/web/language.server";
import { ServiceError } from "~/domain/errors";
import { SettingsFormSchema } from "~/domain/profile-schemas";
import { updateSettings } from "~/services/profile.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/settings";
import { readForm } from "~/web/form.server";
import { confirmAndDeleteAccount } from "~/auth/account-deletion.server";
import { endWebSession } from "~/auth/session.server";
import { AccountDeletionSchema } from "~/domain/account-deletion";
import { deletionBlockers } from "~/services/account-deletion.server";

export function loader({ url, context }: Route.LoaderArgs) {
  const user = requireUser(context, url);
  const t = getTranslate(context);
  return {
    title: `${t("account.settings.title")} | ${t("app.name")}`,
    defaults: {
      emailNotifications: user.emailNotifications,
      mailDeadlineReminder: user.mailDeadlineReminder,
      mailWeeklyDigest: user.mailWeeklyDigest,
      language: user.language,
    },
    deletion: { hasPassword: Boolean(user.passwordHash), ...deletionBlockers(context.get(dbContext), user) },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

const failed = { variant: "destructive", title: "errors.title", description: "account.settings.error" } as const;

const DELETE_INTENT = "delete-account";

/**
 * Deleting the account (issue #16): her password or the typed word, then the service, then
 * this browser's cookie goes (the service removed every session row). A refusal re-renders
 * the page with the reason and a 4xx; nothing changes.
 */
async function deleteAccountAction(request: Request, url: URL, context: Route.ActionArgs["context"], form: FormData) {
  const user = requireUser(context, url);
  const db = context.get(dbContext);
  const t = getTranslate(context);
  const refuse = (status: number, messageKey: string, field?: string, values?: Record<string, string | number>) =>
    data({ deletion: { error: t(messageKey, values), field: field ?? null } }, { status });
  const parsed = AccountDeletionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return refuse(400, "validation.invalidInput");
  try {
    await confirmAndDeleteAccount(db, user, parsed.data);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return refuse(error.status, error.messageKey, error.field, error.values);
  }
  return redirectWithToast(
    request,
    "/",
    { variant: "success", title: "account.deletion.done", description: "account.deletion.doneText" },
    { headers: { "Set-Cookie": await endWebSession(db, request) } },
  );
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = requireUser(context, url);
  const form = await readForm(request);
  if (form.get("intent") === DELETE_INTENT) return deleteAccountAction(request, url, context, form);
  const submission = parseWithZod(form, { schema: SettingsFormSchema });
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

// SMS and browser notifications are not offered: no SMS gateway and no Web Push are built in
// (README), and a switch nothing reads would promise what the product does not keep (issue #46).
// The e-mail switch, then each optional mail's own (domain/mail-preferences.ts).
const NOTIFICATIONS = ["emailNotifications", "mailDeadlineReminder", "mailWeeklyDigest"] as const;
const section = "rounded-2xl border border-line bg-surface p-5";

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const actionData = useActionData<typeof action>();
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
          <BackArrowIcon className="inline size-4 align-[-0.125em]" data-testid="back-arrow" /> {t("account.settings.back")}
        </Link>
        <h1 className="mt-3 text-3xl font-bold">{t("account.settings.title")}</h1>
        <p className="mt-1 text-fg-muted">{t("account.settings.subtitle")}</p>
      </div>

      <Form method="post" className="grid gap-6" {...getFormProps(form)}>
        <fieldset className={section}>
          <legend className="px-1 text-lg font-bold">{t("account.settings.notifications")}</legend>
          <div className="mt-2 grid gap-4">
            {NOTIFICATIONS.map((name) => (
              <label key={name} className={`flex items-start gap-3 ${name === "emailNotifications" ? "" : "ms-8"}`}>
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

      <DeleteAccount
        {...loaderData.deletion}
        error={actionData && "deletion" in actionData ? actionData.deletion : null}
        pending={navigation.state !== "idle" && navigation.formData?.get("intent") === DELETE_INTENT}
      />
    </section>
  );
}

/** The danger zone: what goes, what stays, and the confirmation (a plain form). */
function DeleteAccount({ hasPassword, lastAdmin, openOrders, error, pending }: {
  hasPassword: boolean;
  lastAdmin: boolean;
  openOrders: number;
  error: { error: string; field: string | null } | null;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const field = hasPassword ? "password" : "confirm";
  const errorId = "delete-account-error";
  return (
    <section aria-labelledby="delete-account-title" className="rounded-2xl border border-red-300 bg-surface p-5 dark:border-red-800" data-testid="delete-account">
      <h2 id="delete-account-title" className="text-lg font-bold text-red-700 dark:text-red-300">{t("account.deletion.title")}</h2>
      <p className="mt-1 text-sm">{t("account.deletion.lead")}</p>
      <div className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <h3 className="font-semibold">{t("account.deletion.removedTitle")}</h3>
          <p className="text-fg-muted">{t("account.deletion.removed")}</p>
        </div>
        <div>
          <h3 className="font-semibold">{t("account.deletion.keptTitle")}</h3>
          <p className="text-fg-muted">{t("account.deletion.kept")}</p>
        </div>
      </div>
      <p className="mt-2 text-sm">
        <Link to="/privacy#deletion" className="font-semibold text-brand-700 underline dark:text-brand-200">{t("account.deletion.privacyLink")}</Link>
      </p>
      {lastAdmin ? (
        <p className="mt-4 rounded-lg bg-muted p-3 text-sm" data-testid="delete-blocked">{t("account.deletion.errors.lastAdmin")}</p>
      ) : openOrders > 0 ? (
        <p className="mt-4 rounded-lg bg-muted p-3 text-sm" data-testid="delete-blocked">
          {t("account.deletion.errors.openOrders", { count: openOrders })}{" "}
          <Link to="/orders" className="font-semibold underline">{t("account.deletion.toOrders")}</Link>
        </p>
      ) : (
        <Form method="post" className="mt-4 grid gap-2" noValidate>
          <input type="hidden" name="intent" value={DELETE_INTENT} />
          <label htmlFor="delete-account-field" className="text-sm font-medium">
            {hasPassword ? t("account.deletion.passwordLabel") : t("account.deletion.wordLabel", { word: t("account.deletion.word") })}
          </label>
          <input
            id="delete-account-field"
            name={field}
            type={hasPassword ? "password" : "text"}
            autoComplete={hasPassword ? "current-password" : "off"}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="block w-full rounded-lg border border-line bg-surface px-3 py-2.5"
          />
          {error ? <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-300">{error.error}</p> : null}
          <button
            type="submit"
            disabled={pending}
            className="min-h-11 rounded-lg border border-red-600 px-4 py-2.5 font-semibold text-red-700 hover:bg-red-50 disabled:opacity-70 dark:text-red-300 dark:hover:bg-red-950"
          >
            {pending ? t("account.deletion.pending") : t("account.deletion.submit")}
          </button>
        </Form>
      )}
    </section>
  );
}
