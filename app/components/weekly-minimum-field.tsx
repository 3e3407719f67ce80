// The weekly minimum as the admin chooses it (issue #45), on the "new community" form and the
// community's weekly settings: "no minimum" or an amount, and in one line what a missed minimum
// does. Plain radios and a text field, so it works without JavaScript.
import { getInputProps, type FieldMetadata } from "@conform-to/react";
import { useTranslation } from "~/components/use-translation";
import { MINIMUM_CHOICES } from "~/domain/admin-community-schemas";
import { ErrorList, Field } from "./ui/field";

export function WeeklyMinimumField({ choice, amount }: { choice: FieldMetadata<string>; amount: FieldMetadata<string | undefined> }) {
  const { t } = useTranslation();
  return (
    <fieldset className="grid gap-2" data-testid="weekly-minimum">
      <legend className="mb-1 text-sm font-medium">{t("admin.weekMinimum.legend")}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {MINIMUM_CHOICES.map((value) => (
          <label key={value} className="inline-flex items-center gap-2">
            <input type="radio" name={choice.name} value={value} defaultChecked={choice.initialValue === value} aria-describedby={choice.errorId} />
            {t(`admin.weekMinimum.choices.${value}`)}
          </label>
        ))}
      </div>
      <ErrorList id={choice.errorId} errors={choice.errors} />
      <div className="max-w-xs">
        <Field label={t("admin.weekMinimum.amount")} errorId={amount.errorId} errors={amount.errors} {...getInputProps(amount, { type: "text" })} inputMode="decimal" dir="ltr" />
      </div>
      <p className="text-sm text-fg-muted" data-testid="weekly-minimum-consequence">{t("admin.weekMinimum.consequence")}</p>
    </fieldset>
  );
}
