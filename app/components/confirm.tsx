import type { ReactNode } from "react";
import { Form } from "react-router";
import { CONFIRM_FIELD, CONFIRM_VALUE } from "~/domain/confirm";

/**
 * A destructive action that asks first, without JavaScript: a <details> whose panel holds the
 * real form. `children` are the form's hidden fields; the form also carries the confirmation
 * field, which the server checks (app/domain/confirm.ts). `open` shows the question at once
 * (the server sent the page back because a POST came without the confirmation).
 */
export function Confirm({
  label,
  title,
  text,
  confirmLabel,
  cancelLabel,
  action,
  className = "",
  open = false,
  testId,
  large = false,
  children,
}: {
  label: string;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  action?: string;
  className?: string;
  open?: boolean;
  testId?: string;
  /** tap targets of at least 44 px, for a phone held at a table (the pickup day) */
  large?: boolean;
  children: ReactNode;
}) {
  const tall = large ? " min-h-11 inline-flex items-center" : "";
  return (
    <details className={`group ${className}`} open={open || undefined} data-testid={testId}>
      <summary className={`${large ? "inline-flex min-h-11 items-center" : "inline-block"} cursor-pointer rounded-lg border border-red-300 px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50 dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950`}>
        {label}
      </summary>
      <div role="alertdialog" aria-label={title} className="mt-3 max-w-md rounded-xl border border-red-200 bg-surface p-4 shadow-lg dark:border-red-900">
        <p className="font-semibold">{title}</p>
        <p className="mt-1 text-sm text-fg-muted">{text}</p>
        <div className="mt-4 flex gap-2">
          <Form method="post" action={action} preventScrollReset>
            {children}
            <input type="hidden" name={CONFIRM_FIELD} value={CONFIRM_VALUE} />
            <button type="submit" className={`rounded-lg bg-red-600 px-4 py-2 text-sm font-semibold text-white hover:bg-red-700${tall}`}>
              {confirmLabel}
            </button>
          </Form>
          <CloseDetails label={cancelLabel} tall={tall} />
        </div>
      </div>
    </details>
  );
}

function CloseDetails({ label, tall }: { label: string; tall: string }) {
  return (
    <button
      type="button"
      className={`rounded-lg border border-line px-4 py-2 text-sm hover:bg-muted${tall}`}
      onClick={(event) => event.currentTarget.closest("details")?.removeAttribute("open")}
    >
      {label}
    </button>
  );
}
