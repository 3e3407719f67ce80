// Messages from the /contact form and the vendors' /vendor/support form. DESIGN.md: the form
// stores the message (admins read it) instead of pretending to send it.
import type { Db } from "~/db/client.server";
import { contactMessages, type MessageKind } from "~/db/schema";
import { HONEYPOT_FIELD, type ContactInput } from "~/domain/contact-schema";

export type ContactMessage = typeof contactMessages.$inferSelect;

/**
 * Stores a message, linked to the signed-in person when there is one. A filled honeypot means a
 * bot: nothing is stored, and null comes back so the caller can answer as if all went well
 * (a bot that is told it failed just tries again).
 */
export function receiveContactMessage(
  db: Db,
  input: ContactInput,
  userId: string | null,
  kind: MessageKind = "contact",
): ContactMessage | null {
  if (input[HONEYPOT_FIELD]?.trim()) return null;
  return db
    .insert(contactMessages)
    .values({
      userId,
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      subject: input.subject,
      message: input.message,
      kind,
    })
    .returning()
    .get();
}
