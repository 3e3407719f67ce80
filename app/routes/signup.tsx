import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { usePickupWhen } from "~/components/pickup-point";
import { shownPickupPoint } from "~/domain/pickup-point";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useTranslation } from "~/components/use-translation";
import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import { requireAnonymous } from "~/auth/guards.server";
import { hitRateLimit, rateLimitKeys } from "~/auth/rate-limit.server";
import { startWebSession } from "~/auth/session.server";
import { ErrorList, Field, SelectField, SubmitButton } from "~/components/ui/field";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { SignupFormSchema, VendorSignupFormSchema } from "~/domain/account-schemas";
import { listCommunities } from "~/services/communities.server";
import { ServiceError } from "~/domain/errors";
import { safeRedirect } from "~/web/safe-redirect";
import { redirectWithToast } from "~/web/toast.server";
import { resolveInvite } from "~/services/referrals.server";
import { registerUser } from "~/auth/accounts.server";
import { isolateForeignText } from "~/domain/bidi";
import type { Route } from "./+types/signup";
import { readForm } from "~/web/form.server";
import { externalSignInName } from "~/auth/external-sign-in.server";

export function loader({ url, context }: Route.LoaderArgs) {
  requireAnonymous(context);
  const t = getTranslate(context);
  const communities = listCommunities(context.get(dbContext)).map((c) => ({
    id: c.id,
    name: c.name,
    // Its first pickup point: where and when the option says she would collect.
    firstPoint: c.pickupPoints[0] ? shownPickupPoint(c.pickupPoints[0]) : null,
  }));
  // Arriving from a neighbour's link (/invite/CODE): their community comes preselected.
  const invite = resolveInvite(context.get(dbContext), url.searchParams.get("ref"));
  // /signup?as=vendor: a farmer on her way to the vendor application needs no community (#45).
  const asVendor = url.searchParams.get("as") === "vendor";
  return { title: `${t("auth.signupTitle")} | ${t("app.name")}`, communities, invite, externalProvider: externalSignInName(), asVendor };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const asVendor = formData.get("as") === "vendor";
  const submission = parseWithZod(formData, { schema: asVendor ? VendorSignupFormSchema : SignupFormSchema });
  const hideFields = ["password", "confirmPassword"];
  if (submission.status !== "success") {
    return data(submission.reply({ hideFields }), { status: 400 });
  }
  const db = context.get(dbContext);
  const limit = hitRateLimit(db, "signup", rateLimitKeys(context));
  if (!limit.allowed) {
    const message = getTranslate(context)("errors.tooManyAttempts", { minutes: limit.retryAfterMinutes });
    return data(submission.reply({ formErrors: [message], hideFields }), { status: 429 });
  }
  try {
    const { email, password, firstName, lastName, redirectTo } = submission.value;
    const communityId = "communityId" in submission.value && typeof submission.value.communityId === "string" ? submission.value.communityId : null;
    const user = await registerUser(db, { email, password, firstName, lastName, communityId }, { refCode: formData.get("refCode") });
    const cookie = await startWebSession(db, user.id);
    // A farmer goes on to her application; a shopper without a community chooses one first.
    const next = asVendor ? safeRedirect(redirectTo, "/vendor#apply") : user.communityId ? safeRedirect(redirectTo) : "/onboarding/community";
    return redirectWithToast(
      request,
      next,
      { variant: "success", title: "auth.welcome", values: { name: user.firstName ?? email } },
      { headers: { "Set-Cookie": cookie } },
    );
  } catch (error) {
    if (error instanceof ServiceError && error.field) {
      return data(submission.reply({ fieldErrors: { [error.field]: [error.messageKey] }, hideFields }), {
        status: error.status,
      });
    }
    throw error;
  }
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const pickupWhen = usePickupWhen();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const { invite, asVendor } = loaderData;
  // Typed as the shopper's form (the fields the page names); the vendor's has one field less.
  const schema = (asVendor ? VendorSignupFormSchema : SignupFormSchema) as typeof SignupFormSchema;
  const [form, fields] = useForm({
    id: "signup",
    lastResult: actionData,
    defaultValue: invite ? { communityId: invite.community.id } : undefined,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state !== "idle" && navigation.formAction?.startsWith("/signup") === true;
  const link = "font-semibold text-brand-700 underline dark:text-brand-200";

  return (
    <section className="mx-auto max-w-lg px-4 py-12">
      <h1 className="text-3xl font-bold">{t(asVendor ? "auth.vendorSignup.title" : "auth.signupTitle")}</h1>
      <p className="mt-1 text-fg-muted">{t(asVendor ? "auth.vendorSignup.subtitle" : "auth.signupSubtitle")}</p>
      {invite ? (
        <p className="mt-4 rounded-xl bg-brand-50 px-4 py-3 text-sm dark:bg-brand-800/40" data-testid="signup-invite">
          {t("referrals.signupNote", { name: invite.inviterFirstName, community: invite.community.name })}
        </p>
      ) : null}
      {loaderData.communities.length === 0 && !asVendor ? (
        // A new market: every member belongs to a community, and only an admin opens one.
        <p role="status" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="signup-no-communities">
          {t("auth.noCommunities")}
        </p>
      ) : null}

      <Form method="post" className="mt-8 grid gap-4" {...getFormProps(form)}>
        <input type="hidden" name="redirectTo" value={params.get("redirect") ?? ""} />
        {asVendor ? <input type="hidden" name="as" value="vendor" /> : null}
        {invite ? <input type="hidden" name="refCode" value={invite.refCode} /> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("auth.firstName")} errorId={fields.firstName.errorId} errors={fields.firstName.errors} {...getInputProps(fields.firstName, { type: "text" })} autoComplete="given-name" />
          <Field label={t("auth.lastName")} errorId={fields.lastName.errorId} errors={fields.lastName.errors} {...getInputProps(fields.lastName, { type: "text" })} autoComplete="family-name" />
        </div>
        <Field label={t("auth.email")} errorId={fields.email.errorId} errors={fields.email.errors} {...getInputProps(fields.email, { type: "email" })} autoComplete="email" placeholder={t("auth.emailPlaceholder")} dir="ltr" />
        <Field label={t("auth.password")} hint={t("auth.passwordHint")} errorId={fields.password.errorId} errors={fields.password.errors} {...getInputProps(fields.password, { type: "password" })} autoComplete="new-password" dir="ltr" />
        <Field label={t("auth.confirmPassword")} errorId={fields.confirmPassword.errorId} errors={fields.confirmPassword.errors} {...getInputProps(fields.confirmPassword, { type: "password" })} autoComplete="new-password" dir="ltr" />
        {asVendor ? null : (
          <SelectField label={t("auth.community")} hint={t("auth.communityHint")} errorId={fields.communityId.errorId} errors={fields.communityId.errors} {...getSelectProps(fields.communityId)}>
            <option value="">{t("auth.chooseCommunity")}</option>
            {loaderData.communities.map((c) => (
              // One string: the community's name in its own direction, then its first pickup point,
              // where and when (issues #16 and #45).
              <option key={c.id} value={c.id}>
                {[isolateForeignText(c.name, i18n.language), ...(c.firstPoint ? [isolateForeignText(c.firstPoint.address, i18n.language), pickupWhen(c.firstPoint)] : [])].join(" · ")}
              </option>
            ))}
          </SelectField>
        )}
        <div>
          <label className="flex items-start gap-2 text-sm">
            <input {...getInputProps(fields.acceptTerms, { type: "checkbox" })} value="on" className="mt-1 size-4 accent-brand-600" />
            <span>
              {t("auth.acceptTermsBefore")}
              <Link to="/terms" className={link}>{t("auth.terms")}</Link>
              {t("auth.and")}
              <Link to="/privacy" className={link}>{t("auth.privacy")}</Link>
            </span>
          </label>
          <ErrorList id={fields.acceptTerms.errorId} errors={fields.acceptTerms.errors} />
        </div>
        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <SubmitButton pending={pending} pendingLabel={t("auth.signupPending")}>
          {t("auth.signupSubmit")}
        </SubmitButton>
      </Form>

      <p className="mt-6 text-sm">
        {t("auth.haveAccount")}{" "}
        <Link to="/login" className="font-semibold text-brand-700 hover:underline dark:text-brand-200">{t("auth.loginLink")}</Link>
      </p>
      {/* Only when external sign-in is configured (#45): otherwise the button could only fail. */}
      {loaderData.externalProvider ? (
        <a href="/api/login" data-testid="external-sign-in" className="mt-4 block rounded-lg border border-line px-4 py-3 text-center font-medium hover:bg-muted">
          {t("auth.externalTitle", { provider: loaderData.externalProvider })}
        </a>
      ) : null}
    </section>
  );
}
