// The optional mails (issue #46): the reminder before the week's orders close and the weekly
// digest of the community's deals. Each goes only to those whose switches allow it
// (domain/mail-preferences.ts) and carries its one-click unsubscribe (RFC 8058). The reminder's
// word on the bell is written here too, beside its mail, so the two never disagree.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { publicOrigin } from "~/config.server";
import type { Queryable } from "~/db/client.server";
import { cartItems, deals, groups, users, weeklyCycles, type Community, type Language } from "~/db/schema";
import { formatDateTime } from "~/domain/dates";
import { wantsMail, type OptionalMail } from "~/domain/mail-preferences";
import { formatShekel } from "~/domain/money";
import { unitLabel } from "~/locales/units";
import { translatorFor } from "./i18n.server";
import { greetingLine, mailBodies, plainText } from "./mail-layout.server";
import { queueMail } from "./mail-outbox.server";
import { unsubscribeHeaders, unsubscribeLink } from "./mail-preferences.server";
import { notify } from "./notifications.server";
import { mailSender } from "./site-settings.server";


const switches = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  language: users.language,
  emailNotifications: users.emailNotifications,
  mailDeadlineReminder: users.mailDeadlineReminder,
  mailWeeklyDigest: users.mailWeeklyDigest,
};
interface Member {
  id: string;
  email: string;
  firstName: string | null;
  language: Language;
  emailNotifications: boolean;
  mailDeadlineReminder: boolean;
  mailWeeklyDigest: boolean;
}
type WeeklyCycle = typeof weeklyCycles.$inferSelect;

/** An optional mail to one member: her language, her way out in the headers and under the footer. */
function queueOptional(tx: Queryable, member: Member, type: OptionalMail, mail: { subject: string; paragraphs: string[]; lines: string[]; after: string[]; cta: { text: string; link: string } }) {
  const t = translatorFor(member.language);
  queueMail(tx, {
    kind: type === "deadlineReminder" ? "deadline-reminder" : "weekly-digest",
    to: member.email,
    subject: mail.subject,
    headers: unsubscribeHeaders(member.id, type),
    ...mailBodies({
      dir: t("mail.dir"),
      paragraphs: mail.paragraphs,
      lines: mail.lines,
      after: mail.after,
      cta: mail.cta,
      footer: t(`mail.optional.why.${type}`),
      sender: mailSender(tx, member.language),
      unsubscribe: { text: t("mail.optional.unsubscribe"), link: unsubscribeLink(member.id, type) },
    }),
  });
}


/**
 * 24 hours before the week's deadline, members of the community with something in the cart:
 * a word on the bell for each, and a mail to those who want the reminder, listing what waits.
 */
export function tellDeadlineNear(tx: Queryable, cycle: WeeklyCycle, community: Pick<Community, "name">): void {
  const waiting = tx
    .select({ userId: cartItems.userId, title: deals.title, qty: cartItems.qty, unit: deals.unit })
    .from(cartItems)
    .innerJoin(users, eq(users.id, cartItems.userId))
    .innerJoin(deals, eq(deals.id, cartItems.dealId))
    .where(eq(users.communityId, cycle.communityId))
    .orderBy(asc(cartItems.addedAt))
    .all();
  const carts = new Map<string, typeof waiting>();
  for (const item of waiting) carts.set(item.userId, [...(carts.get(item.userId) ?? []), item]);
  if (carts.size === 0) return;
  const members = tx.select(switches).from(users).where(inArray(users.id, [...carts.keys()])).all();
  for (const member of members) {
    const t = translatorFor(member.language);
    const deadline = formatDateTime(cycle.orderDeadline, member.language);
    notify(tx, [{ userId: member.id, type: "DEAL_ENDING", title: t("notify.dealEndingTitle"), message: t("notify.dealEndingMessage", { deadline }) }]);
    if (!wantsMail(member, "deadlineReminder")) continue;
    queueOptional(tx, member, "deadlineReminder", {
      subject: t("mail.optional.deadlineSubject", { deadline: plainText(deadline) }),
      paragraphs: [greetingLine(t, member.firstName), t("mail.optional.deadlineIntro", { community: community.name, deadline })],
      lines: carts.get(member.id)!.map((item) => t("mail.week.cancelledLine", { title: item.title, qty: item.qty, unit: unitLabel(item.unit, member.language, item.qty) })),
      after: [t("mail.optional.deadlineAfter")],
      cta: { text: t("mail.optional.deadlineCta"), link: `${publicOrigin()}/cart` },
    });
  }
}

/** The digest lists this many deals; the rest are a link away. */
const DIGEST_DEALS = 8;

/**
 * When a community's new week opens: its deals, to the members who asked for the weekly digest.
 * Returns how many were mailed. A week with no deal on sale mails nobody.
 */
export function mailWeekDigest(tx: Queryable, cycle: WeeklyCycle, community: Pick<Community, "id" | "name">): number {
  const onSale = tx
    .selectDistinct({ title: deals.title, basePrice: deals.basePrice, unit: deals.unit, createdAt: deals.createdAt })
    .from(groups)
    .innerJoin(deals, eq(deals.id, groups.dealId))
    .where(and(eq(groups.weeklyCycleId, cycle.id), eq(deals.status, "ACTIVE")))
    .orderBy(desc(deals.createdAt))
    .all();
  if (onSale.length === 0) return 0;
  const readers = tx
    .select(switches)
    .from(users)
    .where(eq(users.communityId, community.id))
    .all()
    .filter((member) => wantsMail(member, "weeklyDigest"));
  for (const member of readers) {
    const t = translatorFor(member.language);
    const shown = onSale.slice(0, DIGEST_DEALS);
    const after = onSale.length > shown.length ? [t("mail.optional.digestMore", { count: onSale.length - shown.length })] : [];
    after.push(t("mail.optional.digestAfter"));
    queueOptional(tx, member, "weeklyDigest", {
      subject: t("mail.optional.digestSubject", { community: community.name }),
      paragraphs: [greetingLine(t, member.firstName), t("mail.optional.digestIntro", { community: community.name, deadline: formatDateTime(cycle.orderDeadline, member.language) })],
      lines: shown.map((deal) => t("mail.optional.digestLine", { title: deal.title, price: plainText(formatShekel(deal.basePrice, member.language)), unit: unitLabel(deal.unit, member.language) })),
      after,
      cta: { text: t("mail.optional.digestCta"), link: `${publicOrigin()}/deals` },
    });
  }
  return readers.length;
}
