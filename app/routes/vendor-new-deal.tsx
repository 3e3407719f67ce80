import { useTranslation } from "~/components/use-translation";
import { requireVendor } from "~/auth/vendor-guard.server";
import { DealForm, DealPageErrorBoundary, errorTitle } from "~/components/deal-editor";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { createDeal } from "~/services/deal-editor.server";
import { emptyDealFormDefaults } from "~/domain/deal-schema";
import { readDealForm, saveDealForm } from "./deal-editor.server";
import type { Route } from "./+types/vendor-new-deal";

export function loader({ url, context }: Route.LoaderArgs) {
  requireVendor(context, url);
  const t = getTranslate(context);
  return { title: `${t("dealEditor.new.metaTitle")} | ${t("app.name")}`, defaults: emptyDealFormDefaults() };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [{ title: loaderData?.title ?? errorTitle(error) }];

export async function action({ request, url, context }: Route.ActionArgs) {
  const { user, vendor } = requireVendor(context, url);
  const form = await readDealForm(request, context);
  if (!(form instanceof FormData)) return form;
  return saveDealForm(
    request,
    context,
    form,
    (input, files) => createDeal(context.get(dbContext), { role: "VENDOR", userId: user.id, vendorId: vendor.id }, input, files),
    ({ deal }) => ({ url: `/vendor/deals/${deal.id}/edit`, title: "dealEditor.new.created", description: "dealEditor.new.createdText" }),
  );
}

export default function VendorNewDeal({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("dealEditor.new.title")}</h1>
      <p className="mt-2 text-fg-muted">{t("dealEditor.new.lead")}</p>
      <section aria-labelledby="publish-steps-title" className="mt-6 rounded-2xl border border-line bg-surface p-4" data-testid="publish-steps">
        <h2 id="publish-steps-title" className="font-bold">{t("backOffice.dealForm.steps.title")}</h2>
        <ol className="mt-2 grid list-decimal gap-1 ps-5 text-sm">
          <li>{t("backOffice.dealForm.steps.save")}</li>
          <li>{t("backOffice.dealForm.steps.send")}</li>
          <li>{t("backOffice.dealForm.steps.publish")}</li>
        </ol>
      </section>
      <div className="mt-8">
        <DealForm id="new-deal" defaults={loaderData.defaults} formResult={actionData} submitLabel={t("dealEditor.new.submit")} pendingLabel={t("dealEditor.new.pending")} />
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <DealPageErrorBoundary area="vendor" />;
}
