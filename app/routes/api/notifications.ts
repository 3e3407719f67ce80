import { methodNotAllowed, withApiUser } from "~/auth/api.server";
import { listNotifications, markAllRead, markRead, notificationJson, unreadCount } from "~/services/notifications.server";
import type { Route } from "./+types/notifications";

/**
 * GET /api/notifications, GET /api/notifications/count, PATCH /api/notifications/{id}/read,
 * PATCH /api/notifications/read-all: always the caller's own.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return withApiUser(context, request, ({ db, user }) => {
    const headers = { "Cache-Control": "no-store" };
    if (params.id === "count") return Response.json({ count: unreadCount(db, user.id) }, { headers });
    if (params.id) return Response.json({ message: "Not Found" }, { status: 404 });
    return Response.json(listNotifications(db, user.id).map(notificationJson), { headers });
  });
}

export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PATCH") return methodNotAllowed();
  return withApiUser(context, request, ({ db, user }) => {
    if (params.id === "read-all") return Response.json({ updated: markAllRead(db, user.id) });
    if (!params.id) return methodNotAllowed();
    markRead(db, user.id, params.id);
    return Response.json({ id: params.id, isRead: true });
  });
}
