// The shopper's order mails (issue #46), one per event per checkout, in her language, written
// to the outbox in the event's own transaction. Order-status mails are always sent (the terms
// call them mandatory), whatever her optional-mail switches say.
//
// The order placed says what she ordered at what price now, where and when she collects (the
// same pickup point every page shows), how the final price is set, and until when she may change
// or cancel. The week's close sends each shopper of the week one mail: her final prices, what
// she saved and what she brings, or that the week missed its minimum and her orders are off.
import { eq, inArray } from "drizzle-orm";
import { publicOrigin } from "~/config.server";
import type { Queryable } from "~/db/client.server";
import { communities, deals, pickupPoints, users, weeklyCycles, type Language, type Order, type PickupPoint, type User } from "~/db/schema";
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

type Translate = ReturnType<typeof translatorFor>;

/** Where and when she gets the order: the pickup point's address, day and hours, or the delivery address. */
function whereLines(
  points: (id: string) => PickupPoint | undefined,
  t: Translate,
  language: Language,
  order: Pick<Order, "pickupPointId" | "deliveryType" | "deliveryAddress">,
  orderDeadline: Date | undefined,
): string[] {
  const point = order.pickupPointId ? points(order.pickupPointId) : undefined;
  if (point) {
    const date = pointDateInWeek(point, orderDeadline);
    const day = date ? formatDay(date, language) : point.pickupDays.map((d) => t(`days.${d}`)).join(", ");
    const lines = [t("mail.order.pickup", { address: point.address, when: `${day} · ${plain(formatTimeRange(point.pickupStartTime, point.pickupEndTime))}` })];
    if (point.instructions) lines.push(t("mail.order.instructions", { instructions: point.instructions }));
    return lines;
  }
  if (order.deliveryType === "DELIVERY" && order.deliveryAddress) return [t("mail.order.delivery", { address: order.deliveryAddress })];
  return [];
}

/** Pickup points by id, each read once (a week's close mails every shopper of the week). */
function pointReader(tx: Queryable) {
  const read = new Map<string, PickupPoint | undefined>();
  return (id: string) => {
    if (!read.has(id)) read.set(id, tx.select().from(pickupPoints).where(eq(pickupPoints.id, id)).get());
    return read.get(id);
  };
}

const greeting = (t: Translate, firstName: string | null) => (firstName ? t("mail.order.greeting", { name: firstName }) : t("mail.order.greetingNoName"));

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

  const lines = placed.map((order) => {
    const deal = titles.get(order.dealId);
    return t("mail.order.line", { title: deal?.title ?? "", qty: order.qty, unit: deal ? unitLabel(deal.unit, language) : "", total: money(order.total - order.deliveryFee) });
  });
  const total = placed.reduce((sum, order) => sum + order.total, 0);
  const fee = placed.reduce((sum, order) => sum + order.deliveryFee, 0);
  const paragraphs = [
    greeting(t, user.firstName),
    t("mail.order.placedIntro", { community: community?.name ?? "" }),
  ];
  const after = [fee > 0 ? t("mail.order.totalWithDelivery", { total: money(total), fee: money(fee) }) : t("mail.order.total", { total: money(total) })];
  after.push(...whereLines(pointReader(tx), t, language, first, cycle?.orderDeadline));
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

/** One of a shopper's orders as the week's close left it. */
export interface ClosedLine {
  userId: string;
  title: string;
  unit: string;
  qty: number;
  /** the order's final total (its delivery fee included) */
  total: number;
  deliveryFee: number;
  /** base total less what she pays for the goods */
  saved: number;
  /** the close raised her unit price (the week earned less discount than she was shown) */
  raised: boolean;
  order: Pick<Order, "pickupPointId" | "deliveryType" | "deliveryAddress">;
}

/**
 * The week's close, one mail per shopper of the week (in the close's transaction): her final
 * prices, what she saved and what she brings, with where and when; or, when the week missed
 * its minimum, that her orders are cancelled and nothing is owed.
 */
export function mailWeekClosed(tx: Queryable, week: { community: string; orderDeadline: Date; goalMet: boolean }, lines: readonly ClosedLine[]): void {
  const byShopper = new Map<string, ClosedLine[]>();
  for (const line of lines) byShopper.set(line.userId, [...(byShopper.get(line.userId) ?? []), line]);
  if (byShopper.size === 0) return;
  const points = pointReader(tx);
  const people = tx.select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language }).from(users).where(inArray(users.id, [...byShopper.keys()])).all();
  for (const person of people) {
    const mine = byShopper.get(person.id)!;
    const t = translatorFor(person.language);
    const money = (agorot: number) => plain(formatShekel(agorot, person.language));
    const unit = (line: ClosedLine) => unitLabel(line.unit, person.language);
    if (!week.goalMet) {
      queueMail(tx, {
        kind: "week-cancelled",
        to: person.email,
        subject: t("mail.week.cancelledSubject", { community: week.community }),
        ...mailBodies({
          dir: t("mail.dir"),
          paragraphs: [greeting(t, person.firstName), t("mail.week.cancelledIntro", { community: week.community })],
          lines: mine.map((line) => t("mail.week.cancelledLine", { title: line.title, qty: line.qty, unit: unit(line) })),
          after: [t("mail.week.cancelledAfter")],
          cta: { text: t("mail.week.orderAgain"), link: `${publicOrigin()}/deals` },
          footer: t("mail.order.footer"),
        }),
      });
      continue;
    }
    const total = mine.reduce((sum, line) => sum + line.total, 0);
    const saved = mine.reduce((sum, line) => sum + Math.max(0, line.saved), 0);
    const after = [t("mail.week.total", { total: money(total) })];
    if (saved > 0) after.push(t("mail.week.saved", { saved: money(saved) }));
    if (mine.some((line) => line.raised)) after.push(t("mail.week.raised"));
    after.push(...whereLines(points, t, person.language, mine[0]!.order, week.orderDeadline));
    queueMail(tx, {
      kind: "week-closed",
      to: person.email,
      subject: t("mail.week.closedSubject", { community: week.community }),
      ...mailBodies({
        dir: t("mail.dir"),
        paragraphs: [greeting(t, person.firstName), t("mail.week.closedIntro", { community: week.community })],
        lines: mine.map((line) =>
          t(line.saved > 0 ? "mail.week.lineSaved" : "mail.week.line", { title: line.title, qty: line.qty, unit: unit(line), total: money(line.total - line.deliveryFee), saved: money(line.saved) }),
        ),
        after,
        cta: { text: t("mail.order.cta"), link: `${publicOrigin()}/orders` },
        footer: t("mail.order.footer"),
      }),
    });
  }
}
