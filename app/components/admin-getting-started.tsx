// The admin dashboard's two new panels (issue #45): what waits for a decision, and, on a new
// install, the first steps to open the market. Plain links: no script needed.
import { Link } from "react-router";
import type { SetupProgress } from "~/domain/getting-started";
import { useTranslation } from "./use-translation";

/** The counts of vendor applications and deals waiting, each a link to where they are decided. */
export function WaitingForYou({ vendorApplications, dealsInReview }: { vendorApplications: number; dealsInReview: number }) {
  const { t, i18n } = useTranslation();
  const cards = [
    { key: "vendorApplications", to: "/admin/vendor-applications", count: vendorApplications },
    { key: "dealsInReview", to: "/admin/deals", count: dealsInReview },
  ] as const;
  return (
    <section aria-labelledby="admin-waiting-title" className="mt-6" data-testid="admin-waiting">
      <h2 id="admin-waiting-title" className="text-lg font-bold">{t("admin.waiting.label")}</h2>
      <ul className="mt-2 grid gap-3 sm:grid-cols-2">
        {cards.map((card) => (
          <li key={card.key}>
            <Link
              to={card.to}
              className={`flex items-center justify-between gap-3 rounded-2xl border p-4 hover:bg-muted ${card.count > 0 ? "border-accent-600" : "border-line bg-surface"}`}
              data-testid={`admin-waiting-${card.key}`}
            >
              <span className="font-semibold">{t(`admin.waiting.${card.key}`)}</span>
              <span className="text-2xl font-bold tabular-nums" data-testid="admin-waiting-count">{card.count.toLocaleString(i18n.language)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The first-steps checklist; the dashboard shows it until every step is done. */
export function GettingStarted({ progress }: { progress: SetupProgress }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="getting-started-title" className="mt-6 rounded-2xl border border-brand-200 bg-brand-50 p-5 dark:border-brand-700 dark:bg-brand-800/40" data-testid="getting-started">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="getting-started-title" className="text-xl font-bold">{t("admin.gettingStarted.title")}</h2>
        <p className="text-sm text-fg-muted" data-testid="getting-started-progress">
          {t("admin.gettingStarted.progress", { done: progress.doneCount, total: progress.steps.length })}
        </p>
      </div>
      <p className="mt-1 text-sm text-fg-muted">{t("admin.gettingStarted.intro")}</p>
      <ol className="mt-4 grid gap-2">
        {progress.steps.map((step) => (
          <li key={step.key} className="flex items-start gap-3 rounded-xl bg-surface p-3" data-testid={`setup-step-${step.key}`} data-done={step.done}>
            <span
              aria-hidden="true"
              className={`mt-0.5 grid size-6 shrink-0 place-items-center rounded-full text-sm font-bold ${step.done ? "bg-brand-600 text-white" : "border-2 border-line"}`}
            >
              {step.done ? "✓" : ""}
            </span>
            <div className="min-w-0">
              <Link to={step.href} className={`font-semibold underline-offset-2 hover:underline ${step.done ? "text-fg-muted line-through" : "text-brand-700 dark:text-brand-200"}`}>
                {t(`admin.gettingStarted.steps.${step.key}.title`)}
              </Link>
              <span className="sr-only"> ({t(step.done ? "admin.gettingStarted.done" : "admin.gettingStarted.todo")})</span>
              <p className="text-sm text-fg-muted">{t(`admin.gettingStarted.steps.${step.key}.text`)}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}
