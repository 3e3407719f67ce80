// A community's detail fields, shared by the "new community" form and the community's own page.
import { getInputProps, getSelectProps, getTextareaProps, type useForm } from "@conform-to/react";
import type { z } from "zod";
import { useTranslation } from "~/components/use-translation";
import { CommunityDetailsSchema, WEEKDAYS } from "~/domain/admin-community-schemas";
import { ErrorList, Field, SelectField } from "./ui/field";

type DetailsFields = ReturnType<typeof useForm<z.input<typeof CommunityDetailsSchema>>>[1];

/** A weekday picker (0 = Sunday), Hebrew day names. */
export function WeekdaySelect({ label, field }: { label: string; field: Parameters<typeof getSelectProps>[0] & { errorId: string; errors?: string[] } }) {
  const { t } = useTranslation();
  return (
    <SelectField label={label} errorId={field.errorId} errors={field.errors} {...getSelectProps(field)}>
      {WEEKDAYS.map((d) => <option key={d} value={d}>{t(`days.${d}`)}</option>)}
    </SelectField>
  );
}

export function CommunityDetailsFields({ fields }: { fields: DetailsFields }) {
  const { t } = useTranslation();
  return (
    <>
      {/* Where and when members collect is the pickup points' (their own section), not the community's. */}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("admin.communities.fields.name")} errorId={fields.name.errorId} errors={fields.name.errors} {...getInputProps(fields.name, { type: "text" })} />
        <Field label={t("admin.communities.fields.contactPhone")} errorId={fields.contactPhone.errorId} errors={fields.contactPhone.errors} {...getInputProps(fields.contactPhone, { type: "tel" })} dir="ltr" />
      </div>
      <div>
        <label htmlFor={fields.description.id} className="mb-1 block text-sm font-medium">{t("admin.communities.fields.description")}</label>
        <textarea {...getTextareaProps(fields.description)} rows={3} className="block w-full rounded-lg border border-line bg-surface px-3 py-2.5" />
        <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
      </div>
    </>
  );
}
