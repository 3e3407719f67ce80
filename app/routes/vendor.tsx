import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ReactNode } from "react";
import { useTranslation } from "~/components/use-translation";
import { data, Form, Link, useNavigation } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { ErrorList, Field, SubmitButton } from "~/components/ui/field";
import { dbContext, userContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { HONEYPOT_FIELD } from "~/domain/contact-schema";
import { formatDate } from "~/domain/dates";
import { ServiceError } from "~/domain/errors";
import { redirectWithToast } from "~/web/toast.server";
import { submitVendorApplication, vendorPageState } from "~/services/vendor-applications.server";
import { VendorApplicationSchema, type VendorApplicationInput } from "~/domain/vendor-schemas";
import type { Route } from "./+types/vendor";
import { readForm } from "~/web/form.server";

export function loader({ context }: Route.LoaderArgs) {
  const t = getTranslate(context);
  const user = context.get(userContext);
  const state = vendorPageState(context.get(dbContext), user);
  return {
    title: `${t("vendor.page.title")} | ${t("app.name")}`,
    state:
      state.kind === "pending"
        ? { kind: state.kind, businessName: state.application.businessName, createdAt: state.application.createdAt.toISOString() }
        : state.kind === "form"
          ? { kind: state.kind, rejectedNote: state.rejected ? (state.rejected.reviewNote ?? "") : null }
          : { kind: state.kind },
    defaults: {
      businessName: "",
      contactName: user ? [user.firstName, user.lastName].filter(Boolean).join(" ") || (user.name ?? "") : "",
      phone: user?.phone ?? "",
      email: user?.email ?? "",
      description: "",
    },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = requireUser(context, url);
  const submission = parseWithZod(await readForm(request), { schema: VendorApplicationSchema });
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    submitVendorApplication(context.get(dbContext), user, submission.value);
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
    return data(submission.reply({ formErrors: [error.messageKey] }), { status: error.status });
  }
  return redirectWithToast(request, "/vendor#apply", { variant: "success", title: "vendor.apply.toastTitle", description: "vendor.apply.toastText" });
}

const card = "rounded-2xl border border-line bg-surface p-6";
const primary = "inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700";
const secondary = "inline-block rounded-lg border border-line px-5 py-2.5 font-semibold hover:bg-muted";

function list(value: unknown): string[] {
  return Array.isArray(value) ? (value as string[]) : [];
}

function Notice({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <div className={card} data-testid={testId} role="status">
      <h3 className="text-xl font-bold">{title}</h3>
      <div className="mt-2 grid gap-4 text-fg-muted">{children}</div>
    </div>
  );
}

function ApplicationForm({ defaults, lastResult }: { defaults: Route.ComponentProps["loaderData"]["defaults"]; lastResult: Route.ComponentProps["actionData"] }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<VendorApplicationInput>({
    id: "vendor-application",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(VendorApplicationSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: VendorApplicationSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state !== "idle" && navigation.formAction === "/vendor";
  return (
    <Form method="post" action="/vendor" className="grid gap-4" {...getFormProps(form)}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("vendor.apply.businessName")} errorId={fields.businessName.errorId} errors={fields.businessName.errors} {...getInputProps(fields.businessName, { type: "text" })} autoComplete="organization" />
        <Field label={t("vendor.apply.contactName")} errorId={fields.contactName.errorId} errors={fields.contactName.errors} {...getInputProps(fields.contactName, { type: "text" })} autoComplete="name" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("vendor.apply.phone")} errorId={fields.phone.errorId} errors={fields.phone.errors} {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" dir="ltr" />
        <Field label={t("vendor.apply.email")} errorId={fields.email.errorId} errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} autoComplete="email" dir="ltr" />
      </div>
      <div>
        <label htmlFor={fields.description.id} className="mb-1 block text-sm font-medium">
          {t("vendor.apply.description")}
        </label>
        <textarea
          {...getTextareaProps(fields.description)}
          rows={5}
          placeholder={t("vendor.apply.descriptionPlaceholder")}
          className="block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base aria-[invalid=true]:border-red-500"
        />
        <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      {/* Honeypot: hidden from people and screen readers; bots fill it in. */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor="vendor-website">{t("vendor.apply.honeypot")}</label>
        <input id="vendor-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div role="alert">
        <ErrorList id={form.errorId} errors={form.errors} />
      </div>
      <SubmitButton pending={pending} pendingLabel={t("vendor.apply.pending")}>
        {t("vendor.apply.submit")}
      </SubmitButton>
    </Form>
  );
}

function ApplySection({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { state, defaults } = loaderData;
  switch (state.kind) {
    case "guest":
      return (
        <Notice title={t("vendor.apply.guestTitle")} testId="vendor-apply-guest">
          <p>{t("vendor.apply.guestText")}</p>
          <div className="flex flex-wrap gap-3">
            <Link to={`/login?redirect=${encodeURIComponent("/vendor#apply")}`} className={primary}>{t("vendor.apply.signIn")}</Link>
            {/* The vendor's own sign-up: no shoppers' community to choose (#45). */}
            <Link to={`/signup?as=vendor&redirect=${encodeURIComponent("/vendor#apply")}`} className={secondary} data-testid="vendor-signup-link">{t("vendor.apply.signUp")}</Link>
          </div>
        </Notice>
      );
    case "vendor":
      return (
        <Notice title={t("vendor.apply.vendorTitle")} testId="vendor-apply-vendor">
          <p>{t("vendor.apply.vendorText")}</p>
          <div><Link to="/vendor/dashboard" className={primary}>{t("vendor.apply.toDashboard")}</Link></div>
        </Notice>
      );
    case "admin":
      return (
        <Notice title={t("vendor.apply.adminTitle")} testId="vendor-apply-admin">
          <p>{t("vendor.apply.adminText")}</p>
          <div><Link to="/admin/vendor-applications" className={primary}>{t("vendor.apply.toApplications")}</Link></div>
        </Notice>
      );
    case "pending":
      return (
        <Notice title={t("vendor.apply.pendingTitle")} testId="vendor-apply-pending">
          <p>{t("vendor.apply.pendingText", { business: state.businessName, date: formatDate(state.createdAt, i18n.language) })}</p>
          <p className="font-semibold text-fg">{t("vendor.apply.statusPending")}</p>
        </Notice>
      );
    case "form":
      return (
        <div className={card}>
          <h3 className="text-xl font-bold">{t("vendor.apply.title")}</h3>
          <p className="mt-1 text-fg-muted">{t("vendor.apply.text")}</p>
          {state.rejectedNote !== null ? (
            <div className="mt-4 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950 dark:border-amber-700 dark:bg-amber-900/30 dark:text-amber-100" data-testid="vendor-apply-rejected">
              <p className="font-semibold">{t("vendor.apply.rejectedTitle")}</p>
              {state.rejectedNote ? <p className="mt-1 text-sm">{t("vendor.apply.rejectedText", { note: state.rejectedNote })}</p> : null}
            </div>
          ) : null}
          <div className="mt-6">
            <ApplicationForm defaults={defaults} lastResult={actionData} />
          </div>
        </div>
      );
  }
}

export default function VendorPage(props: Route.ComponentProps) {
  const { t } = useTranslation();
  const stepsValue = t("vendor.page.steps", { returnObjects: true }) as unknown;
  const steps = Array.isArray(stepsValue) ? (stepsValue as { title: string; text: string }[]) : [];
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="max-w-3xl">
        <p className="inline-block rounded-full bg-brand-100 px-3 py-1 text-sm font-semibold text-brand-800 dark:bg-brand-800 dark:text-brand-50">
          {t("vendor.page.badge")}
        </p>
        <h1 className="mt-4 text-4xl font-extrabold">{t("vendor.page.title")}</h1>
        <p className="mt-3 text-lg leading-8 text-fg-muted">{t("vendor.page.lead")}</p>
        {/* The farmer's way in on the first screen, not only after the whole explanation (#45). */}
        <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2">
          <a href="#apply" className={primary} data-testid="vendor-apply-top">{t("vendor.page.firstScreen.apply")}</a>
          <p className="text-sm text-fg-muted">{t("vendor.page.firstScreen.note")}</p>
        </div>
      </header>

      <section aria-labelledby="vendor-how" className="mt-10">
        <h2 id="vendor-how" className="text-2xl font-bold">{t("vendor.page.howTitle")}</h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className={card}>
              <span className="grid size-8 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white">{index + 1}</span>
              <h3 className="mt-3 font-bold">{step.title}</h3>
              <p className="mt-1 text-sm leading-6 text-fg-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <div className="mt-10 grid gap-4 md:grid-cols-2">
        {(["vendorDoes", "marketDoes"] as const).map((key) => (
          <section key={key} aria-labelledby={`vendor-${key}`} className={card}>
            <h2 id={`vendor-${key}`} className="text-xl font-bold">{t(`vendor.page.${key}Title`)}</h2>
            <ul className="mt-3 grid list-disc gap-2 ps-5 leading-7">
              {list(t(`vendor.page.${key}`, { returnObjects: true })).map((item) => <li key={item}>{item}</li>)}
            </ul>
          </section>
        ))}
      </div>

      <section aria-labelledby="vendor-review" className="mt-10 max-w-3xl">
        <h2 id="vendor-review" className="text-2xl font-bold">{t("vendor.page.reviewTitle")}</h2>
        <p className="mt-2 leading-7 text-fg-muted">{t("vendor.page.reviewText")}</p>
        <Link to="/vendor/guide" className="mt-3 inline-block font-semibold text-brand-700 hover:underline dark:text-brand-200">
          {t("vendor.page.guideLink")}
        </Link>
      </section>

      <section id="apply" aria-label={t("vendor.apply.title")} className="mt-10 max-w-3xl scroll-mt-20">
        <ApplySection {...props} />
      </section>
    </div>
  );
}
