import { useTranslation } from "~/components/use-translation";
import { MAX_TOASTS, type ShownToast, type ToastVariant } from "~/domain/toast";

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: "border-line bg-surface text-fg",
  destructive: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100",
  success: "border-brand-200 bg-brand-50 text-brand-800 dark:border-brand-700 dark:bg-brand-800 dark:text-brand-50",
  warning: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100",
  info: "border-sky-300 bg-sky-50 text-sky-900 dark:border-sky-700 dark:bg-sky-950 dark:text-sky-100",
};

/** Server-rendered flash toasts; CSS hides each after 5 s (see app.css). */
export function Toaster({ toasts }: { toasts: ShownToast[] }) {
  const { t } = useTranslation();
  if (toasts.length === 0) return null;
  return (
    // top-19: just below the sticky header (h-16), so a toast never hides the cart badge it
    // reports on; not at the bottom, where phones show the deal page's add-to-cart bar.
    <section
      aria-label={t("toast.region")}
      className="pointer-events-none fixed inset-x-0 top-19 z-50 flex flex-col items-center gap-2 px-3"
    >
      {toasts.slice(-MAX_TOASTS).map((toast) => (
        <div
          key={toast.id}
          role={toast.variant === "destructive" ? "alert" : "status"}
          data-variant={toast.variant}
          className={`toast pointer-events-auto w-full max-w-sm rounded-xl border px-4 py-3 shadow-lg ${VARIANT_CLASSES[toast.variant]}`}
        >
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? <p className="mt-0.5 text-sm opacity-90">{toast.description}</p> : null}
        </div>
      ))}
    </section>
  );
}
