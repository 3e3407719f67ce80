import { useTranslation } from "~/components/use-translation";
import { Countdown } from "./countdown";

export interface CycleData {
  orderDeadline: string;
  pickupDate: string;
  isOrderingOpen: boolean;
  /** the deadline and the pickup as the page shows them, written by the loader */
  deadlineText: string;
  pickupText: string;
}

type CycleBoxProps = { cycle: CycleData | null; now: string; communityId?: string };

/**
 * This week's purchase: deadline with a countdown, pickup date, open or closed.
 */
export function CycleBox({ cycle, now, communityId }: CycleBoxProps) {
  const { t } = useTranslation();
  return (
    <section
      className="rounded-2xl border border-line bg-surface p-4"
      aria-label={t("shop.cycle.title")}
      data-testid="cycle-box"
    >
      <CycleContent cycle={cycle} now={now} communityId={communityId} />
    </section>
  );
}

function CycleContent({ cycle, now, communityId }: CycleBoxProps) {
  const { t } = useTranslation();
  return (
    <>
      <p className="font-semibold">{t("shop.cycle.title")}</p>
      {cycle ? (
        <>
          <p className="mt-1 text-sm">{t("shop.cycle.deadline", { date: cycle.deadlineText })}</p>
          <p className="text-sm">{t("shop.cycle.pickup", { date: cycle.pickupText })}</p>
          <p className="mt-2 text-sm">
            <Countdown initial={cycle} now={now} communityId={communityId} />
          </p>
          <p className={`mt-2 rounded-lg px-3 py-1.5 text-sm ${cycle.isOrderingOpen ? "bg-brand-50 text-brand-800 dark:bg-brand-800 dark:text-brand-50" : "bg-amber-50 text-amber-900 dark:bg-amber-950 dark:text-amber-100"}`}>
            {cycle.isOrderingOpen ? t("shop.cycle.open") : t("shop.cycle.closed")}
          </p>
        </>
      ) : (
        <p className="mt-1 text-sm text-fg-muted">{t("shop.cycle.noCycle")}</p>
      )}
    </>
  );
}
