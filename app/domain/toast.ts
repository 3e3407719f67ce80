export const TOAST_VARIANTS = ["default", "destructive", "success", "warning", "info"] as const;
export type ToastVariant = (typeof TOAST_VARIANTS)[number];

/** At most 3 toasts show at once, each for 5 s (spec, section 8; the 5 s is app.css's animation). */
export const MAX_TOASTS = 3;

export interface Toast {
  id: string;
  variant: ToastVariant;
  /** Locale keys and their values, so a toast reads in the language of the page showing it. */
  title: string;
  description?: string;
  values?: Record<string, string | number>;
}

/** A toast as the page shows it: worded in the page's language by the root loader. */
export interface ShownToast {
  id: string;
  variant: ToastVariant;
  title: string;
  description?: string;
}
