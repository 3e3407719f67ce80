// The admin area's sections, one link each, on every admin page. Plain links: no script needed.
import { useTranslation } from "~/components/use-translation";
import { NavLink } from "react-router";

export const ADMIN_SECTIONS = [
  { key: "overview", to: "/admin" },
  { key: "deals", to: "/admin/deals" },
  { key: "communities", to: "/admin/communities" },
  { key: "vendorApplications", to: "/admin/vendor-applications" },
  { key: "cycles", to: "/admin/cycles" },
  { key: "audit", to: "/admin/audit" },
] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number]["key"];

export function AdminNav({ current }: { current: AdminSection }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("admin.nav.label")} className="mb-6 overflow-x-auto border-b border-line">
      <ul className="flex gap-1 whitespace-nowrap text-sm">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section.key}>
            <NavLink
              to={section.to}
              end
              aria-current={section.key === current ? "page" : undefined}
              className={`inline-block border-b-2 px-3 py-2 font-medium ${section.key === current ? "border-brand-600 text-brand-800 dark:text-brand-200" : "border-transparent text-fg-muted hover:text-fg"}`}
            >
              {t(`admin.nav.${section.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
