// The shopper's order mails (issue #46), one per event per checkout, in her language, written
// to the outbox in the event's own transaction. Order-status mails are always sent (the terms
// call them mandatory), whatever her optional-mail switches say.
//
// Today: the order placed. It says what she ordered at what price now, where and when she
// collects (the same pickup point every page shows), how the final price is set, and until when
// she may change or cancel.
import { eq, inArray } from "drizzle-orm";
import { publicOrigin } from "~/config.server";
import type { Queryable } from "~/db/client.server";
import { communities, deals, pickupPoints, weeklyCycles, type Order, type User } from "~/db/schema";
import { formatDateTime, formatDay } from "~/domain/dates";
import { formatShekel } from "~/domain/money";
import { changeCutoffAt } from "~/domain/order-status";
import { pointDateInWeek } from "~/domain/pickup-point";
import { formatTimeRange } from "~/domain/time";
import { unitLabel } from "~/locales/units";
import { translatorFor } from "./i18n.server";
import { mailBodies } from "./mail-layout.server";
import { queueMail } from "./mail-outbox.server";

/** Strips the bidi isolates the pages use: a mail client shows them as boxes in a subject. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, "");

/** The "we have your order" mail of one checkout (all its orders share a week and a way). */
export function mailOrderPlaced(tx: Queryable, user: Pick<User, "email" | "firstName" | "language">, placed: readonly Order[]): void {
  const first = placed[0];
  if (!first) return;
  const language = user.language;
  const t = translatorFor(language);
  const money = (agorot: number) => plain(formatShekel(agorot, language));
  const titles = new Map(
    tx
      .select({ id: deals.id, title: deals.title, unit: deals.unit })
      .from(deals)
      .where(inArray(deals.id, [...new Set(placed.map((order) => order.dealId))]))
      .all()
      .map((deal) => [deal.id, deal]),
  );
  const community = first.communityId ? tx.select({ name: communities.name }).from(communities).where(eq(communities.id, first.communityId)).get() : undefined;
  const cycle = first.weeklyCycleId ? tx.select({ orderDeadline: weeklyCycles.orderDeadline }).from(weeklyCycles).where(eq(weeklyCycles.id, first.weeklyCycleId)).get() : undefined;
  const point = first.pickupPointId ? tx.select().from(pickupPoints).where(eq(pickupPoints.id, first.pickupPointId)).get() : undefined;

  const lines = placed.map((order) => {
    const deal = titles.get(order.dealId);
    return t("mail.order.line", { title: deal?.title ?? "", qty: order.qty, unit: deal ? unitLabel(deal.unit, language) : "", total: money(order.total - order.deliveryFee) });
  });
  const total = placed.reduce((sum, order) => sum + order.total, 0);
  const fee = placed.reduce((sum, order) => sum + order.deliveryFee, 0);
  const paragraphs = [
    user.firstName ? t("mail.order.greeting", { name: user.firstName }) : t("mail.order.greetingNoName"),
    t("mail.order.placedIntro", { community: community?.name ?? "" }),
  ];
  const after = [fee > 0 ? t("mail.order.totalWithDelivery", { total: money(total), fee: money(fee) }) : t("mail.order.total", { total: money(total) })];
  if (point) {
    const date = pointDateInWeek(point, cycle?.orderDeadline);
    const day = date ? formatDay(date, language) : point.pickupDays.map((d) => t(`days.${d}`)).join(", ");
    after.push(t("mail.order.pickup", { address: point.address, when: `${day} · ${plain(formatTimeRange(point.pickupStartTime, point.pickupEndTime))}` }));
    if (point.instructions) after.push(t("mail.order.instructions", { instructions: point.instructions }));
  } else if (first.deliveryType === "DELIVERY" && first.deliveryAddress) {
    after.push(t("mail.order.delivery", { address: first.deliveryAddress }));
  }
  if (cycle) {
    after.push(t("mail.order.finalPrice", { deadline: formatDateTime(cycle.orderDeadline, language) }));
    after.push(t("mail.order.changeUntil", { cutoff: formatDateTime(changeCutoffAt(cycle.orderDeadline), language) }));
  }
  queueMail(tx, {
    kind: "order-placed",
    to: user.email,
    subject: t("mail.order.placedSubject", { community: community?.name ?? "" }),
    ...mailBodies({
      dir: t("mail.dir"),
      paragraphs,
      lines,
      after,
      cta: { text: t("mail.order.cta"), link: `${publicOrigin()}/orders` },
      footer: t("mail.order.footer"),
    }),
  });
}
