import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { createAuthenticator } from "~/auth/authenticator.server";
import { requireAnonymous } from "~/auth/guards.server";
import { startWebSession } from "~/auth/session.server";
import { ErrorList, Field, SubmitButton } from "~/components/ui/field";
import { dbContext } from "~/context";
import { getInstance } from "~/middleware/i18next.server";
import { LoginSchema } from "~/services/account-schemas";
import { ServiceError } from "~/services/errors";
import { safeRedirect } from "~/services/safe-redirect";
import { redirectWithToast } from "~/services/toast.server";
import { homeFor } from "~/services/users.server";
import type { Route } from "./+types/login";

export function loader({ context }: Route.LoaderArgs) {
  requireAnonymous(context);
  const t = getInstance(context).t;
  return { title: `${t("auth.loginTitle")} | ${t("app.name")}` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await request.clone().formData();
  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const db = context.get(dbContext);
  try {
    const user = await createAuthenticator(db).authenticate("password", request);
    const cookie = await startWebSession(db, user.id);
    const redirectTo = submission.value.redirectTo ? safeRedirect(submission.value.redirectTo, homeFor(user)) : homeFor(user);
    return redirectWithToast(
      request,
      redirectTo,
      { variant: "success", title: "auth.welcomeBack", values: { name: user.firstName || user.email.split("@")[0] } },
      { headers: { "Set-Cookie": cookie } },
    );
  } catch (error) {
    if (error instanceof ServiceError) {
      return data(submission.reply({ formErrors: [error.messageKey], hideFields: ["password"] }), {
        status: error.status === 401 ? 401 : 400,
      });
    }
    throw error;
  }
}

export default function Login({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login",
    lastResult: actionData,
    constraint: getZodConstraint(LoginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const redirectTo = params.get("redirect") ?? "";
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true;

  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t("auth.loginTitle")}</h1>
      <p className="mt-1 text-fg-muted">{t("auth.loginSubtitle")}</p>

      <div role="tablist" className="mt-6 grid grid-cols-2 rounded-xl bg-muted p-1 text-sm font-medium">
        <span role="tab" aria-selected="false" aria-disabled="true" className="rounded-lg px-3 py-2 text-center text-fg-muted" title={t("auth.magicSoon")}>
          {t("auth.tabMagic")}
        </span>
        <span role="tab" aria-selected="true" className="rounded-lg bg-surface px-3 py-2 text-center shadow-sm">
          {t("auth.tabPassword")}
        </span>
      </div>

      <Form method="post" className="mt-6 grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field
          label={t("auth.email")}
          errorId={fields.email.errorId}
          errors={fields.email.errors}
          {...getInputProps(fields.email, { type: "email" })}
          autoComplete="email"
          placeholder={t("auth.emailPlaceholder")}
          dir="ltr"
        />
        <Field
          label={t("auth.password")}
          errorId={fields.password.errorId}
          errors={fields.password.errors}
          {...getInputProps(fields.password, { type: "password" })}
          autoComplete="current-password"
          dir="ltr"
        />
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <SubmitButton pending={pending} pendingLabel={t("auth.loginPending")}>
          {t("auth.loginSubmit")}
        </SubmitButton>
      </Form>

      <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        <Link to="/forgot-password" className="text-brand-700 hover:underline dark:text-brand-200">{t("auth.forgotPassword")}</Link>
        <p>
          {t("auth.noAccount")}{" "}
          <Link to="/signup" className="font-semibold text-brand-700 hover:underline dark:text-brand-200">{t("auth.signupLink")}</Link>
        </p>
      </div>

      <div className="my-6 flex items-center gap-3 text-xs text-fg-muted">
        <span className="h-px flex-1 bg-line" />
        {t("auth.or")}
        <span className="h-px flex-1 bg-line" />
      </div>
      <a href="/api/login" className="block rounded-lg border border-line px-4 py-3 text-center font-medium hover:bg-muted">
        {t("auth.external")}
      </a>
    </section>
  );
}
