import { useTranslation } from "~/components/use-translation";
import { Form, Link, redirect } from "react-router";
import { requireUser } from "~/auth/guards.server";
import { dbContext } from "~/context";
import { getTranslate } from "~/web/language.server";
import { formatRelative } from "~/domain/dates";
import { notificationTarget } from "~/domain/notification-link";
import { ServiceError } from "~/domain/errors";
import { listNotifications, markAllRead, markRead } from "~/services/notifications.server";
import { safeRedirect } from "~/web/safe-redirect";
import type { Route } from "./+types/notifications";
import { readForm } from "~/web/form.server";

export function loader({ url, context }: Route.LoaderArgs) {
  const user = requireUser(context, url);
  return {
    title: getTranslate(context)("notifications.metaTitle"),
    now: new Date().toISOString(),
    items: listNotifications(context.get(dbContext), user.id),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.title }];

/** Marks one (intent=read, id) or all (intent=read-all) read; then back, or on to the deal. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const user = requireUser(context, url);
  const form = await readForm(request);
  const db = context.get(dbContext);
  try {
    if (form.get("intent") === "read-all") markAllRead(db, user.id);
    else markRead(db, user.id, String(form.get("id") ?? ""));
  } catch (error) {
    if (!(error instanceof ServiceError)) throw error;
  }
  return redirect(safeRedirect(form.get("next"), "/notifications"));
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation();
  const { items, now } = loaderData;
  const unread = items.filter((n) => !n.isRead).length;
  return (
    <section className="mx-auto max-w-2xl px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">{t("notifications.title")}</h1>
        {unread > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="read-all" />
            <button type="submit" className="rounded-lg border border-line px-3 py-2 text-sm hover:bg-muted">{t("notifications.markAll")}</button>
          </Form>
        ) : null}
      </div>
      {items.length === 0 ? (
        <p className="mt-8 text-center text-fg-muted">{t("notifications.empty")}</p>
      ) : (
        <ul className="mt-6 grid gap-3">
          {items.map((n) => (
            <li key={n.id} className={`rounded-2xl border p-4 ${n.isRead ? "border-line bg-surface" : "border-brand-200 bg-brand-50 dark:border-brand-700 dark:bg-brand-800/60"}`} data-testid="notification">
              <div className="flex items-start justify-between gap-3">
                <div>
                  <p className="font-semibold">
                    {n.isRead ? null : <span className="me-2 rounded-full bg-accent-600 px-2 py-0.5 text-xs text-white">{t("notifications.unread")}</span>}
                    {n.title}
                  </p>
                  <p className="mt-1 text-sm leading-6">{n.message}</p>
                  <p className="mt-1 text-xs text-fg-muted">{formatRelative(n.createdAt, new Date(now), i18n.language)}</p>
                </div>
                <Form method="post" className="shrink-0">
                  <input type="hidden" name="id" value={n.id} />
                  {notificationTarget(n) ? (
                    <button type="submit" name="next" value={notificationTarget(n)!} className="rounded-lg bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white">
                      {t(n.data?.href ? "notifications.adminAlert.open" : "notifications.toDeal")}
                    </button>
                  ) : !n.isRead ? (
                    <button type="submit" className="rounded-lg border border-line px-3 py-1.5 text-sm hover:bg-muted">{t("notifications.markRead")}</button>
                  ) : null}
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Link to="/" className="mt-8 inline-block text-sm underline">{t("nav.home")}</Link>
    </section>
  );
}
