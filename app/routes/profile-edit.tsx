import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { BackArrowIcon } from "~/components/icons";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/components/use-translation";
import { data, Form, Link, useNavigation } from "react-router";
import type { z } from "zod";
import { requireUser } from "~/auth/guards.server";
import { ErrorList, Field, SubmitButton } from "~/components/ui/field";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { ServiceError } from "~/domain/errors";
import { ProfileFormSchema } from "~/domain/profile-schemas";
import { updateProfile } from "~/services/profile.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/profile-edit";
import { readForm } from "~/web/form.server";

export function loader({ url, context }: Route.LoaderArgs) {
  const user = requireUser(context, url);
  const t = getTranslate(context);
  return {
    title: `${t("account.profileEdit.title")} | ${t("app.name")}`,
    defaults: {
      firstName: user.firstName ?? "",
      lastName: user.lastName ?? "",
      email: user.email,
      phone: user.phone ?? "",
      profileImageUrl: user.profileImageUrl ?? "",
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = requireUser(context, url);
  const submission = parseWithZod(await readForm(request), { schema: ProfileFormSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    updateProfile(context.get(dbContext), user.id, submission.value);
    return redirectWithToast(request, "/profile", { variant: "success", title: "account.profileEdit.saved" });
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    if (error.field) {
      return data(
        submission.reply({ fieldErrors: { [error.field]: [error.messageKey] }, formErrors: ["account.profileEdit.error"] }),
        { status: error.status },
      );
    }
    return redirectWithToast(request, "/profile/edit", {
      variant: "destructive",
      title: "account.profileEdit.error",
      description: error.messageKey,
    });
  }
}

export default function ProfileEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<z.input<typeof ProfileFormSchema>>({
    id: "profile-edit",
    lastResult: actionData,
    defaultValue: loaderData.defaults,
    constraint: getZodConstraint(ProfileFormSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileFormSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state !== "idle" && navigation.formAction === "/profile/edit";
  return (
    <section className="mx-auto max-w-lg px-4 py-10">
      <Link to="/profile" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-200">
        <BackArrowIcon className="inline size-4 align-[-0.125em]" data-testid="back-arrow" /> {t("account.profileEdit.back")}
      </Link>
      <h1 className="mt-3 text-3xl font-bold">{t("account.profileEdit.title")}</h1>
      <p className="mt-1 text-fg-muted">{t("account.profileEdit.subtitle")}</p>

      <Form method="post" className="mt-8 grid gap-4" {...getFormProps(form)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("account.fields.firstName")} errorId={fields.firstName.errorId} errors={fields.firstName.errors} {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" />
          <Field label={t("account.fields.lastName")} errorId={fields.lastName.errorId} errors={fields.lastName.errors} {...getInputProps(fields.lastName, { type: "text" })} autoComplete="family-name" />
        </div>
        <Field label={t("account.fields.email")} errorId={fields.email.errorId} errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} autoComplete="email" dir="ltr" />
        <Field label={t("account.fields.phone")} hint={t("account.fields.optional")} errorId={fields.phone.errorId} errors={fields.phone.errors} {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" dir="ltr" />
        <Field label={t("account.fields.profileImageUrl")} hint={t("account.fields.profileImageHint")} errorId={fields.profileImageUrl.errorId} errors={fields.profileImageUrl.errors} {...getInputProps(fields.profileImageUrl, { type: "url" })} placeholder="https://" dir="ltr" />
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <div className="grid gap-3 sm:grid-cols-2">
          <SubmitButton pending={pending} pendingLabel={t("account.profileEdit.pending")}>
            {t("account.profileEdit.submit")}
          </SubmitButton>
          <Link to="/profile" className="rounded-lg border border-line px-4 py-3 text-center font-semibold hover:bg-muted">
            {t("account.profileEdit.cancel")}
          </Link>
        </div>
      </Form>
    </section>
  );
}
