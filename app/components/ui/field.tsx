import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { useTranslation } from "~/components/use-translation";
import { translateMessage } from "~/domain/text-limits";
import { CLOCK_TIME_PATTERN } from "~/domain/time";

/**
 * The errors a form has no field on screen to show beside: a form-level error, a hidden field's
 * (a tampered or stale form) or a field of another step. Its alert lists them, so no refusal
 * comes back without its reason. `allErrors` is conform's form-wide map (field name: errors).
 */
export function errorsNotShown(allErrors: Record<string, string[] | undefined>, shownFields: string[]): string[] {
  const errors = new Set<string>();
  for (const [name, list] of Object.entries(allErrors)) {
    if (!shownFields.includes(name)) for (const error of list ?? []) errors.add(error);
  }
  return [...errors];
}

/** Errors are locale keys (see account-schemas.ts), some with values; shown translated under their field. */
export function ErrorList({ id, errors }: { id?: string; errors?: string[] | null }) {
  const { t } = useTranslation();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 grid gap-0.5 text-sm text-red-700 dark:text-red-300">
      {errors.map((error) => (
        <li key={error}>{translateMessage(t, error)}</li>
      ))}
    </ul>
  );
}

const controlClass =
  "block w-full rounded-lg border border-line bg-surface px-3 py-2.5 text-base aria-[invalid=true]:border-red-500";

interface FieldProps {
  label: ReactNode;
  hint?: ReactNode;
  errors?: string[] | null;
  errorId: string;
}

export function Field({ label, hint, errors, errorId, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={input.id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <input {...input} className={controlClass} />
      {hint && !errors?.length ? <p className="mt-1 text-xs text-fg-muted">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function SelectField({
  label,
  hint,
  errors,
  errorId,
  children,
  ...select
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div>
      <label htmlFor={select.id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <select {...select} className={controlClass}>
        {children}
      </select>
      {hint && !errors?.length ? <p className="mt-1 text-xs text-fg-muted">{hint}</p> : null}
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function SubmitButton({
  pending,
  children,
  pendingLabel,
  name,
  value,
}: {
  pending: boolean;
  children: ReactNode;
  pendingLabel: ReactNode;
  /** a form with several buttons says which one was pressed (`intent`) */
  name?: string;
  value?: string;
}) {
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={pending}
      aria-busy={pending}
      className="w-full rounded-lg bg-brand-600 px-4 py-3 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
    >
      {pending ? pendingLabel : children}
    </button>
  );
}

/**
 * A time of day as 24-hour HH:MM text. `<input type="time">` follows the phone's or computer's
 * own locale, not the page's, so an English system showed admins "10:00 AM" on a Hebrew page.
 */
export const CLOCK_INPUT = {
  type: "text",
  inputMode: "numeric",
  // "9:00" is a time too: the server turns it into "09:00" (domain/time.ts).
  pattern: CLOCK_TIME_PATTERN,
  maxLength: 5,
  placeholder: "20:00",
  autoComplete: "off",
  dir: "ltr",
} as const satisfies InputHTMLAttributes<HTMLInputElement>;
