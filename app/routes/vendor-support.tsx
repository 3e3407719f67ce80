import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/components/use-translation";
import { data, Form, Link, useNavigation } from "react-router";
import { requireVendor } from "~/auth/vendor-guard.server";
import { ErrorList, Field, SubmitButton } from "~/components/ui/field";
import { VendorErrorBoundary } from "~/components/vendor-forbidden";
import { forbiddenTitle } from "~/components/forbidden-title";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { ContactSchema, HONEYPOT_FIELD, type ContactInput } from "~/domain/contact-schema";
import { receiveContactMessage } from "~/services/contact.server";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/vendor-support";
import { readForm } from "~/web/form.server";

export function loader({ url, context }: Route.LoaderArgs) {
  const { user, vendor } = requireVendor(context, url);
  const t = getTranslate(context);
  return {
    title: `${t("vendor.support.title")} | ${t("app.name")}`,
    defaults: {
      name: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.name || vendor.name,
      email: user.email,
      phone: user.phone ?? "",
      subject: "",
      message: "",
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [{ title: loaderData?.title ?? forbiddenTitle(error) }];

/** The contact form's schema and store, as a vendor-support message linked to the account. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const { user } = requireVendor(context, url);
  const submission = parseWithZod(await readForm(request), { schema: ContactSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  receiveContactMessage(context.get(dbContext), submission.value, user.id, "vendor-support");
  return redirectWithToast(request, "/vendor/dashboard", { variant: "success", title: "vendor.support.toastTitle", description: "vendor.support.toastText" });
}

export default function VendorSupport({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<ContactInput>({
    id: "vendor-support",
    lastResult: actionData,
    defaultValue: loaderData.defaults,
    constraint: getZodConstraint(ContactSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state !== "idle" && navigation.formAction === "/vendor/support";
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <Link to="/vendor/dashboard" className="text-sm text-fg-muted hover:underline">{t("vendor.support.back")}</Link>
      <h1 className="mt-2 text-3xl font-bold">{t("vendor.support.title")}</h1>
      <p className="mt-2 text-fg-muted">{t("vendor.support.lead")}</p>
      <Form method="post" action="/vendor/support" className="mt-8 grid gap-4 rounded-2xl border border-line bg-surface p-6" {...getFormProps(form)}>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t("vendor.support.name")} errorId={fields.name.errorId} errors={fields.name.errors} {...getInputProps(fields.name, { type: "text" })} autoComplete="name" />
          <Field label={t("vendor.support.email")} errorId={fields.email.errorId} errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} autoComplete="email" dir="ltr" />
          <Field label={t("vendor.support.phone")} errorId={fields.phone.errorId} errors={fields.phone.errors} {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" dir="ltr" />
        </div>
        <Field label={t("vendor.support.subject")} errorId={fields.subject.errorId} errors={fields.subject.errors} {...getInputProps(fields.subject, { type: "text" })} />
        <div>
          <label htmlFor={fields.message.id} className="mb-1 block text-sm font-medium">{t("vendor.support.message")}</label>
          <textarea
            {...getTextareaProps(fields.message)}
            rows={6}
            placeholder={t("vendor.support.messagePlaceholder")}
            className="block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base aria-[invalid=true]:border-red-500"
          />
          <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
        </div>
        {/* Honeypot, as on /contact: hidden from people and screen readers. */}
        <div aria-hidden="true" className="sr-only">
          <label htmlFor="vendor-support-website">{t("vendor.apply.honeypot")}</label>
          <input id="vendor-support-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <SubmitButton pending={pending} pendingLabel={t("vendor.support.pending")}>
          {t("vendor.support.submit")}
        </SubmitButton>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <VendorErrorBoundary />;
}
