import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect } from "react";
import { useTranslation } from "~/components/use-translation";
import { data, Form, Link, useNavigate, useNavigation } from "react-router";
import { adminSetupState } from "~/auth/admin-setup.server";
import { rateLimitKeys } from "~/auth/rate-limit.server";
import { Field, SubmitButton } from "~/components/ui/field";
import { useHydrated } from "~/components/use-hydrated";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { createAdminWithSecret } from "~/auth/admin-creation.server";
import { completeSignIn } from "~/auth/sign-in.server";
import { AdminCreateFormSchema } from "~/domain/admin-schemas";
import type { Toast } from "~/domain/toast";
import { flashToast, redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/admin-create";
import { readForm } from "~/web/form.server";

/** Spec: after the success toast the app moves to /login in 2 s. */
const REDIRECT_MS = 2000;

// A page that may carry a setup token in its address: kept out of caches, and out of the
// Referer header sent to other sites. Not "no-referrer": Chromium then posts the form with
// `Origin: null`, which React Router's CSRF check refuses.
const PRIVATE_HEADERS = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };

// Spec section 6: no login check here; the secret code is what guards admin creation. A new
// market's one-time setup link (?setup=<token>, printed at start) stands in for the code.
export function loader({ url, context }: Route.LoaderArgs) {
  const t = getTranslate(context);
  const token = url.searchParams.get("setup");
  const setup = token ? { token, state: adminSetupState(context.get(dbContext), token) } : null;
  return {
    title: `${t("admin.create.title")} | ${t("app.name")}`,
    // Only a working token goes into the form; a dead one gets the reason and the usual form.
    setupToken: setup?.state === "valid" ? setup.token : null,
    setupSpent: setup !== null && setup.state !== "valid",
  };
}

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: AdminCreateFormSchema });
  const hideFields = ["password", "confirmPassword", "secretCode"];
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields }), { status: 400 });
  }
  const { email, password, secretCode } = submission.value;
  const result = await createAdminWithSecret(context.get(dbContext), { email, password, secretCode }, rateLimitKeys(context, email));
  if (!result.ok) {
    // The server's message, already in the page's language (it may carry the minutes to wait).
    const message = getTranslate(context)(result.messageKey, result.values);
    return data(submission.reply({ formErrors: [message], hideFields }), { status: result.status });
  }
  const toast: Omit<Toast, "id"> = { variant: "success", title: "admin.create.success", description: "admin.create.successText", values: { email } };
  // The setup link's first admin is the person at the keyboard, who has just typed the
  // password twice: she goes straight into her dashboard (#45), with or without JavaScript
  // (a redirect from a fetcher-less Form is followed by React Router too).
  if (result.firstAdmin) {
    return completeSignIn(request, context.get(dbContext), result.user, "/admin", { ...toast, description: "admin.create.firstAdminText" });
  }
  // With JavaScript the page shows the toast and moves on after 2 s; without, a redirect does it.
  if (formData.get("js") === "1") {
    return data({ created: email }, { headers: { "Set-Cookie": await flashToast(request, toast) } });
  }
  return redirectWithToast(request, "/login", toast);
}

function Created() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/login"), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div role="status" className="mt-8 rounded-2xl border border-brand-200 bg-brand-50 px-6 py-8 text-center dark:border-brand-700 dark:bg-brand-800/40">
      <p className="text-lg font-bold">{t("admin.create.success")}</p>
      <p className="mt-2 text-fg-muted">{t("admin.create.redirecting")}</p>
      <Link to="/login" className="mt-4 inline-block font-semibold text-brand-700 underline dark:text-brand-200">
        {t("admin.create.loginNow")}
      </Link>
    </div>
  );
}

export default function AdminCreate({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const created = actionData && "created" in actionData ? actionData.created : null;
  const [form, fields] = useForm({
    id: "admin-create",
    lastResult: actionData && !("created" in actionData) ? actionData : undefined,
    constraint: getZodConstraint(AdminCreateFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: AdminCreateFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  // The form posts to its own address, ?setup= included.
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/admin/create") === true;
  const { setupToken, setupSpent } = loaderData;

  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t("admin.create.title")}</h1>
      <p className="mt-1 text-fg-muted">{t(setupToken ? "admin.create.setupSubtitle" : "admin.create.subtitle")}</p>
      {setupSpent && !created ? (
        <p role="alert" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="admin-setup-spent">
          {t("admin.errors.setupSpent")}
        </p>
      ) : null}

      {created ? (
        <Created />
      ) : (
        <Form method="post" className="mt-8 grid gap-4" {...getFormProps(form)}>
          {hydrated ? <input type="hidden" name="js" value="1" /> : null}
          {form.errors?.length ? (
            <div role="alert" id={form.errorId} className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
              <p className="font-semibold">{t("admin.create.errorTitle")}</p>
              {form.errors.map((message) => (
                <p key={message} className="mt-0.5 text-sm">{message}</p>
              ))}
            </div>
          ) : null}
          <Field label={t("admin.create.email")} errorId={fields.email.errorId} errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} autoComplete="email" placeholder={t("auth.emailPlaceholder")} dir="ltr" />
          <Field label={t("admin.create.password")} hint={t("admin.create.passwordHint")} errorId={fields.password.errorId} errors={fields.password.errors} {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" dir="ltr" />
          <Field label={t("admin.create.confirmPassword")} errorId={fields.confirmPassword.errorId} errors={fields.confirmPassword.errors} {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" dir="ltr" />
          {setupToken ? (
            // The link is the key: the person types only an e-mail and a password.
            <input type="hidden" name={fields.secretCode.name} value={setupToken} />
          ) : (
            <Field label={t("admin.create.secretCode")} hint={t("admin.create.secretHint")} errorId={fields.secretCode.errorId} errors={fields.secretCode.errors} {...getInputProps(fields.secretCode, { type: "password" })} autoComplete="off" dir="ltr" />
          )}
          <SubmitButton pending={pending} pendingLabel={t("admin.create.pending")}>
            {t("admin.create.submit")}
          </SubmitButton>
        </Form>
      )}

      <p className="mt-6 text-sm">
        <Link to="/login" className="font-semibold text-brand-700 hover:underline dark:text-brand-200">{t("admin.create.backToLogin")}</Link>
      </p>
    </section>
  );
}
