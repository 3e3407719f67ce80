import { Link, Form } from "react-router";
import { useClosedOnNavigation } from "./use-closed-on-navigation";
import { useTranslation } from "~/components/use-translation";
import type { HeaderUser } from "~/services/header.server";
import { notificationTarget } from "~/domain/notification-link";
import { BellIcon } from "./icons";

/** "99+" above 99 (spec). */
export function badgeText(count: number) {
  return count > 99 ? "99+" : String(count);
}

/**
 * The bell: a <details> popover (opens without JavaScript) with the newest notifications; a
 * click on one marks it read and follows it (to its deal, or an admin alert to its admin page), "mark all read"
 * empties the badge. Every action is a form POST to /notifications, which comes back to `here`
 * (the page's path and query).
 */
export function NotificationBell({ user, here }: { user: HeaderUser; here: string }) {
  const { t } = useTranslation();
  const unread = user.unreadNotifications;
  // Its actions come back to the same page: it stays open for them, and closes on another page.
  const popover = useClosedOnNavigation("path");
  return (
    <details ref={popover} className="relative">
      <summary
        className="icon-button relative cursor-pointer"
        data-testid="bell"
      >
        {/* Named by hidden words, not aria-label: the badge's digits are not the name one hears. */}
        <span className="sr-only">{unread > 0 ? t("nav.notificationsWithCount", { count: unread }) : t("nav.notifications")}</span>
        <BellIcon className="size-5" />
        {unread > 0 ? (
          <span className="count-badge" aria-hidden="true">
            {badgeText(unread)}
          </span>
        ) : null}
      </summary>
      <div className="absolute end-0 top-12 z-50 w-80 rounded-xl border border-line bg-surface p-2 shadow-xl" data-testid="bell-popover">
        <div className="flex items-center justify-between px-2 py-1">
          <p className="font-semibold">{t("notifications.title")}</p>
          {unread > 0 ? (
            <Form method="post" action="/notifications" preventScrollReset>
              <input type="hidden" name="intent" value="read-all" />
              <input type="hidden" name="next" value={here} />
              <button type="submit" className="text-xs text-brand-700 underline dark:text-brand-200">{t("notifications.markAll")}</button>
            </Form>
          ) : null}
        </div>
        {user.recentNotifications.length === 0 ? (
          <p className="px-2 py-3 text-sm text-fg-muted">{t("notifications.empty")}</p>
        ) : (
          <ul className="max-h-80 overflow-y-auto">
            {user.recentNotifications.map((n) => (
              <li key={n.id}>
                <Form method="post" action="/notifications">
                  <input type="hidden" name="id" value={n.id} />
                  <input type="hidden" name="next" value={notificationTarget(n) ?? here} />
                  <button type="submit" className={`bell-item ${n.isRead ? "text-fg-muted" : "font-semibold"}`}>
                    {n.isRead ? null : <span className="me-1.5 inline-block size-2 rounded-full bg-accent-600" aria-hidden="true" />}
                    {n.title}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <Link to="/notifications" className="mt-1 block rounded-lg px-2 py-2 text-center text-sm text-brand-700 hover:bg-muted dark:text-brand-200">
          {t("notifications.popoverAll")}
        </Link>
      </div>
    </details>
  );
}
