// The back office's section tabs: the admin's (every admin page) and the vendor's (the vendor's
// own pages). Plain links: no script needed. On a phone the tabs wrap onto a second line instead
// of hiding off the edge of the screen.
import { useTranslation } from "~/components/use-translation";
import { Link } from "react-router";
import { backOfficeSection, type BackOfficeArea } from "~/domain/back-office";

export const ADMIN_SECTIONS = [
  { key: "overview", to: "/admin" },
  { key: "deals", to: "/admin/deals" },
  { key: "communities", to: "/admin/communities" },
  { key: "vendorApplications", to: "/admin/vendor-applications" },
  { key: "cycles", to: "/admin/cycles" },
  { key: "audit", to: "/admin/audit" },
  { key: "mail", to: "/admin/mail" },
  { key: "settings", to: "/admin/settings" },
] as const;

export const VENDOR_SECTIONS = [
  { key: "dashboard", to: "/vendor/dashboard" },
  { key: "newDeal", to: "/vendor/new-deal" },
  { key: "statements", to: "/vendor/statements" },
  { key: "guide", to: "/vendor/guide" },
  { key: "support", to: "/vendor/support" },
] as const;

const SECTIONS = { admin: ADMIN_SECTIONS, vendor: VENDOR_SECTIONS } as const;

/** What waits on an admin tab (issue #45): its count, and the words a screen reader says for it. */
export type TabBadges = Partial<Record<string, { count: number; label: string }>>;

/** A small count beside a tab's name; the number is for the eye, the label for screen readers. */
function TabBadge({ count, label }: { count: number; label: string }) {
  return (
    <>
      <span className="ms-1.5 inline-block min-w-5 rounded-full bg-accent-600 px-1.5 text-center text-xs font-bold tabular-nums text-white" aria-hidden="true">
        {count > 99 ? "99+" : count}
      </span>
      <span className="sr-only"> ({label})</span>
    </>
  );
}
const LABELS = { admin: "admin.nav", vendor: "backOffice.vendorNav" } as const;

/** The tabs of one area; the one for `pathname` is marked as the current page, a tab with work waiting carries its count. */
export function BackOfficeNav({ area, pathname, badges = {} }: { area: BackOfficeArea; pathname: string; badges?: TabBadges }) {
  const { t } = useTranslation();
  const sections: readonly { key: string; to: string }[] = SECTIONS[area];
  const current = backOfficeSection(pathname, sections);
  return (
    <nav aria-label={t(`${LABELS[area]}.label`)} data-testid={`${area}-nav`}>
      <ul className="flex flex-wrap gap-1 text-sm">
        {sections.map((section) => {
          const active = section.to === current;
          return (
            <li key={section.key}>
              <Link
                to={section.to}
                aria-current={active ? "page" : undefined}
                data-testid={`${area}-nav-${section.key}`}
                className={`inline-block rounded-lg px-3 py-1.5 font-medium ${active ? "bg-brand-50 text-brand-800 dark:bg-brand-800 dark:text-brand-50" : "text-fg-muted hover:bg-muted hover:text-fg"}`}
              >
                {t(`${LABELS[area]}.${section.key}`)}
                {badges[section.key] && badges[section.key]!.count > 0 ? <TabBadge {...badges[section.key]!} /> : null}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
