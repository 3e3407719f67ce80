// The admin's list of a deal's recent changes (issue #49): when, who, each field before and
// after, and a button that undoes the change while its fields still hold what it wrote. A plain
// form per change, so it works without JavaScript; the service decides (deal-changes.server.ts).
import { Form } from "react-router";
import { useTranslation } from "~/components/use-translation";
import { unitLabel } from "~/locales/units";
import { TierLine } from "./deal-editor";
import { Price } from "./price";
import { formatDateTime } from "~/domain/dates";

type Field = "title" | "description" | "category" | "unit" | "basePrice" | "minQty" | "maxQty" | "tiers" | "stock";

export interface ShownDealChange {
  id: string;
  at: Date | string;
  who: string | null;
  fields: { field: Field; before: unknown; after: unknown }[];
  undone: boolean;
  blockedBy: Field | null;
}

function Value({ field, value }: { field: Field; value: unknown }) {
  const { t, i18n } = useTranslation();
  if (field === "basePrice" && typeof value === "number") return <Price agorot={value} />;
  if (field === "stock") return <>{value === null ? t("dealEditor.edit.stockNone") : String(value)}</>;
  if (field === "category") return <>{t(`categories.${String(value)}`)}</>;
  if (field === "unit") return <>{unitLabel(String(value), i18n.language)}</>;
  if (field === "tiers") {
    const tiers = Array.isArray(value) ? (value as { thresholdQty: number; unitPrice: number }[]) : [];
    if (tiers.length === 0) return <>{t("dealEditor.edit.tiersNone")}</>;
    return (
      <>
        {tiers.map((tier, index) => (
          <span key={tier.thresholdQty}>
            {index > 0 ? "; " : null}
            <TierLine qty={tier.thresholdQty} agorot={tier.unitPrice} />
          </span>
        ))}
      </>
    );
  }
  return <span className="line-clamp-2">{String(value ?? "")}</span>;
}

export function DealChanges({ changes }: { changes: ShownDealChange[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="mt-8 rounded-2xl border border-line bg-surface p-5" aria-labelledby="deal-changes-title" data-testid="deal-changes">
      <h2 id="deal-changes-title" className="text-lg font-bold">{t("dealEditor.undo.title")}</h2>
      {changes.length === 0 ? (
        <p className="mt-2 text-sm text-fg-muted">{t("dealEditor.undo.none")}</p>
      ) : (
        <ul className="mt-3 grid gap-4">
          {changes.map((change) => (
            <li key={change.id} className="border-t border-line pt-3 first:border-0 first:pt-0" data-testid="deal-change">
              <p className="text-sm text-fg-muted">
                {formatDateTime(change.at, i18n.language)} · {change.who ?? t("dealEditor.undo.someone")}
              </p>
              <dl className="mt-1 grid gap-1 text-sm">
                {change.fields.map(({ field, before, after }) => (
                  <div key={field} className="flex flex-wrap gap-x-2">
                    <dt className="font-semibold">{t(`dealEditor.fields.${field === "tiers" ? "tiersTitle" : field}`)}:</dt>
                    <dd>
                      <Value field={field} value={before} /> {t("dealEditor.undo.arrow")} <Value field={field} value={after} />
                    </dd>
                  </div>
                ))}
              </dl>
              {change.undone ? (
                <p className="mt-2 text-sm font-medium" data-testid="change-undone">{t("dealEditor.undo.done")}</p>
              ) : change.blockedBy ? (
                <p className="mt-2 text-sm text-fg-muted">{t("dealEditor.undo.blocked")}</p>
              ) : (
                <Form method="post" className="mt-2">
                  <input type="hidden" name="intent" value="undoChange" />
                  <input type="hidden" name="changeId" value={change.id} />
                  <button type="submit" className="min-h-11 rounded-lg border border-line px-4 text-sm font-semibold hover:bg-muted" data-testid="undo-change">
                    {t("dealEditor.undo.button")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
