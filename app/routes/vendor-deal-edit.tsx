import { useTranslation } from "~/components/use-translation";
import { Link } from "react-router";
import { requireVendor } from "~/auth/vendor-guard.server";
import { DealActionForm, DealForm, DealImages, DealPageErrorBoundary, DealStatusBadge, DealSummary, errorTitle } from "~/components/deal-editor";
import { dbContext } from "~/context";
import { getInstance } from "~/middleware/i18next.server";
import type { DealEditor } from "~/services/deal-editor.server";
import { editDealAction, loadDealForEditing } from "./deal-editor.server";
import type { Route } from "./+types/vendor-deal-edit";

function editorOf(context: Route.LoaderArgs["context"], request: Request): DealEditor {
  const { user, vendor } = requireVendor(context, request);
  return { role: "VENDOR", userId: user.id, vendorId: vendor.id };
}

export function loader({ request, params, context }: Route.LoaderArgs) {
  const editor = editorOf(context, request);
  const t = getInstance(context).t;
  const found = loadDealForEditing(context, editor, params.id);
  return { ...found, title: `${t("dealEditor.edit.metaTitle")}: ${found.deal.title} | ${t("app.name")}` };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [{ title: loaderData?.title ?? errorTitle(error) }];

export async function action({ request, params, context }: Route.ActionArgs) {
  return editDealAction(request, context, editorOf(context, request), params.id, `/vendor/deals/${params.id}/edit`);
}

/** Why a vendor cannot edit now: in review, live, ended or archived. */
function readOnlyReason(deal: { status: string; submittedAt: Date | null }) {
  if (deal.status === "DRAFT") return "inReview";
  return deal.status.toLowerCase();
}

export default function VendorDealEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { deal, canEdit, actions, defaults } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-10">
      <Link to="/vendor/dashboard" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-200">
        <span aria-hidden="true" className="inline-block rtl:rotate-180">←</span> {t("dealEditor.edit.backToDashboard")}
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{deal.title}</h1>
        <DealStatusBadge status={deal.status} submittedAt={deal.submittedAt} />
      </div>
      {deal.status === "ACTIVE" || deal.status === "ENDED" ? (
        <Link to={`/deals/${deal.slug}`} className="mt-2 inline-block text-sm font-semibold text-brand-700 underline dark:text-brand-200">
          {t("dealEditor.edit.viewOnSite")}
        </Link>
      ) : null}

      {deal.reviewNote && canEdit ? (
        <div role="note" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-900/30 dark:text-amber-100" data-testid="review-note">
          <h2 className="font-bold">{t("dealEditor.edit.reviewNoteTitle")}</h2>
          <p className="mt-1 whitespace-pre-line">{deal.reviewNote}</p>
          <p className="mt-2 text-sm">{t("dealEditor.edit.reviewNoteText")}</p>
        </div>
      ) : null}

      {actions.length > 0 ? (
        <div className="mt-6 rounded-2xl border border-line bg-surface p-4">
          <h2 className="text-lg font-bold">{t("dealEditor.edit.actionsTitle")}</h2>
          <div className="mt-3 flex flex-wrap gap-3">
            {actions.map((action) => (
              <DealActionForm key={action} dealId={deal.id} action={action} />
            ))}
          </div>
        </div>
      ) : null}

      <section className="mt-8" aria-labelledby="deal-images-title">
        <h2 id="deal-images-title" className="mb-3 text-lg font-bold">{t("dealEditor.edit.imagesTitle")}</h2>
        <DealImages images={deal.images} canEdit={canEdit} />
      </section>

      <div className="mt-8">
        {canEdit ? (
          <DealForm key={String(deal.updatedAt)} id="edit-deal" defaults={defaults} formResult={actionData} submitLabel={t("dealEditor.edit.save")} pendingLabel={t("dealEditor.edit.pending")} />
        ) : (
          <DealSummary deal={deal}>
            <p className="mt-2 rounded-lg bg-muted px-3 py-2 text-sm" data-testid="read-only-reason">{t(`dealEditor.edit.readOnly.${readOnlyReason(deal)}`)}</p>
          </DealSummary>
        )}
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <DealPageErrorBoundary area="vendor" />;
}
