import { useState } from "react";
import { useTranslation } from "~/components/use-translation";
import { useHydrated } from "./use-hydrated";

/**
 * A quantity field: a plain number input without JavaScript (the browser's own arrows, and its
 * own refusal of a number outside min and max), with − and + buttons once hydrated. Non-numeric
 * input falls back to the minimum (spec 5); a typed number outside the range is brought into it
 * and the field says so (issue #47: never a silent change).
 */
export function QtyStepper({
  name = "qty",
  min = 1,
  max,
  defaultValue = 1,
  id,
  label,
  onChange,
  size = "md",
}: {
  name?: string;
  min?: number;
  max: number;
  defaultValue?: number;
  id: string;
  label?: string;
  onChange?: (qty: number) => void;
  /** "touch": 44 px targets, for a screen where the stepper is the main control (the cart) */
  size?: "sm" | "md" | "touch";
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [value, setValue] = useState(String(defaultValue));
  const [note, setNote] = useState<string | null>(null);
  const qty = Number.parseInt(value, 10);
  const current = Number.isFinite(qty) ? qty : min;
  const set = (next: number) => {
    const clamped = Math.min(Math.max(next, min), max);
    setNote(next > max ? t("shop.card.qtyAboveMax", { max }) : next < min ? t("shop.card.qtyBelowMin", { min }) : null);
    setValue(String(clamped));
    onChange?.(clamped);
  };
  const noteId = `${id}-note`;
  const box = { sm: "size-8", md: "size-10", touch: "size-11" }[size];
  const button = `grid ${box} place-items-center rounded-lg border border-line text-lg font-bold hover:bg-muted disabled:opacity-40`;
  return (
    <div>
      <div className="flex items-center gap-1.5">
        {hydrated ? (
          <button type="button" className={button} onClick={() => set(current - 1)} disabled={current <= min}>
            <span aria-hidden="true">−</span>
            <span className="sr-only">{t("shop.card.decrease")}</span>
          </button>
        ) : (
          // The buttons' room is kept before they come, so nothing moves when they do.
          <span className={`${box} shrink-0`} aria-hidden="true" />
        )}
        <label htmlFor={id} className="sr-only">
          {label ?? t("shop.card.quantity")}
        </label>
        <input
          id={id}
          name={name}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={value}
          aria-describedby={note ? noteId : undefined}
          onChange={(e) => {
            setValue(e.target.value);
            const n = Number.parseInt(e.target.value, 10);
            if (Number.isFinite(n)) onChange?.(Math.min(Math.max(n, min), max));
          }}
          onBlur={() => set(Number.isFinite(qty) ? qty : min)}
          className={`${{ sm: "h-8 w-12", md: "h-10 w-16", touch: "h-11 w-14" }[size]} rounded-lg border border-line bg-surface text-center`}
        />
        {hydrated ? (
          <button type="button" className={button} onClick={() => set(current + 1)} disabled={current >= max}>
            <span aria-hidden="true">+</span>
            <span className="sr-only">{t("shop.card.increase")}</span>
          </button>
        ) : (
          <span className={`${box} shrink-0`} aria-hidden="true" />
        )}
      </div>
      {/* Said where she typed it, and read out: the number she typed was brought into range. */}
      <p id={noteId} role="status" className="mt-1 max-w-56 text-xs text-amber-800 empty:hidden dark:text-amber-300">
        {note}
      </p>
    </div>
  );
}
