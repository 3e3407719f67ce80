import { useTranslation } from "~/components/use-translation";
import { whatsappShareUrl } from "~/domain/referral-code";
import { ShareButton } from "./share-button";

/**
 * An invitation link and the ways to pass it on. Without JavaScript: the link to copy by hand and
 * WhatsApp's link. With it: a copy button, and Web Share where the phone has it.
 */
export function InviteShare({ url, text, title }: { url: string; text: string; title: string }) {
  const { t } = useTranslation();
  const id = `invite-url-${url.slice(-9)}`;
  return (
    <div className="grid gap-2" data-testid="invite-share">
      <label htmlFor={id} className="text-sm font-medium">{t("referrals.share.linkLabel")}</label>
      <input
        id={id}
        readOnly
        value={url}
        dir="ltr"
        onFocus={(e) => e.currentTarget.select()}
        className="block w-full rounded-lg border border-line bg-muted px-3 py-2 font-mono text-sm"
        data-testid="invite-url"
      />
      <div className="flex flex-wrap items-center gap-2">
        <ShareButton mode="copy" title={title} url={url} text={text} label={t("referrals.share.copy")} copiedLabel={t("referrals.share.copied")} />
        <ShareButton mode="share" title={title} url={url} text={text} label={t("referrals.share.share")} />
        <a
          href={whatsappShareUrl(text, url)}
          target="_blank"
          rel="noopener noreferrer"
          className="grid h-10 place-items-center rounded-full bg-[#25d366] px-4 text-sm font-semibold text-black hover:opacity-90"
        >
          {t("referrals.share.whatsapp")}
        </a>
      </div>
    </div>
  );
}
