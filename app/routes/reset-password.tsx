import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/components/use-translation";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { startWebSession } from "~/auth/session.server";
import { ErrorList, Field, SubmitButton } from "~/components/ui/field";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { ResetPasswordSchema } from "~/domain/account-schemas";
import { resetPassword } from "~/auth/email-sign-in.server";
import { redirectWithToast } from "~/web/toast.server";
import { homeFor } from "~/services/users.server";
import type { Route } from "./+types/reset-password";
import { readForm } from "~/web/form.server";

export function loader({ context }: Route.LoaderArgs) {
  const t = getTranslate(context);
  return { title: `${t("auth.resetTitle")} | ${t("app.name")}` };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export async function action({ request, context }: Route.ActionArgs) {
  const submission = parseWithZod(await readForm(request), { schema: ResetPasswordSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") return data(submission.reply({ hideFields }), { status: 400 });
  const db = context.get(dbContext);
  const user = await resetPassword(db, submission.value.token, submission.value.password);
  if (!user) return data(submission.reply({ formErrors: ["auth.linkInvalid"], hideFields }), { status: 400 });
  const cookie = await startWebSession(db, user.id);
  return redirectWithToast(request, homeFor(user), { variant: "success", title: "auth.resetDone" }, { headers: { "Set-Cookie": cookie } });
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset",
    lastResult: actionData,
    constraint: getZodConstraint(ResetPasswordSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-3xl font-bold">{t("auth.resetTitle")}</h1>
      <Form method="post" className="mt-6 grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="token" value={params.get("token") ?? ""} />
        <Field label={t("auth.newPassword")} hint={t("auth.passwordHint")} errorId={fields.password.errorId} errors={fields.password.errors} {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" dir="ltr" />
        <Field label={t("auth.confirmPassword")} errorId={fields.confirmPassword.errorId} errors={fields.confirmPassword.errors} {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" dir="ltr" />
        <div role="alert"><ErrorList id={form.errorId} errors={form.errors} /></div>
        {form.errors?.includes("auth.linkInvalid") ? <Link to="/forgot-password" className="text-sm underline">{t("auth.forgotSubmit")}</Link> : null}
        <SubmitButton pending={navigation.state !== "idle"} pendingLabel={t("auth.resetPending")}>{t("auth.resetSubmit")}</SubmitButton>
      </Form>
    </section>
  );
}
