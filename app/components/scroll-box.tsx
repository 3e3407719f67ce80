import type { ReactNode } from "react";
import { useTranslation } from "~/components/use-translation";

/**
 * A table's box that scrolls sideways on a phone. It is focusable and named, so a keyboard can
 * scroll it and a screen reader says what it holds (axe: scrollable-region-focusable). Its name
 * ("Table: …") differs from the section around it, so landmarks stay unique.
 */
export function ScrollBox({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div role="region" aria-label={t("backOffice.tableBox", { name: label })} tabIndex={0} className={`overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}
