import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "./use-hydrated";

/** Web Share where the phone has it, else copies the link. Needs JavaScript, so hidden without. */
export function ShareButton({ title }: { title: string }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  async function share() {
    const url = window.location.href;
    if (navigator.share) {
      try {
        await navigator.share({ title, url });
        return;
      } catch {
        // cancelled: fall through to copying
      }
    }
    await navigator.clipboard?.writeText(url);
    setCopied(true);
    setTimeout(() => setCopied(false), 2000);
  }
  return (
    <button type="button" onClick={share} className="grid h-10 place-items-center rounded-full border border-line px-3 text-sm hover:bg-muted" aria-live="polite">
      {copied ? t("shop.deal.copied") : t("shop.deal.share")}
    </button>
  );
}
