import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/components/use-translation";
import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { hitRateLimit, rateLimitKeys } from "~/auth/rate-limit.server";
import { ErrorList, Field, SubmitButton } from "~/components/ui/field";
import { dbContext } from "~/context";
import { getTranslator, getTranslate } from "~/web/language.server";
import { EmailOnlySchema } from "~/domain/account-schemas";
import { publicOrigin } from "~/config.server";
import { sendPasswordReset } from "~/auth/email-sign-in.server";
import type { Route } from "./+types/forgot-password";
import { readForm } from "~/web/form.server";

export function loader({ context }: Route.LoaderArgs) {
  const t = getTranslate(context);
  return { title: `${t("auth.forgotTitle")} | ${t("app.name")}` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export async function action({ request, context }: Route.ActionArgs) {
  const i18n = getTranslator(context);
  const submission = parseWithZod(await readForm(request), { schema: EmailOnlySchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const db = context.get(dbContext);
  const limit = hitRateLimit(db, "password-reset", rateLimitKeys(context, submission.value.email));
  if (!limit.allowed) {
    return data(submission.reply({ formErrors: [i18n.t("errors.tooManyAttempts", { minutes: limit.retryAfterMinutes })] }), { status: 429 });
  }
  await sendPasswordReset(db, i18n, submission.value.email, publicOrigin());
  return redirect(`/forgot-password?sent=${encodeURIComponent(submission.value.email)}`);
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const sentTo = params.get("sent");
  const [form, fields] = useForm({
    id: "forgot",
    lastResult: actionData,
    constraint: getZodConstraint(EmailOnlySchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmailOnlySchema }),
    shouldValidate: "onBlur",
  });
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t("auth.forgotTitle")}</h1>
      {sentTo ? (
        <div className="mt-6 rounded-xl border border-brand-200 bg-brand-50 p-4 dark:border-brand-700 dark:bg-brand-800" role="status" data-testid="reset-sent">
          <p className="font-semibold">{t("auth.forgotSentTitle")}</p>
          <p className="mt-1 text-sm">{t("auth.forgotSentText", { email: sentTo })}</p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="email" value={sentTo} />
            <button type="submit" className="text-sm font-semibold text-brand-700 underline dark:text-brand-200">{t("auth.sendAgain")}</button>
          </Form>
        </div>
      ) : (
        <Form method="post" className="mt-6 grid gap-4" {...getFormProps(form)}>
          <p className="text-sm text-fg-muted">{t("auth.forgotText")}</p>
          <Field label={t("auth.email")} errorId={fields.email.errorId} errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} autoComplete="email" dir="ltr" />
          <div role="alert"><ErrorList id={form.errorId} errors={form.errors} /></div>
          <SubmitButton pending={navigation.state !== "idle"} pendingLabel={t("auth.magicPending")}>{t("auth.forgotSubmit")}</SubmitButton>
        </Form>
      )}
      <Link to="/login" className="mt-6 inline-block text-sm text-brand-700 hover:underline dark:text-brand-200">{t("auth.backToLogin")}</Link>
    </section>
  );
}
