// The admin's controls over an open week on /admin/cycles/:id (issue #45): its state before the
// deadline, close it now, move its deadline. Each action is a Confirm panel's form, so it works
// without JavaScript and the server sees the confirmation.
import { useTranslation } from "~/components/use-translation";
import { formatAdminDate } from "~/domain/dates";
import { hasMinimum, type WeekState } from "~/domain/week-minimum";
import { Confirm } from "./confirm";
import { Price, useFormatShekel } from "./price";
import { ErrorList } from "./ui/field";
import { WeekStateBadge } from "./week-state-badge";

/** What the action sends back when it refuses one of these forms. */
export interface WeekControlReply {
  weekControl: { intent: "close-now" | "move-deadline"; error?: string; value?: string };
}

interface Props {
  cycle: { currentRevenue: number; targetRevenue: number; pickupDate: Date | string };
  open: { state: WeekState; deadlineInput: string; cancelsIfClosedNow: boolean };
  reply?: WeekControlReply["weekControl"];
}

export function WeekControl({ cycle, open, reply }: Props) {
  const { t } = useTranslation();
  const shekel = useFormatShekel();
  const moveReply = reply?.intent === "move-deadline" ? reply : undefined;
  return (
    <section className="rounded-2xl border border-line bg-surface p-4 print:hidden" aria-labelledby="week-control-title" data-testid="week-control">
      <h2 id="week-control-title" className="text-lg font-bold">
        {t("adminCycles.control.title")}
        <WeekStateBadge state={open.state} className="ms-2 align-middle" />
      </h2>
      <p className="mt-1 text-sm">
        {t("adminCycles.control.revenue")}: <Price agorot={cycle.currentRevenue} /> · {t("adminCycles.control.minimum")}:{" "}
        {hasMinimum(cycle.targetRevenue) ? <Price agorot={cycle.targetRevenue} /> : t("adminCycles.weekState.no-minimum")}
      </p>
      <p className="mt-1 text-sm text-fg-muted">{t("adminCycles.weekState.rule")}</p>
      {reply?.intent === "close-now" && reply.error ? <div role="alert"><ErrorList errors={[reply.error]} /></div> : null}
      <div className="mt-4 flex flex-wrap items-start gap-3">
        <Confirm
          label={t("adminCycles.control.closeNow")}
          title={t("adminCycles.control.closeTitle")}
          text={open.cancelsIfClosedNow ? t("adminCycles.control.closeTextCancels", { minimum: shekel(cycle.targetRevenue) }) : t("adminCycles.control.closeTextKept")}
          confirmLabel={t("adminCycles.control.closeConfirm")}
          cancelLabel={t("adminCycles.control.keepOpen")}
          open={reply?.intent === "close-now"}
          testId="close-now"
        >
          <input type="hidden" name="intent" value="close-now" />
        </Confirm>
        <Confirm
          label={t("adminCycles.control.moveDeadline")}
          title={t("adminCycles.control.moveTitle")}
          text={t("adminCycles.control.moveText", { pickup: formatAdminDate(cycle.pickupDate, true) })}
          confirmLabel={t("adminCycles.control.moveConfirm")}
          cancelLabel={t("adminCycles.control.keepOpen")}
          open={Boolean(moveReply)}
          testId="move-deadline"
        >
          <input type="hidden" name="intent" value="move-deadline" />
          <label htmlFor="new-deadline" className="mb-1 block text-sm font-medium">{t("adminCycles.control.newDeadline")}</label>
          <input
            id="new-deadline"
            type="datetime-local"
            name="orderDeadline"
            required
            defaultValue={moveReply?.value || open.deadlineInput}
            aria-invalid={moveReply?.error ? true : undefined}
            aria-describedby={moveReply?.error ? "new-deadline-error" : undefined}
            className="mb-3 block rounded-lg border border-line bg-surface px-3 py-2 aria-[invalid=true]:border-red-500"
            dir="ltr"
          />
          {moveReply?.error ? <div className="mb-3"><ErrorList id="new-deadline-error" errors={[moveReply.error]} /></div> : null}
        </Confirm>
      </div>
    </section>
  );
}
