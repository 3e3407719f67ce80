// Where a notification leads when clicked (the bell and /notifications share it): an admin
// alert to the admin page in its `href`, a deal's notification to the deal (a review reminder
// to its reviews). Only a path on this site counts as an href: the value is stored data, and a
// link out of the site (//evil.example) must never come from it.

export interface NotificationLinkInput {
  type: string;
  data?: { dealSlug?: string; href?: string } | null;
}

function isLocalPath(href: string): boolean {
  return href.startsWith("/") && !href.startsWith("//") && !href.startsWith("/\\");
}

/** The path a notification leads to, or null when it leads nowhere. */
export function notificationTarget(n: NotificationLinkInput): string | null {
  const href = n.data?.href;
  if (typeof href === "string" && isLocalPath(href)) return href;
  const slug = n.data?.dealSlug;
  if (slug) return `/deals/${slug}${n.type === "REVIEW_REMINDER" ? "#reviews" : ""}`;
  return null;
}
