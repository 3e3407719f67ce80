import { useTranslation } from "~/components/use-translation";
import type { WeekState } from "~/domain/week-minimum";

const TONE: Record<WeekState, string> = {
  "no-minimum": "bg-muted text-fg-muted",
  "on-track": "bg-brand-100 text-brand-800",
  "at-risk": "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
};

/** An open week's state before its deadline (week-minimum.ts weekState), as the admin sees it. */
export function WeekStateBadge({ state, className = "" }: { state: WeekState; className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${TONE[state]} ${className}`} data-testid="week-state" data-state={state}>
      {t(`adminCycles.weekState.${state}`)}
    </span>
  );
}
