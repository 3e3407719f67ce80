import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "~/components/use-translation";
import { data, Form, Link, useNavigate, useNavigation } from "react-router";
import { ErrorList, Field, SubmitButton } from "~/components/ui/field";
import { dbContext, userContext } from "~/context";
import { getLocale, getTranslate } from "~/web/language.server";
import { publicBusiness } from "~/domain/site-settings";
import { readSiteSettings } from "~/services/site-settings.server";
import { ContactSchema, HONEYPOT_FIELD, orderReference, type ContactInput } from "~/domain/contact-schema";
import { receiveContactMessage } from "~/services/contact.server";
import { communityDelivery } from "~/services/communities.server";
import { deliveryTextValues, topFaqEntries } from "~/domain/faq";
import { redirectWithToast } from "~/web/toast.server";
import type { Route } from "./+types/contact";
import { readForm } from "~/web/form.server";

/** How long the success panel stays before the form comes back (spec: 5 s). */
const SUCCESS_MS = 5000;

export function loader({ url, context }: Route.LoaderArgs) {
  const t = getTranslate(context);
  const params = url.searchParams;
  const user = context.get(userContext);
  const order = orderReference(params.get("order"));
  return {
    title: `${t("contact.title")} | ${t("app.name")}`,
    sent: params.get("sent") === "1",
    order,
    defaults: {
      name: user ? [user.firstName, user.lastName].filter(Boolean).join(" ") || (user.name ?? "") : "",
      email: user?.email ?? "",
      phone: user?.phone ?? "",
      // The order page's "contact support" button links here with ?order=<number>.
      subject: order ? t("contact.orderSubject", { order }) : "",
    },
    // The delivery answers speak of her community's own delivery (issue #45), or say each decides.
    faqValues: deliveryTextValues(getLocale(context), communityDelivery(context.get(dbContext), user?.communityId), t),
    // Only what the organiser filled in (issue #45); nothing set, and the form stands alone.
    business: publicBusiness(readSiteSettings(context.get(dbContext)), getLocale(context)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const submission = parseWithZod(formData, { schema: ContactSchema });
  if (submission.status !== "success") {
    return data(submission.reply(), { status: 400 });
  }
  const user = context.get(userContext);
  receiveContactMessage(context.get(dbContext), submission.value, user?.id ?? null);
  // A redirect, so a reload does not send the message twice; ?sent=1 shows the success panel.
  return redirectWithToast(request, "/contact?sent=1", {
    variant: "success",
    title: "contact.toastTitle",
    description: "contact.toastText",
  });
}

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-2xl border border-line bg-surface p-5">
      <dt className="text-sm font-semibold text-brand-700 dark:text-brand-200">{title}</dt>
      <dd className="mt-1 font-medium">{children}</dd>
    </div>
  );
}

function SuccessPanel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // With JavaScript the form comes back by itself after 5 s; without, the link does it.
  useEffect(() => {
    const timer = setTimeout(() => navigate("/contact", { replace: true, preventScrollReset: true }), SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <div role="status" className="rounded-2xl border border-brand-200 bg-brand-50 px-6 py-10 text-center dark:border-brand-700 dark:bg-brand-800/40">
      <span className="mx-auto grid size-14 place-items-center rounded-full bg-brand-600 text-white">
        <svg viewBox="0 0 24 24" width="28" height="28" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M5 12.5l4.5 4.5L19 7.5" />
        </svg>
      </span>
      <h2 className="mt-4 text-2xl font-bold">{t("contact.sentTitle")}</h2>
      <p className="mt-2 text-fg-muted">{t("contact.sentText")}</p>
      <Link to="/contact" replace className="mt-6 inline-block rounded-xl border border-line bg-surface px-5 py-2.5 font-semibold hover:bg-muted">
        {t("contact.sendAnother")}
      </Link>
    </div>
  );
}

type ContactDefaults = Route.ComponentProps["loaderData"]["defaults"];

/** Its own component, so the form starts fresh (empty, no errors) each time it reappears. */
function ContactForm({ defaults, order, lastResult }: { defaults: ContactDefaults; order: string | null; lastResult: Route.ComponentProps["actionData"] }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [form, fields] = useForm<ContactInput>({
    id: "contact",
    lastResult,
    defaultValue: defaults,
    constraint: getZodConstraint(ContactSchema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ContactSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/contact") === true;
  return (
    <Form method="post" action="/contact" className="grid gap-4" {...getFormProps(form)}>
      {order ? <p className="rounded-lg bg-muted px-4 py-2 text-sm">{t("contact.orderNote", { order })}</p> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("contact.name")} errorId={fields.name.errorId} errors={fields.name.errors} {...getInputProps(fields.name, { type: "text" })} autoComplete="name" />
        <Field label={t("contact.email")} errorId={fields.email.errorId} errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} autoComplete="email" dir="ltr" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("contact.phone")} errorId={fields.phone.errorId} errors={fields.phone.errors} {...getInputProps(fields.phone, { type: "tel" })} autoComplete="tel" dir="ltr" />
        <Field label={t("contact.subject")} errorId={fields.subject.errorId} errors={fields.subject.errors} {...getInputProps(fields.subject, { type: "text" })} />
      </div>
      <div>
        <label htmlFor={fields.message.id} className="mb-1 block text-sm font-medium">
          {t("contact.message")}
        </label>
        <textarea
          {...getTextareaProps(fields.message)}
          rows={6}
          placeholder={t("contact.messagePlaceholder")}
          className="block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base aria-[invalid=true]:border-red-500"
        />
        <ErrorList id={fields.message.errorId} errors={fields.message.errors} />
      </div>
      {/* Honeypot: hidden from people and screen readers; bots fill it in. */}
      <div aria-hidden="true" className="sr-only">
        <label htmlFor="contact-website">{t("contact.honeypot")}</label>
        <input id="contact-website" type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <div role="alert">
        <ErrorList id={form.errorId} errors={form.errors} />
      </div>
      <SubmitButton pending={pending} pendingLabel={t("contact.pending")}>
        {t("contact.submit")}
      </SubmitButton>
    </Form>
  );
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { sent, defaults, order, faqValues } = loaderData;
  const { phone, email, address, hours } = loaderData.business;
  const hasInfo = Boolean(phone || email || address || hours);

  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-extrabold">{t("contact.title")}</h1>
        <p className="mt-2 text-lg text-fg-muted">{t("contact.lead")}</p>
      </header>

      {hasInfo ? (
        <dl className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="contact-info">
          {phone ? (
            <InfoCard title={t("contact.info.phoneTitle")}>
              <a href={phone.href} dir="ltr" className="hover:underline">
                {phone.label}
              </a>
            </InfoCard>
          ) : null}
          {email ? (
            <InfoCard title={t("contact.info.emailTitle")}>
              <a href={`mailto:${email}`} dir="ltr" className="break-all hover:underline">
                {email}
              </a>
            </InfoCard>
          ) : null}
          {address ? <InfoCard title={t("contact.info.addressTitle")}><bdi>{address}</bdi></InfoCard> : null}
          {hours ? <InfoCard title={t("contact.info.hoursTitle")}><bdi>{hours}</bdi></InfoCard> : null}
        </dl>
      ) : null}

      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="text-2xl font-bold">{t("contact.formTitle")}</h2>
          <p className="mt-1 text-fg-muted">{t("contact.formText")}</p>
          <div className="mt-6">
            {sent ? (
              <SuccessPanel />
            ) : (
              <ContactForm defaults={defaults} order={order} lastResult={actionData} />
            )}
          </div>
          <p className="mt-6 text-sm">
            {t("contact.aboutText")}{" "}
            <Link to="/about" className="font-semibold text-brand-700 hover:underline dark:text-brand-200">
              {t("contact.aboutLink")}
            </Link>
          </p>
        </section>

        <section aria-labelledby="contact-faq-title">
          <h2 id="contact-faq-title" className="text-2xl font-bold">{t("contact.faqTitle")}</h2>
          <div className="mt-4 grid gap-2">
            {topFaqEntries().map((entry) => (
              <details key={entry.id} name="contact-faq" className="group rounded-xl border border-line bg-surface">
                <summary className="flex cursor-pointer items-center justify-between gap-3 px-4 py-3 font-semibold">
                  {t(entry.question, faqValues)}
                  <span aria-hidden="true" className="text-lg leading-none text-fg-muted transition group-open:rotate-45">
                    +
                  </span>
                </summary>
                <p className="px-4 pb-4 text-sm leading-6 text-fg-muted">{t(entry.answer, faqValues)}</p>
              </details>
            ))}
          </div>
          <Link to="/faq" className="mt-4 inline-block font-semibold text-brand-700 hover:underline dark:text-brand-200">
            {t("contact.faqAll")}
          </Link>
        </section>
      </div>
    </div>
  );
}
