// The back office (admin and vendor pages, issue #17): which area a path belongs to and which of
// its tabs is the current one. Pure: the layout and its tests use it.

export type BackOfficeArea = "admin" | "vendor";

/** The area of a back-office path, or null for a shop page. */
export function backOfficeArea(pathname: string): BackOfficeArea | null {
  if (pathname === "/admin" || pathname.startsWith("/admin/")) return "admin";
  if (pathname.startsWith("/vendor/")) return "vendor";
  return null;
}

/**
 * The tab a path belongs to: the longest tab address the path starts with (so
 * /admin/deals/3/edit is under "deals", not the overview). A vendor's deal pages
 * (/vendor/deals/...) belong to the dashboard, where "my deals" is.
 */
export function backOfficeSection(pathname: string, sections: readonly { to: string }[]): string | null {
  const path = pathname.startsWith("/vendor/deals/") ? "/vendor/dashboard" : pathname.replace(/\/+$/, "") || "/";
  let best: string | null = null;
  for (const { to } of sections) {
    if ((path === to || path.startsWith(`${to}/`)) && (!best || to.length > best.length)) best = to;
  }
  return best;
}
