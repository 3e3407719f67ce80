import { useTranslation } from "~/components/use-translation";
import { Link } from "react-router";
import { requireAdmin } from "~/auth/admin-guard.server";
import { AdminNav } from "~/components/admin-nav";
import { DealActionForm, DealForm, DealImages, DealPageErrorBoundary, DealStatusBadge, DealSummary, errorTitle } from "~/components/deal-editor";
import { dbContext } from "~/context";
import { getInstance } from "~/middleware/i18next.server";
import type { DealEditor } from "~/services/deal-editor.server";
import { editDealAction, loadDealForEditing } from "./deal-editor.server";
import type { Route } from "./+types/admin-deal-edit";

function editorOf(context: Route.LoaderArgs["context"], request: Request): DealEditor {
  return { role: "ADMIN", userId: requireAdmin(context, request).id };
}

export function loader({ request, params, context }: Route.LoaderArgs) {
  const editor = editorOf(context, request);
  const t = getInstance(context).t;
  const found = loadDealForEditing(context, editor, params.id);
  return { ...found, title: `${found.deal.title} | ${t("adminDeals.editMetaTitle")}` };
}

export const meta: Route.MetaFunction = ({ loaderData, error }) => [{ title: loaderData?.title ?? errorTitle(error) }];

export async function action({ request, params, context }: Route.ActionArgs) {
  return editDealAction(request, context, editorOf(context, request), params.id, `/admin/deals/${params.id}/edit`);
}

export default function AdminDealEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { deal, canEdit, actions, defaults, vendorName } = loaderData;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <AdminNav current="deals" />
      <div className="mx-auto max-w-3xl">
        <Link to="/admin/deals" className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-200">
          <span aria-hidden="true" className="inline-block rtl:rotate-180">←</span> {t("adminDeals.backToDeals")}
        </Link>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold">{deal.title}</h1>
          <DealStatusBadge status={deal.status} submittedAt={deal.submittedAt} />
        </div>
        <p className="mt-1 text-fg-muted">{t("adminDeals.vendor")}: {vendorName}</p>
        {canEdit ? <p className="mt-1 text-sm text-fg-muted">{t("adminDeals.adminEditNote")}</p> : null}

        {actions.length > 0 ? (
          <div className="mt-6 flex flex-wrap items-start gap-3 rounded-2xl border border-line bg-surface p-4">
            {actions.map((action) => (
              <DealActionForm key={action} dealId={deal.id} action={action} />
            ))}
          </div>
        ) : null}

        <section className="mt-8" aria-labelledby="deal-images-title">
          <h2 id="deal-images-title" className="mb-3 text-lg font-bold">{t("dealEditor.edit.imagesTitle")}</h2>
          <DealImages images={deal.images} canEdit={canEdit} />
        </section>

        <div className="mt-8">
          {canEdit ? (
            <DealForm key={String(deal.updatedAt)} id="admin-edit-deal" defaults={defaults} formResult={actionData} submitLabel={t("dealEditor.edit.save")} pendingLabel={t("dealEditor.edit.pending")} />
          ) : (
            <DealSummary deal={deal}>
              <p className="mt-2 rounded-lg bg-muted px-3 py-2 text-sm">{t("dealEditor.edit.readOnly.archived")}</p>
            </DealSummary>
          )}
        </div>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <DealPageErrorBoundary area="admin" />;
}
