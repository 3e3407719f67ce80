import { useTranslation } from "~/components/use-translation";
import { formatShekel } from "~/domain/money";

/** An amount in agorot, formatted for the page's language. */
export function Price({ agorot, className, whole }: { agorot: number; className?: string; whole?: boolean }) {
  const { i18n } = useTranslation();
  return <span className={className} dir="ltr">{formatShekel(agorot, i18n.language, { whole })}</span>;
}

export function useFormatShekel() {
  const { i18n } = useTranslation();
  return (agorot: number) => formatShekel(agorot, i18n.language);
}
