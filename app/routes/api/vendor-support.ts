import { methodNotAllowed, parseJsonBody } from "~/auth/api.server";
import { withApiVendor } from "~/auth/vendor-guard.server";
import { ContactSchema } from "~/domain/contact-schema";
import { receiveContactMessage } from "~/services/contact.server";
import type { Route } from "./+types/vendor-support";

/** POST /api/vendor/support: a vendor's message to the team, stored as a vendor-support message. */
export function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  return withApiVendor(context, request, async ({ db, i18n, user }) => {
    const body = await parseJsonBody(request, i18n, ContactSchema);
    if ("response" in body) return body.response;
    const message = receiveContactMessage(db, body.data, user.id, "vendor-support");
    if (!message) return Response.json({ ok: true }, { status: 202 });
    return Response.json(
      { id: message.id, kind: message.kind, subject: message.subject, createdAt: message.createdAt.toISOString() },
      { status: 201 },
    );
  });
}

export function loader() {
  return methodNotAllowed();
}
