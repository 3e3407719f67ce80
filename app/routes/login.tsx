import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/components/use-translation";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { createAuthenticator } from "~/auth/authenticator.server";
import { requireAnonymous } from "~/auth/guards.server";
import { clearRateLimit, hitRateLimit, rateLimitKeys } from "~/auth/rate-limit.server";
import { completeSignIn } from "~/auth/sign-in.server";
import { ErrorList, Field, SubmitButton } from "~/components/ui/field";
import { dbContext } from "~/context";
import { getTranslator, getTranslate } from "~/web/language.server";
import { EmailOnlySchema, LoginSchema } from "~/domain/account-schemas";
import { publicOrigin, secureCookies } from "~/config.server";
import { secureCookieWillBeDropped } from "~/web/plain-http";
import { sendMagicLink } from "~/auth/email-sign-in.server";
import { ServiceError } from "~/domain/errors";
import { externalSignInName } from "~/auth/external-sign-in.server";
import { safeRedirect } from "~/web/safe-redirect";
import { homeFor } from "~/services/users.server";
import { smtpConfigured } from "~/services/mail.server";
import type { Route } from "./+types/login";
import { readForm } from "~/web/form.server";

export function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous(context);
  const url = new URL(request.url);
  const t = getTranslate(context);
  return {
    title: `${t("auth.loginTitle")} | ${t("app.name")}`,
    externalProvider: externalSignInName(),
    // Without SMTP a mailed link goes to a folder on the server's disk, which a shopper never
    // sees: the password tab comes first then (#45).
    mailSends: smtpConfigured(),
    // Plain HTTP on a LAN address: the Secure session cookie would be dropped, say so (#45).
    plainHttpHost: secureCookieWillBeDropped(url, request.headers.get("X-Forwarded-Proto"), secureCookies) ? url.host : null,
  };
}

// The page differs by the address it was asked on (the plain-HTTP notice), and the server's
// guest cache keys pages by path alone: /login is never kept for other guests.
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "no-store" });

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

/** 429 with the spec's wait message, shown as a form error. */
function tooMany(message: string, submission: { reply: (options: { formErrors: string[] }) => SubmissionResult<string[]> }) {
  return data(submission.reply({ formErrors: [message] }), { status: 429 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request.clone());
  const db = context.get(dbContext);
  const i18n = getTranslator(context);

  // The magic-link tab (the default): e-mail a sign-in link, then show the "sent" state.
  if (formData.get("intent") === "magic") {
    const submission = parseWithZod(formData, { schema: EmailOnlySchema });
    if (submission.status !== "success") return data(submission.reply(), { status: 400 });
    const limit = hitRateLimit(db, "magic-link", rateLimitKeys(context, submission.value.email));
    if (!limit.allowed) return tooMany(i18n.t("errors.tooManyAttempts", { minutes: limit.retryAfterMinutes }), submission);
    await sendMagicLink(db, i18n, submission.value.email, publicOrigin());
    const back = new URLSearchParams({ tab: "magic", sent: submission.value.email });
    const redirectTo = formData.get("redirectTo");
    if (typeof redirectTo === "string" && redirectTo) back.set("redirect", redirectTo);
    return redirect(`/login?${back}`);
  }

  const submission = parseWithZod(formData, { schema: LoginSchema });
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields: ["password"] }), { status: 400 });
  }
  const limit = hitRateLimit(db, "login", rateLimitKeys(context, submission.value.email));
  if (!limit.allowed) {
    return tooMany(i18n.t("errors.tooManyAttempts", { minutes: limit.retryAfterMinutes }), { reply: (o) => submission.reply({ ...o, hideFields: ["password"] }) });
  }
  try {
    const user = await createAuthenticator(db).authenticate("password", request);
    clearRateLimit(db, "login", `email:${user.email}`);
    return await completeSignIn(request, db, user, submission.value.redirectTo ? safeRedirect(submission.value.redirectTo, homeFor(user)) : homeFor(user));
  } catch (error) {
    if (error instanceof ServiceError) {
      return data(submission.reply({ formErrors: [error.messageKey], hideFields: ["password"] }), {
        status: error.status === 401 ? 401 : 400,
      });
    }
    throw error;
  }
}

function MagicLinkForm({ lastResult, redirectTo }: { lastResult?: SubmissionResult<string[]> | null; redirectTo: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "magic",
    lastResult,
    constraint: getZodConstraint(EmailOnlySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailOnlySchema }),
    shouldValidate: "onBlur",
  });
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "magic";
  return (
    <Form method="post" action="/login" className="mt-6 grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="magic" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <p className="text-sm text-fg-muted">{t("auth.magicIntro")}</p>
      <Field label={t("auth.email")} errorId={fields.email.errorId} errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} autoComplete="email" placeholder={t("auth.emailPlaceholder")} dir="ltr" />
      <div role="alert"><ErrorList id={form.errorId} errors={form.errors} /></div>
      <SubmitButton pending={pending} pendingLabel={t("auth.magicPending")}>{t("auth.magicSubmit")}</SubmitButton>
    </Form>
  );
}

function PasswordForm({ lastResult, redirectTo }: { lastResult?: SubmissionResult<string[]> | null; redirectTo: string }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "login",
    lastResult,
    constraint: getZodConstraint(LoginSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/login") === true && navigation.formData?.get("intent") !== "magic";
  return (
    <Form method="post" action={`/login?tab=password${redirectTo ? `&redirect=${encodeURIComponent(redirectTo)}` : ""}`} className="mt-6 grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <Field label={t("auth.email")} errorId={fields.email.errorId} errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} autoComplete="email" placeholder={t("auth.emailPlaceholder")} dir="ltr" />
      <Field label={t("auth.password")} errorId={fields.password.errorId} errors={fields.password.errors} {...getInputProps(fields.password, { type: "password" })} autoComplete="current-password" dir="ltr" />
      <div role="alert"><ErrorList id={form.errorId} errors={form.errors} /></div>
      <SubmitButton pending={pending} pendingLabel={t("auth.loginPending")}>{t("auth.loginSubmit")}</SubmitButton>
    </Form>
  );
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const redirectTo = params.get("redirect") ?? "";
  const firstTab = loaderData.mailSends ? "magic" : "password";
  const asked = params.get("tab");
  const tab = asked === "password" || asked === "magic" ? asked : firstTab;
  const sentTo = params.get("sent");
  const tabHref = (name: string) => {
    const next = new URLSearchParams({ tab: name });
    if (redirectTo) next.set("redirect", redirectTo);
    return `/login?${next}`;
  };
  const tabClass = (active: boolean) => `rounded-lg px-3 py-2 text-center ${active ? "bg-surface shadow-sm" : "text-fg-muted hover:text-fg"}`;

  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t("auth.loginTitle")}</h1>
      <p className="mt-1 text-fg-muted">{t("auth.loginSubtitle")}</p>
      {loaderData.plainHttpHost ? (
        <div role="alert" data-testid="plain-http-notice" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
          <p className="font-semibold">{t("auth.plainHttpNotice.title")}</p>
          <p className="mt-1">{t("auth.plainHttpNotice.text", { host: loaderData.plainHttpHost })}</p>
        </div>
      ) : null}

      <nav aria-label={t("auth.loginTitle")} className="mt-6 grid grid-cols-2 rounded-xl bg-muted p-1 text-sm font-medium">
        {(firstTab === "magic" ? (["magic", "password"] as const) : (["password", "magic"] as const)).map((name) => (
          <Link key={name} to={tabHref(name)} className={tabClass(tab === name)} aria-current={tab === name ? "page" : undefined} replace>
            {t(name === "magic" ? "auth.tabMagic" : "auth.tabPassword")}
          </Link>
        ))}
      </nav>

      {tab === "magic" && sentTo ? (
        <div className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-4 dark:border-brand-700 dark:bg-brand-800" role="status" data-testid="magic-sent">
          <p className="font-semibold">{t("auth.magicSentTitle")}</p>
          <p className="mt-1 text-sm">{t("auth.magicSentText", { email: sentTo })}</p>
          <Form method="post" action="/login" className="mt-3">
            <input type="hidden" name="intent" value="magic" />
            <input type="hidden" name="email" value={sentTo} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button type="submit" className="text-sm font-semibold text-brand-700 underline dark:text-brand-200">{t("auth.sendAgain")}</button>
          </Form>
        </div>
      ) : tab === "magic" ? (
        <MagicLinkForm lastResult={actionData} redirectTo={redirectTo} />
      ) : (
        <PasswordForm lastResult={actionData} redirectTo={redirectTo} />
      )}

      <div className="mt-6 flex flex-wrap justify-between gap-2 text-sm">
        <Link to="/forgot-password" className="text-brand-700 hover:underline dark:text-brand-200">{t("auth.forgotPassword")}</Link>
        <p>
          {t("auth.noAccount")}{" "}
          <Link to="/signup" className="font-semibold text-brand-700 hover:underline dark:text-brand-200">{t("auth.signupLink")}</Link>
        </p>
      </div>

      {/* A button that can only fail is no choice: shown only when OAuth is configured (#45). */}
      {loaderData.externalProvider ? (
        <>
          <div className="my-6 flex items-center gap-3 text-xs text-fg-muted">
            <span className="h-px flex-1 bg-line" />
            {t("auth.or")}
            <span className="h-px flex-1 bg-line" />
          </div>
          <a href={`/api/login${redirectTo ? `?redirect=${encodeURIComponent(redirectTo)}` : ""}`} data-testid="external-sign-in" className="block rounded-lg border border-line px-4 py-3 text-center font-medium hover:bg-muted">
            {t("auth.externalTitle", { provider: loaderData.externalProvider })}
          </a>
        </>
      ) : null}
    </section>
  );
}
