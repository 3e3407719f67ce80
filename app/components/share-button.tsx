import { useState } from "react";
import { useTranslation } from "~/components/use-translation";
import { useHydrated } from "./use-hydrated";

const BUTTON_CLASS = "grid h-10 place-items-center rounded-full border border-line px-3 text-sm hover:bg-muted";

/**
 * Shares a link: `auto` uses Web Share where the phone has it, else copies; `copy` only copies;
 * `share` is Web Share alone and shows only where the browser has it. Needs JavaScript, so
 * hidden without (the link itself is on the page for copying by hand).
 */
export function ShareButton({
  title,
  url,
  text,
  label,
  copiedLabel,
  mode = "auto",
}: {
  title: string;
  /** the page's own address when not given */
  url?: string;
  text?: string;
  label?: string;
  copiedLabel?: string;
  mode?: "auto" | "copy" | "share";
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) {
    // Until the scripts run, an empty copy keeps its room: beside a deal's title the button's
    // arrival wrapped the title and moved the add-to-cart box under it (tests/e2e/layout-shift).
    // `share` may not show at all, so it keeps none.
    return mode === "share" ? null : (
      <span aria-hidden="true" className={`${BUTTON_CLASS} invisible`}>
        {label ?? t("shop.deal.share")}
      </span>
    );
  }
  const canShare = typeof navigator.share === "function";
  if (mode === "share" && !canShare) return null;
  async function share() {
    const link = url ?? window.location.href;
    if (mode !== "copy" && canShare) {
      try {
        await navigator.share({ title, text, url: link });
        return;
      } catch {
        // cancelled: fall through to copying
      }
    }
    if (mode === "share") return;
    try {
      await navigator.clipboard.writeText(link);
    } catch {
      return; // no clipboard here (an insecure page, a refused permission): the link stays on screen
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }
  return (
    <button type="button" onClick={share} className={BUTTON_CLASS} aria-live="polite">
      {copied ? (copiedLabel ?? t("shop.deal.copied")) : (label ?? t("shop.deal.share"))}
    </button>
  );
}
