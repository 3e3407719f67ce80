// The one deal edit page, for an admin (/admin/deals/:id/edit) and for the deal's vendor
import { BackArrowIcon } from "./icons";
// (/vendor/deals/:id/edit): the heading and status, what may be done next, the pictures, and the
// form or, when the deal can no longer be edited, its summary. The two areas differ only in
// where "back" goes and in what each is told (the vendor's review note, the admin's vendor name).
import { Link } from "react-router";
import { useTranslation } from "~/components/use-translation";
import type { DealFormDefaults, DealContent } from "~/domain/deal-schema";
import type { DealAction } from "~/domain/deal-status";
import type { DealStatus } from "~/domain/enums";
import { DealChanges, type ShownDealChange } from "./deal-changes";
import { DealActionForm, DealForm, DealImages, DealStatusBadge, DealSummary, type DealFormResult } from "./deal-editor";

export interface EditedDeal extends DealContent {
  id: string;
  slug: string;
  status: DealStatus;
  submittedAt: Date | string | null;
  reviewNote: string | null;
  images: string[];
  updatedAt: Date | string;
}

export interface DealEditPageProps {
  area: "admin" | "vendor";
  deal: EditedDeal;
  canEdit: boolean;
  actions: DealAction[];
  defaults: DealFormDefaults;
  vendorName?: string | null;
  actionData?: DealFormResult;
  /** the admin's list of the deal's recent changes, each with its undo */
  changes?: ShownDealChange[];
}

/** Why a vendor cannot edit now: in review, live, ended or archived. */
function readOnlyReason(deal: Pick<EditedDeal, "status">) {
  return deal.status === "DRAFT" ? "inReview" : deal.status.toLowerCase();
}

export function DealEditPage({ area, deal, canEdit, actions, defaults, vendorName, actionData, changes }: DealEditPageProps) {
  const { t } = useTranslation();
  const admin = area === "admin";
  const page = (
    <>
      <Link to={admin ? "/admin/deals" : "/vendor/dashboard"} className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-200">
        <BackArrowIcon className="inline size-4 align-[-0.125em]" data-testid="back-arrow" /> {t(admin ? "adminDeals.backToDeals" : "dealEditor.edit.backToDashboard")}
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{deal.title}</h1>
        <DealStatusBadge status={deal.status} submittedAt={deal.submittedAt} />
      </div>
      {admin ? (
        <>
          <p className="mt-1 text-fg-muted">{t("adminDeals.vendor")}: {vendorName}</p>
          {canEdit ? <p className="mt-1 text-sm text-fg-muted">{t("adminDeals.adminEditNote")}</p> : null}
        </>
      ) : null}
      {!admin && (deal.status === "ACTIVE" || deal.status === "ENDED") ? (
        <Link to={`/deals/${deal.slug}`} className="mt-2 inline-block text-sm font-semibold text-brand-700 underline dark:text-brand-200">
          {t("dealEditor.edit.viewOnSite")}
        </Link>
      ) : null}
      {/* The address is made from the title and is no business of the farmer's (issue #49): a live
          deal has the link above; a draft has no page yet. */}

      {!admin && deal.reviewNote && canEdit ? (
        <div role="note" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-900/30 dark:text-amber-100" data-testid="review-note">
          <h2 className="font-bold">{t("dealEditor.edit.reviewNoteTitle")}</h2>
          <p className="mt-1 whitespace-pre-line">{deal.reviewNote}</p>
          <p className="mt-2 text-sm">{t("dealEditor.edit.reviewNoteText")}</p>
        </div>
      ) : null}

      {!admin && deal.status === "DRAFT" && deal.submittedAt ? (
        <p role="status" className="mt-6 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-900/30 dark:text-amber-100" data-testid="in-review-hint">
          {t("backOffice.dealForm.inReviewHint")}
        </p>
      ) : null}

      {actions.length > 0 ? (
        <div className="mt-6 rounded-2xl border border-line bg-surface p-4">
          {admin ? null : <h2 className="mb-3 text-lg font-bold">{t("dealEditor.edit.actionsTitle")}</h2>}
          {/* What "send for review" leads to, said before the button. */}
          {!admin && actions.includes("submit") ? <p className="mb-3 text-sm text-fg-muted" data-testid="send-hint">{t("backOffice.dealForm.sendHint")}</p> : null}
          <div className="flex flex-wrap items-start gap-3">
            {actions.map((action) => (
              <DealActionForm key={action} dealId={deal.id} action={action} dealTitle={deal.title} />
            ))}
          </div>
        </div>
      ) : null}

      <section className="mt-8" aria-labelledby="deal-images-title">
        <h2 id="deal-images-title" className="mb-3 text-lg font-bold">{t("dealEditor.edit.imagesTitle")}</h2>
        <DealImages images={deal.images} canEdit={canEdit} />
      </section>

      {!admin && canEdit && deal.status === "ACTIVE" ? (
        <p role="note" className="mt-6 rounded-2xl border border-line bg-muted p-4 text-sm" data-testid="live-edit-note">
          {t("dealEditor.edit.liveNote")}
        </p>
      ) : null}

      <div className="mt-8">
        {canEdit ? (
          <DealForm
            key={String(deal.updatedAt)}
            id={admin ? "admin-edit-deal" : "edit-deal"}
            defaults={defaults}
            formResult={actionData}
            submitLabel={t("dealEditor.edit.save")}
            pendingLabel={t("dealEditor.edit.pending")}
            showSlug={admin}
            image={deal.images[0] ?? null}
          />
        ) : (
          <DealSummary deal={deal}>
            <p className="mt-2 rounded-lg bg-muted px-3 py-2 text-sm" data-testid="read-only-reason">
              {t(`dealEditor.edit.readOnly.${admin ? "archived" : readOnlyReason(deal)}`)}
            </p>
          </DealSummary>
        )}
      </div>
      {admin && changes ? <DealChanges changes={changes} /> : null}
    </>
  );
  // The back office's layout brings the area's tabs. Wide enough for the form and its preview.
  return <section className="mx-auto max-w-5xl px-4 py-10">{page}</section>;
}
