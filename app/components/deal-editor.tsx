// The deal editor's pieces, shared by the vendor pages and the admin pages: the form (one
// component for new and edit), the status badge, the read-only summary, the picture list with
// remove buttons, and the status buttons. Every form is a plain POST that works without script.
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState, type ReactNode } from "react";
import { useTranslation } from "~/components/use-translation";
import { Form, isRouteErrorResponse, Link, useActionData, useNavigation, useRouteError } from "react-router";
import { dealActionNeedsConfirmation } from "~/domain/confirm";
import { Confirm } from "./confirm";
import { CATEGORIES, type DealStatus } from "~/domain/enums";
import { DEAL_UNIT_MAX, DealFormSchema, type DealContent, type DealFormDefaults } from "~/domain/deal-schema";
import { ladderRowText, priceLadder, type LadderStep } from "~/domain/deal-preview";
import { DEAL_UNITS, OTHER_UNIT, unitChoiceOf, unitFromChoice, unitLabel, withUnitFromChoice } from "~/locales/units";
import { useHydrated } from "./use-hydrated";
import type { DealAction } from "~/domain/deal-status";
import { IMAGE_CONTENT_TYPES, looksLikeHeif, MAX_IMAGE_BYTES } from "~/domain/image-upload";
import { formatShekel } from "~/domain/money";
import { ErrorList, Field, SelectField, SubmitButton } from "./ui/field";
import { Price } from "./price";

const controlClass = "block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base aria-[invalid=true]:border-red-500";

/** What an editor action answers when the form comes back: conform's result, and a refused picture. */
export interface DealFormResult {
  result?: SubmissionResult<string[]>;
  /** already worded (it names the file), shown as is */
  imageError?: string;
  /** an end or archive that came without its confirmation: ask again */
  confirm?: { dealId: string; action: DealAction };
}

/** A draft waiting for an admin shows as "in review", a status of its own to people. */
export function DealStatusBadge({ status, submittedAt }: { status: DealStatus; submittedAt: Date | string | null }) {
  const { t } = useTranslation();
  const shown = status === "DRAFT" && submittedAt ? "IN_REVIEW" : status;
  const tone = {
    DRAFT: "bg-muted text-fg",
    IN_REVIEW: "bg-amber-100 text-amber-900",
    ACTIVE: "bg-brand-100 text-brand-800",
    ENDED: "bg-sky-100 text-sky-900",
    ARCHIVED: "bg-purple-100 text-purple-900",
  }[shown];
  return (
    <span className={`inline-block whitespace-nowrap status-badge ${tone}`} data-testid="deal-status">
      {t(`dealEditor.status.${shown}`)}
    </span>
  );
}

type DealFormValues = DealFormDefaults & { unitChoice: string; unitOther: string };

/** A picture chosen in the file field, shown before it is sent (JavaScript only). */
interface ChosenPicture {
  name: string;
  url: string;
}

export function DealForm({
  id,
  defaults,
  formResult,
  submitLabel,
  pendingLabel,
  showSlug = false,
  image,
}: {
  id: string;
  defaults: DealFormDefaults;
  formResult?: DealFormResult;
  submitLabel: string;
  pendingLabel: string;
  /** admins may set the deal's address by hand; a vendor never sees it (it is made from the title) */
  showSlug?: boolean;
  /** the deal's first saved picture, for the card preview */
  image?: string | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<ChosenPicture[]>([]);
  const [form, fields] = useForm<DealFormValues>({
    id,
    lastResult: formResult?.result,
    defaultValue: { ...defaults, ...unitChoiceOf(defaults.unit) },
    constraint: getZodConstraint(DealFormSchema),
    // The schema reads money and tier rows from text (its input type is unknown there); the
    // fields are typed as the text the form holds. The unit comes from the list (or "other").
    onValidate: ({ formData }) => parseWithZod(withUnitFromChoice(formData), { schema: DealFormSchema }) as unknown as Submission<DealFormValues>,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const tierRows = fields.tiers.getFieldList();
  const imagesId = `${id}-images`;
  const unitChoice = fields.unitChoice.value ?? "";
  const unitText = unitFromChoice(unitChoice, fields.unitOther.value ?? "");
  const unitInvalid = Boolean(fields.unit.errors?.length);
  const ladder = priceLadder(
    fields.basePrice.value ?? "",
    tierRows.map((row) => {
      const tier = row.getFieldset();
      return { thresholdQty: tier.thresholdQty.value, unitPrice: tier.unitPrice.value };
    }),
  );
  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_18rem] lg:items-start">
      <Form method="post" encType="multipart/form-data" className="grid min-w-0 gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="save" />
        <Field label={t("dealEditor.fields.title")} errorId={fields.title.errorId} errors={fields.title.errors} placeholder={t("dealEditor.fields.titlePlaceholder")} {...getInputProps(fields.title, { type: "text" })} />
        {showSlug ? (
          <Field label={t("dealEditor.fields.slug")} hint={t("dealEditor.fields.slugHint")} errorId={fields.slug.errorId} errors={fields.slug.errors} {...getInputProps(fields.slug, { type: "text" })} />
        ) : null}
        <div>
          <label htmlFor={fields.description.id} className="mb-1 block text-sm font-medium">
            {t("dealEditor.fields.description")}
          </label>
          <textarea {...getTextareaProps(fields.description)} rows={5} placeholder={t("dealEditor.fields.descriptionPlaceholder")} className={controlClass} />
          <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={t("dealEditor.fields.category")} errorId={fields.category.errorId} errors={fields.category.errors} {...getSelectProps(fields.category)}>
            <option value="">{t("dealEditor.fields.categoryPlaceholder")}</option>
            {CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {t(`categories.${category}`)}
              </option>
            ))}
          </SelectField>
          <div className="grid gap-2">
            {/* The unit's errors are the schema's "unit" field, made from these two. */}
            <div>
              <label htmlFor={fields.unitChoice.id} className="mb-1 block text-sm font-medium">{t("backOffice.dealForm.unit")}</label>
              <select
                {...getSelectProps(fields.unitChoice)}
                required
                aria-invalid={unitInvalid || undefined}
                aria-describedby={unitInvalid ? fields.unit.errorId : undefined}
                className={controlClass}
                data-testid="unit-select"
              >
                <option value="">{t("backOffice.dealForm.unitPlaceholder")}</option>
                {DEAL_UNITS.map((unit) => (
                  <option key={unit.code} value={unit.code}>{t(`backOffice.units.${unit.code}`)}</option>
                ))}
                <option value={OTHER_UNIT}>{t("backOffice.units.other")}</option>
              </select>
              <ErrorList id={fields.unit.errorId} errors={fields.unit.errors} />
            </div>
            {/* Without JavaScript the box is always there; with it, only for "other". */}
            <div hidden={hydrated && unitChoice !== OTHER_UNIT}>
              <label htmlFor={fields.unitOther.id} className="mb-1 block text-sm font-medium">{t("backOffice.dealForm.unitOther")}</label>
              <input {...getInputProps(fields.unitOther, { type: "text" })} maxLength={DEAL_UNIT_MAX} className={controlClass} dir="auto" />
              {hydrated ? null : <p className="mt-1 text-xs text-fg-muted">{t("backOffice.dealForm.unitOtherHint")}</p>}
            </div>
          </div>
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field label={t("dealEditor.fields.basePrice")} hint={t("dealEditor.fields.basePriceHint")} errorId={fields.basePrice.errorId} errors={fields.basePrice.errors} inputMode="decimal" dir="ltr" {...getInputProps(fields.basePrice, { type: "text" })} />
          <Field label={t("dealEditor.fields.minQty")} errorId={fields.minQty.errorId} errors={fields.minQty.errors} dir="ltr" {...getInputProps(fields.minQty, { type: "number" })} />
          <Field label={t("dealEditor.fields.maxQty")} errorId={fields.maxQty.errorId} errors={fields.maxQty.errors} dir="ltr" {...getInputProps(fields.maxQty, { type: "number" })} />
        </div>
        <div className="max-w-md" data-testid="stock-field">
          <Field label={t("dealEditor.fields.stock")} hint={t("dealEditor.fields.stockHint")} errorId={fields.stock.errorId} errors={fields.stock.errors} dir="ltr" min={0} {...getInputProps(fields.stock, { type: "number" })} required={false} />
          <input {...getInputProps(fields.stockShown, { type: "hidden" })} />
        </div>

        <fieldset className="rounded-2xl border border-line p-4">
          <legend className="px-1 text-sm font-semibold">{t("dealEditor.fields.tiersTitle")}</legend>
          <p className="text-sm text-fg-muted">{t("dealEditor.fields.tiersHint")}</p>
          <ErrorList id={fields.tiers.errorId} errors={fields.tiers.errors} />
          <div className="mt-3 grid gap-3">
            {tierRows.map((row, index) => {
              const tier = row.getFieldset();
              return (
                <div key={row.key} className="grid gap-3 sm:grid-cols-[6rem_1fr_1fr] sm:items-start" data-testid="tier-row">
                  <span className="pt-1 text-sm font-medium sm:pt-9">{t("dealEditor.fields.tierRow", { n: index + 1 })}</span>
                  {/* Empty rows are fine: required comes off so the browser lets them through. */}
                  <Field label={t("dealEditor.fields.tierQty")} errorId={tier.thresholdQty.errorId} errors={tier.thresholdQty.errors} dir="ltr" {...getInputProps(tier.thresholdQty, { type: "number" })} required={false} />
                  <Field label={t("dealEditor.fields.tierPrice")} errorId={tier.unitPrice.errorId} errors={tier.unitPrice.errors} inputMode="decimal" dir="ltr" {...getInputProps(tier.unitPrice, { type: "text" })} required={false} />
                </div>
              );
            })}
          </div>
        </fieldset>

        <ImageInput id={imagesId} error={formResult?.imageError} chosen={chosen} onChoose={setChosen} />

        <div role="alert">
          <ErrorList id={form.errorId} errors={form.errors} />
        </div>
        <SubmitButton pending={pending} pendingLabel={pendingLabel}>
          {submitLabel}
        </SubmitButton>
      </Form>
      <DealPreview
        title={fields.title.value ?? ""}
        unit={unitText}
        ladder={ladder}
        image={chosen[0]?.url || image || null}
      />
    </div>
  );
}

/**
 * What the shopper will see, as typed so far: the price ladder and the card in the shop. It
 * starts from the saved values (so it is right without JavaScript too) and follows the form
 * with it. Not a real card: nothing in it can be clicked.
 */
function DealPreview({ title, unit, ladder, image }: { title: string; unit: string; ladder: LadderStep[]; image: string | null }) {
  const { t, i18n } = useTranslation();
  const price = (agorot: number) => formatShekel(agorot, i18n.language);
  // After a count: "3 jars" (the plural), "1 jar"; per unit, the name alone.
  const unitName = (count?: number) => (unit ? unitLabel(unit, i18n.language, count) : t(count !== undefined && count !== 1 ? "backOffice.unitsPlural.unit" : "backOffice.units.unit"));
  const tiers = ladder.slice(1);
  const ladderText = (step: LadderStep) => {
    const { key, values } = ladderRowText(step);
    return t(`backOffice.dealForm.${key}`, { ...values, unit: unitName(values.to ?? values.qty) });
  };
  return (
    <aside aria-labelledby="deal-preview-title" className="grid gap-4 lg:sticky lg:top-4" data-testid="deal-preview">
      <h2 id="deal-preview-title" className="text-lg font-bold">{t("backOffice.dealForm.previewTitle")}</h2>
      <section className="rounded-2xl border border-line bg-surface p-4" aria-labelledby="ladder-title">
        <h3 id="ladder-title" className="text-sm font-semibold">{t("backOffice.dealForm.ladderTitle")}</h3>
        {ladder.length === 0 ? (
          <p className="mt-2 text-sm text-fg-muted">{t("backOffice.dealForm.ladderEmpty")}</p>
        ) : (
          <ol className="mt-2 grid gap-1 text-sm" data-testid="price-ladder">
            {ladder.map((step) => (
              <li key={step.from} className="flex justify-between gap-3 rounded-lg bg-muted px-3 py-1.5">
                <span>
                  <bdi>{ladderText(step)}</bdi>
                </span>
                <span className="font-semibold tabular-nums">{price(step.unitPrice)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="card-preview-title">
        <h3 id="card-preview-title" className="mb-2 text-sm font-semibold">{t("backOffice.dealForm.cardTitle")}</h3>
        <div className="overflow-hidden rounded-2xl border border-line bg-surface" inert data-testid="card-preview">
          <img src={image ?? "/images/produce/placeholder.svg"} alt="" width={400} height={300} className="aspect-[4/3] w-full object-cover" data-testid="card-preview-image" />
          <div className="grid gap-2 p-4">
            <p className="font-semibold leading-snug" dir="auto">{title.trim() || t("backOffice.dealForm.cardUntitled")}</p>
            {ladder[0] ? (
              <p className="flex flex-wrap items-baseline gap-x-2">
                <span className="text-xl font-bold text-brand-700 dark:text-brand-200">{price(ladder[0].unitPrice)}</span>
                <span className="text-sm text-fg-muted">{t("shop.price.perUnit", { unit: unitName() })}</span>
              </p>
            ) : null}
            {tiers.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5">
                {tiers.slice(0, 3).map((step) => (
                  <li key={step.from} className="rounded-lg bg-muted px-2 py-1 text-xs">
                    {/* In the deal's own unit ("from 2 bags of 2 kg"), not "units" (issue #49). */}
                    <bdi>{t("backOffice.dealForm.ladderFrom", { qty: step.from, unit: unitName(step.from) })}</bdi> · {price(step.unitPrice)}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        </div>
      </section>
    </aside>
  );
}

/**
 * The file field as our own control: a label styled as a button (in the page's language), the
 * names of the chosen files and, with JavaScript, a preview of each. The real input stays in the
 * form, visually hidden but focusable; without JavaScript it is shown as the browser draws it
 * (nothing else would tell which file was chosen). Pictures are checked by their bytes on the
 * server; `accept` only helps the picker.
 */
export function ImageInput({ id, error, chosen = [], onChoose }: { id: string; error?: string; chosen?: ChosenPicture[]; onChoose?: (pictures: ChosenPicture[]) => void }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  // A file the server would refuse is named when it is picked, not after a long upload (#45):
  // the choice is cleared so the form cannot send it. The server checks again (script off).
  const [pickError, setPickError] = useState<string | null>(null);
  const shownError = pickError ?? error;
  const pickProblem = (files: File[]): string | null => {
    for (const file of files) {
      if (looksLikeHeif(file)) return t("dealEditor.images.heic", { name: file.name });
      if (file.size > MAX_IMAGE_BYTES) return t("dealEditor.images.tooBig", { name: file.name });
    }
    return null;
  };
  // Read as data: addresses (the page's CSP allows them for pictures), in the order chosen.
  const choose = (files: File[]) => {
    if (!onChoose) return;
    Promise.all(
      files.map(
        (file) =>
          new Promise<ChosenPicture>((resolve) => {
            const reader = new FileReader();
            reader.onload = () => resolve({ name: file.name, url: typeof reader.result === "string" ? reader.result : "" });
            reader.onerror = () => resolve({ name: file.name, url: "" });
            reader.readAsDataURL(file);
          }),
      ),
    ).then(onChoose);
  };
  return (
    <div>
      <span className="mb-1 block text-sm font-medium" id={`${id}-label`}>{t("dealEditor.fields.images")}</span>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={id}
          type="file"
          name="images"
          multiple
          accept={Object.values(IMAGE_CONTENT_TYPES).join(",")}
          aria-labelledby={`${id}-label`}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? errorId : hintId}
          onChange={(event) => {
            const files = [...(event.currentTarget.files ?? [])];
            const problem = pickProblem(files);
            setPickError(problem);
            if (problem) {
              event.currentTarget.value = "";
              choose([]);
            } else choose(files);
          }}
          className={hydrated ? "peer sr-only" : "block w-full rounded-lg border border-dashed border-line bg-surface px-3 py-2.5 text-sm"}
          data-testid="image-input"
        />
        {hydrated ? (
          <>
            <label
              htmlFor={id}
              id={`${id}-button`}
              className="cursor-pointer rounded-lg border border-brand-600 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 peer-focus-visible:ring-2 peer-focus-visible:ring-brand-600 dark:text-brand-200 dark:hover:bg-brand-800"
            >
              {t("backOffice.dealForm.choosePictures")}
            </label>
            <span className="min-w-0 text-sm text-fg-muted" aria-live="polite" data-testid="image-names">
              {chosen.length === 0 ? t("backOffice.dealForm.noPicture") : (
                <>
                  {t("backOffice.dealForm.chosen", { count: chosen.length })} <bdi className="break-all">{chosen.map((picture) => picture.name).join(", ")}</bdi>
                </>
              )}
            </span>
          </>
        ) : null}
      </div>
      {chosen.length > 0 ? (
        <ul className="mt-3 grid grid-cols-3 gap-2 sm:grid-cols-4" data-testid="image-previews">
          {chosen.map((picture, index) => (
            <li key={`${index}-${picture.name}`}>
              <img src={picture.url} alt={t("backOffice.dealForm.previewAlt", { name: picture.name })} className="aspect-[4/3] w-full rounded-lg border border-line object-cover" />
            </li>
          ))}
        </ul>
      ) : null}
      {shownError ? (
        <p id={errorId} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300" data-testid="image-error">
          {shownError}
        </p>
      ) : (
        <p id={hintId} className="mt-1 text-xs text-fg-muted">{t("dealEditor.fields.imagesHint")}</p>
      )}
    </div>
  );
}

/** The deal's pictures, each with its own remove form when the deal can be edited. */
export function DealImages({ images, canEdit }: { images: string[]; canEdit: boolean }) {
  const { t } = useTranslation();
  if (images.length === 0) return <p className="text-sm text-fg-muted">{t("dealEditor.edit.noImages")}</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="deal-images">
      {images.map((src, index) => (
        <li key={src} className="grid gap-2 rounded-xl border border-line bg-surface p-2">
          <img src={src} alt={t("dealEditor.edit.imageAlt", { n: index + 1 })} width={240} height={180} loading="lazy" className="aspect-[4/3] w-full rounded-lg object-cover" />
          {canEdit ? (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="removeImage" />
              <input type="hidden" name="url" value={src} />
              <button type="submit" aria-label={t("dealEditor.edit.removeImageLabel", { n: index + 1 })} className="w-full rounded-lg border border-line px-2 py-1 text-sm hover:bg-muted">
                {t("dealEditor.edit.removeImage")}
              </button>
            </Form>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

const actionTone: Record<DealAction, string> = {
  submit: "bg-brand-600 text-white hover:bg-brand-700",
  activate: "bg-brand-600 text-white hover:bg-brand-700",
  sendBack: "border border-line hover:bg-muted",
  // end and archive ask first (a <Confirm>); these tones are not used for them.
  end: "",
  archive: "",
};

/**
 * One status button. `sendBack` carries its required note (the browser insists on it even
 * without script; the server checks again).
 */
export function DealActionForm({
  dealId,
  action,
  redirectTo,
  compact = false,
  dealTitle,
}: {
  dealId: string;
  action: DealAction;
  redirectTo?: string;
  compact?: boolean;
  dealTitle?: string;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  // The server sends the page back with this when an end or archive came without the confirmation.
  const refused = (useActionData() as DealFormResult | undefined)?.confirm;
  if (dealActionNeedsConfirmation(action)) {
    return (
      <Confirm
        label={t(`dealEditor.actions.${action}`)}
        title={t(`backOffice.confirm.${action}.title`, { title: dealTitle ?? "" })}
        text={t(`backOffice.confirm.${action}.text`)}
        confirmLabel={t(`backOffice.confirm.${action}.yes`)}
        cancelLabel={t("backOffice.confirm.cancel")}
        open={refused?.dealId === dealId && refused.action === action}
        testId={`deal-action-${action}`}
      >
        <input type="hidden" name="intent" value="action" />
        <input type="hidden" name="dealId" value={dealId} />
        <input type="hidden" name="action" value={action} />
        {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      </Confirm>
    );
  }
  const pending = navigation.state !== "idle" && navigation.formData?.get("action") === action && navigation.formData?.get("dealId") === dealId;
  const noteId = `note-${dealId}`;
  return (
    <Form method="post" preventScrollReset className={action === "sendBack" ? "grid gap-2" : "inline-block"} data-testid={`deal-action-${action}`}>
      <input type="hidden" name="intent" value="action" />
      <input type="hidden" name="dealId" value={dealId} />
      <input type="hidden" name="action" value={action} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      {action === "sendBack" ? (
        <div>
          <label htmlFor={noteId} className="mb-1 block text-sm font-medium">
            {t("adminDeals.noteLabel")}
          </label>
          <textarea id={noteId} name="note" required minLength={3} maxLength={1000} rows={2} placeholder={t("adminDeals.notePlaceholder")} className={controlClass} />
        </div>
      ) : null}
      <button type="submit" disabled={pending} aria-busy={pending} className={`rounded-lg font-semibold disabled:opacity-70 ${compact ? "px-3 py-1.5 text-sm" : "px-4 py-2.5"} ${actionTone[action]}`}>
        {t(`dealEditor.actions.${action}`)}
      </button>
    </Form>
  );
}

/** The deal's content, read-only (while in review, live or ended). */
export function DealSummary({ deal, children }: { deal: DealContent; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  const row = "grid grid-cols-[9rem_1fr] gap-3 py-2";
  return (
    <section className="rounded-2xl border border-line bg-surface p-5" data-testid="deal-summary">
      <h2 className="text-lg font-bold">{t("dealEditor.edit.readOnlyTitle")}</h2>
      {children}
      <dl className="mt-3 divide-y divide-line text-sm">
        <div className={row}><dt className="text-fg-muted">{t("dealEditor.fields.title")}</dt><dd className="font-semibold">{deal.title}</dd></div>
        <div className={row}><dt className="text-fg-muted">{t("dealEditor.fields.description")}</dt><dd className="whitespace-pre-line">{deal.description}</dd></div>
        <div className={row}><dt className="text-fg-muted">{t("dealEditor.fields.category")}</dt><dd>{t(`categories.${deal.category}`)}</dd></div>
        <div className={row}><dt className="text-fg-muted">{t("dealEditor.fields.unit")}</dt><dd>{unitLabel(deal.unit, i18n.language)}</dd></div>
        <div className={row}><dt className="text-fg-muted">{t("dealEditor.fields.basePrice")}</dt><dd><Price agorot={deal.basePrice} /></dd></div>
        <div className={row}><dt className="text-fg-muted">{t("dealEditor.fields.maxQty")}</dt><dd>{t("dealEditor.edit.qtyRange", { min: deal.minQty, max: deal.maxQty })}</dd></div>
        <div className={row}><dt className="text-fg-muted">{t("dealEditor.fields.stock")}</dt><dd>{deal.stock === null ? t("dealEditor.edit.stockNone") : deal.stock}</dd></div>
        <div className={row}>
          <dt className="text-fg-muted">{t("dealEditor.fields.tiersTitle")}</dt>
          <dd>
            {deal.tiers.length === 0 ? (
              t("dealEditor.edit.tiersNone")
            ) : (
              <ul className="grid gap-1">
                {deal.tiers.map((tier) => (
                  <li key={tier.thresholdQty}>
                    <TierLine qty={tier.thresholdQty} agorot={tier.unitPrice} />
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </section>
  );
}

export function TierLine({ qty, agorot }: { qty: number; agorot: number }) {
  const { t, i18n } = useTranslation();
  return <>{t("dealEditor.edit.tierLine", { qty, price: formatShekel(agorot, i18n.language) })}</>;
}

/**
 * The deal pages' error screen: 403 for someone who is not a vendor (or not an admin on the
 * admin pages), 404 for a deal that is not there or not theirs.
 */
export function DealPageErrorBoundary({ area }: { area: "vendor" | "admin" }) {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A refusal the route meant (any 4xx) is the client's doing; handleError logged its line.
  if (status >= 500) console.error(error);
  const title = status === 403 ? t(`${area}.forbidden.title`) : status === 404 ? t("dealEditor.errors.notFound") : t("errorPage.title");
  const text = status === 403 ? t(`${area}.forbidden.text`) : status === 404 ? t("dealEditor.errors.notFoundText") : t("errorPage.text");
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center" data-testid={`deal-page-${status}`}>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-fg-muted">{text}</p>
      <Link to="/" className="mt-8 inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700">
        {t("notFound.home")}
      </Link>
    </section>
  );
}

/** A page title for a thrown 403/404 (the guards and loadOrThrow put it in the data). */
export function errorTitle(error: unknown): string | undefined {
  return isRouteErrorResponse(error) ? (error.data as { title?: string } | null)?.title : undefined;
}
