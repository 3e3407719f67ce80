import { Link } from "react-router";
import { useTranslation } from "~/components/use-translation";
import { LanguageSwitch } from "./language-switch";

const COLUMNS = [
  { title: "footer.shop", links: [["/deals", "footer.allDeals"], ["/groups", "footer.groups"]] },
  {
    title: "footer.help",
    links: [["/about", "footer.aboutLink"], ["/faq", "footer.faq"], ["/contact", "footer.contact"], ["/terms", "footer.terms"], ["/privacy", "footer.privacy"]],
  },
  {
    title: "footer.vendors",
    links: [["/vendor", "footer.vendorHome"], ["/vendor/dashboard", "footer.vendorDashboard"], ["/vendor/new-deal", "footer.vendorNewDeal"], ["/vendor/guide", "footer.vendorGuide"], ["/vendor/support", "footer.vendorSupport"]],
  },
] as const;

/** The same for every page and every person. */
export function SiteFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-line bg-surface">
      <FooterContent year={year} />
    </footer>
  );
}

function FooterContent({ year }: { year: number }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-lg font-extrabold text-brand-700 dark:text-brand-200">{t("app.name")}</p>
          <p className="mt-2 text-sm leading-6 text-fg-muted">{t("footer.aboutText")}</p>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={t(column.title)}>
            <p className="font-semibold">{t(column.title)}</p>
            <ul className="mt-2 grid gap-1.5 text-sm">
              {column.links.map(([to, label]) => (
                <li key={to}>
                  <Link to={to} className="footer-link">
                    {t(label)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="flex flex-wrap items-center justify-center gap-x-4 border-t border-line py-2 text-xs text-fg-muted">
        <p>{t("footer.rights", { year })}</p>
        <LanguageSwitch className="inline-flex justify-center rounded-lg px-3 text-sm font-medium text-fg underline-offset-4 hover:bg-muted hover:underline" testId="language-switch-footer" />
      </div>
    </>
  );
}
