import { useTranslation } from "~/components/use-translation";
import { formatShekel } from "~/domain/money";

/** An amount in agorot, formatted for the page's language (formatShekel isolates it). */
export function Price({ agorot, className }: { agorot: number; className?: string }) {
  const { i18n } = useTranslation();
  return <span className={className}>{formatShekel(agorot, i18n.language)}</span>;
}

export function useFormatShekel() {
  const { i18n } = useTranslation();
  return (agorot: number) => formatShekel(agorot, i18n.language);
}
