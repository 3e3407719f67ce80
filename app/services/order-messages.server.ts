// What a shopper is told about her orders (issue #46): the bell and the mailbox, from this one
// place, so they never disagree. One mail per event per checkout (not one per product line), in
// her language, written to the outbox in the event's own transaction. Order-status mails are
// always sent (the terms call them mandatory), whatever her optional-mail switches say.
//
// The events: her order placed (what, where and when, how the final price is set, until when she
// may change it); changed by her; cancelled by her, by the organiser, refunded, or not collected;
// the week's close (her final prices and savings, or the week missed its minimum and her orders
// are off); the day before she collects; collected (with her receipts).
import { and, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import { publicOrigin } from "~/config.server";
import type { Db, Queryable } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { communities, deals, orders, pickupPoints, users, weeklyCycles, type Language, type Order, type PickupPoint, type User } from "~/db/schema";
import { formatDateTime, formatDay } from "~/domain/dates";
import { formatShekel } from "~/domain/money";
import { changeCutoffAt } from "~/domain/order-status";
import { pickupDayText, pointDateInWeek } from "~/domain/pickup-point";
import { formatTimeRange } from "~/domain/time";
import { unitLabel } from "~/locales/units";
import { translatorFor } from "./i18n.server";
import { greetingLine, mailBodies, plainText } from "./mail-layout.server";
import { queueMail } from "./mail-outbox.server";
import { notify, type NewNotification } from "./notifications.server";
import { mailSender } from "./site-settings.server";


type Translate = ReturnType<typeof translatorFor>;

// The order-placed mail's reads, prepared: it is written inside every checkout's write
// transaction, and drizzle building these queries each time was a tenth of composing it.
const pointById = preparedQuery((db) => db.select().from(pickupPoints).where(eq(pickupPoints.id, sql.placeholder("id"))).prepare());
const dealTitleById = preparedQuery((db) => db.select({ id: deals.id, title: deals.title, unit: deals.unit }).from(deals).where(eq(deals.id, sql.placeholder("id"))).prepare());
const communityNameById = preparedQuery((db) => db.select({ name: communities.name }).from(communities).where(eq(communities.id, sql.placeholder("id"))).prepare());
const weekDeadlineById = preparedQuery((db) => db.select({ orderDeadline: weeklyCycles.orderDeadline }).from(weeklyCycles).where(eq(weeklyCycles.id, sql.placeholder("id"))).prepare());

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
    const day = pickupDayText(point, orderDeadline, language, (d) => t(`days.${d}`));
    const lines = [t("mail.order.pickup", { address: point.address, when: `${day} · ${plainText(formatTimeRange(point.pickupStartTime, point.pickupEndTime))}` })];
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
    if (!read.has(id)) read.set(id, pointById(tx).get({ id }));
    return read.get(id);
  };
}

/** When she collects an order: her point's day and opening hour in its week (issue #45), else the week's delivery day. */
function handOverAt(points: (id: string) => PickupPoint | undefined, order: Pick<Order, "pickupPointId">, orderDeadline: Date, weekPickupDate: Date): Date {
  const point = order.pickupPointId ? points(order.pickupPointId) : undefined;
  return (point ? pointDateInWeek(point, orderDeadline) : null) ?? weekPickupDate;
}

/** Every order mail ends alike: why it came (order mails always do), then who sends it. */
function orderMailFooter(tx: Queryable, t: Translate, language: Language) {
  return { footer: t("mail.order.footer"), sender: mailSender(tx, language) };
}

/** The "we have your order" mail of one checkout (all its orders share a week and a way). */
export function mailOrderPlaced(tx: Queryable, user: Pick<User, "email" | "firstName" | "language">, placed: readonly Order[]): void {
  const first = placed[0];
  if (!first) return;
  const language = user.language;
  const t = translatorFor(language);
  const money = (agorot: number) => plainText(formatShekel(agorot, language));
  const titles = new Map([...new Set(placed.map((order) => order.dealId))].flatMap((id) => dealTitleById(tx).all({ id })).map((deal) => [deal.id, deal]));
  const community = first.communityId ? communityNameById(tx).get({ id: first.communityId }) : undefined;
  const cycle = first.weeklyCycleId ? weekDeadlineById(tx).get({ id: first.weeklyCycleId }) : undefined;

  const lines = placed.map((order) => {
    const deal = titles.get(order.dealId);
    return t("mail.order.line", { title: deal?.title ?? "", qty: order.qty, unit: deal ? unitLabel(deal.unit, language, order.qty) : "", total: money(order.total - order.deliveryFee) });
  });
  const total = placed.reduce((sum, order) => sum + order.total, 0);
  const fee = placed.reduce((sum, order) => sum + order.deliveryFee, 0);
  const paragraphs = [
    greetingLine(t, user.firstName),
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
      ...orderMailFooter(tx, t, language),
    }),
  });
}

/** The people the messages go to, each read once. */
function peopleOf(tx: Queryable, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, language: users.language })
    .from(users)
    .where(inArray(users.id, [...new Set(userIds)]))
    .all();
}

/** Each shopper's items, in the order given. */
function byShopper<T extends { userId: string }>(items: readonly T[]): Map<string, T[]> {
  const grouped = new Map<string, T[]>();
  for (const item of items) grouped.set(item.userId, [...(grouped.get(item.userId) ?? []), item]);
  return grouped;
}

/** The title, slug and unit of each deal the orders name. */
function dealsOf(tx: Queryable, placed: readonly Pick<Order, "dealId">[]) {
  const ids = [...new Set(placed.map((order) => order.dealId))];
  if (ids.length === 0) return new Map<string, { title: string; slug: string; unit: string }>();
  return new Map(
    tx.select({ id: deals.id, title: deals.title, slug: deals.slug, unit: deals.unit }).from(deals).where(inArray(deals.id, ids)).all().map((deal) => [deal.id, deal]),
  );
}

function communityName(tx: Queryable, communityId: string | null): string {
  if (!communityId) return "";
  return tx.select({ name: communities.name }).from(communities).where(eq(communities.id, communityId)).get()?.name ?? "";
}

/** What a mail says of one order line: the deal, how many, what it costs. */
function lineText(t: Translate, language: Language, deal: { title: string; unit: string } | undefined, order: Pick<Order, "qty" | "total" | "deliveryFee">) {
  return t("mail.order.line", { title: deal?.title ?? "", qty: order.qty, unit: deal ? unitLabel(deal.unit, language, order.qty) : "", total: plainText(formatShekel(order.total - order.deliveryFee, language)) });
}

/** Her change of an order's quantity (orders.server.ts changeOrderQty): the line as it now is. */
export function tellOrderChanged(tx: Queryable, before: Order, after: Order): void {
  const [person] = peopleOf(tx, [after.userId]);
  if (!person) return;
  const t = translatorFor(person.language);
  const deal = dealsOf(tx, [after]).get(after.dealId);
  const cycle = after.weeklyCycleId ? tx.select({ orderDeadline: weeklyCycles.orderDeadline }).from(weeklyCycles).where(eq(weeklyCycles.id, after.weeklyCycleId)).get() : undefined;
  const unit = deal ? unitLabel(deal.unit, person.language, after.qty) : "";
  const after_ = cycle ? [t("mail.order.changeUntil", { cutoff: formatDateTime(changeCutoffAt(cycle.orderDeadline), person.language) })] : [];
  queueMail(tx, {
    kind: "order-changed",
    to: person.email,
    subject: t("mail.order.changedSubject", { title: deal?.title ?? "" }),
    ...mailBodies({
      dir: t("mail.dir"),
      paragraphs: [greetingLine(t, person.firstName), t("mail.order.changedIntro")],
      lines: [t("mail.order.changedLine", { title: deal?.title ?? "", qty: after.qty, before: before.qty, unit, total: plainText(formatShekel(after.total - after.deliveryFee, person.language)) })],
      after: after_,
      cta: { text: t("mail.order.cta"), link: `${publicOrigin()}/orders/${after.id}` },
      ...orderMailFooter(tx, t, person.language),
    }),
  });
}

/** Who cancelled: she did, the organiser did (or refunded it), or nobody came for it on pickup day. */
export type CancelledBy = "shopper" | "organiser" | "refund" | "noShow";

/** Orders cancelled or refunded together (one shopper's, or an organiser's step): one mail to each shopper. */
export function tellOrdersCancelled(tx: Queryable, cancelled: readonly Order[], by: CancelledBy): void {
  const titles = dealsOf(tx, cancelled);
  const mine = byShopper(cancelled);
  for (const person of peopleOf(tx, [...mine.keys()])) {
    const lines = mine.get(person.id)!;
    const t = translatorFor(person.language);
    const community = communityName(tx, lines[0]!.communityId);
    queueMail(tx, {
      kind: by === "refund" ? "order-refunded" : "order-cancelled",
      to: person.email,
      subject: t(by === "refund" ? "mail.order.refundedSubject" : "mail.order.cancelledSubject", { community }),
      ...mailBodies({
        dir: t("mail.dir"),
        paragraphs: [greetingLine(t, person.firstName), t(`mail.order.cancelledIntro.${by}`, { community })],
        lines: lines.map((order) => lineText(t, person.language, titles.get(order.dealId), order)),
        after: [t("mail.order.cancelledAfter")],
        cta: { text: t("mail.order.cta"), link: `${publicOrigin()}/orders` },
        ...orderMailFooter(tx, t, person.language),
      }),
    });
  }
}

/** One of a shopper's orders as the week's close left it. */
export interface ClosedLine {
  userId: string;
  dealTitle: string;
  dealSlug: string;
  dealUnit: string;
  /** the order as the close left it (its final unit price and total, delivery fee included) */
  order: Order;
  /** her unit price before the close */
  unitBefore: number;
  /** base total less what she pays for the goods */
  saved: number;
}

const raisedBy = (line: ClosedLine) => line.order.unitPriceAtPurchase > line.unitBefore;

/** The bell's word on one line of the close: the final price, what she saved, or her new price and her way out. */
function closedNotice(t: Translate, language: Language, week: { goalMet: boolean }, pickupAt: Date, line: ClosedLine): NewNotification {
  const money = (agorot: number) => formatShekel(agorot, language);
  const base = { userId: line.userId, type: "GROUP_COMPLETE" as const, data: { dealSlug: line.dealSlug, orderId: line.order.id } };
  if (!week.goalMet) return { ...base, title: t("notify.goalMissedTitle"), message: t("notify.goalMissedMessage", { deal: line.dealTitle }) };
  if (raisedBy(line)) {
    return {
      ...base,
      title: t("notify.priceRaisedTitle"),
      message: t("notify.priceRaisedMessage", {
        deal: line.dealTitle,
        unitBefore: money(line.unitBefore),
        unit: money(line.order.unitPriceAtPurchase),
        total: money(line.order.total),
        pickup: formatDateTime(pickupAt, language),
      }),
    };
  }
  return {
    ...base,
    title: t("notify.groupCompleteTitle"),
    message: t("notify.groupCompleteMessage", { deal: line.dealTitle, paid: money(line.order.total), savedText: line.saved > 0 ? t("notify.savedText", { saved: money(line.saved) }) : "" }),
  };
}

/**
 * The week's close (in the close's transaction): on the bell, a word on each line; in the
 * mailbox, one mail per shopper with her final prices, what she saved and what she pays, with
 * where and when; or, when the week missed its minimum, that her orders are cancelled and
 * nothing is owed.
 */
export function tellWeekClosed(tx: Queryable, week: { community: string; orderDeadline: Date; pickupDate: Date; goalMet: boolean }, lines: readonly ClosedLine[]): void {
  const mine = byShopper(lines);
  if (mine.size === 0) return;
  const points = pointReader(tx);
  const notices: NewNotification[] = [];
  for (const person of peopleOf(tx, [...mine.keys()])) {
    const hers = mine.get(person.id)!;
    const t = translatorFor(person.language);
    const money = (agorot: number) => plainText(formatShekel(agorot, person.language));
    const unit = (line: ClosedLine) => unitLabel(line.dealUnit, person.language, line.order.qty);
    for (const line of hers) {
      notices.push(closedNotice(t, person.language, week, handOverAt(points, line.order, week.orderDeadline, week.pickupDate), line));
    }
    if (!week.goalMet) {
      queueMail(tx, {
        kind: "week-cancelled",
        to: person.email,
        subject: t("mail.week.cancelledSubject", { community: week.community }),
        ...mailBodies({
          dir: t("mail.dir"),
          paragraphs: [greetingLine(t, person.firstName), t("mail.week.cancelledIntro", { community: week.community })],
          lines: hers.map((line) => t("mail.week.cancelledLine", { title: line.dealTitle, qty: line.order.qty, unit: unit(line) })),
          after: [t("mail.week.cancelledAfter")],
          cta: { text: t("mail.week.orderAgain"), link: `${publicOrigin()}/deals` },
          ...orderMailFooter(tx, t, person.language),
        }),
      });
      continue;
    }
    const total = hers.reduce((sum, line) => sum + line.order.total, 0);
    const saved = hers.reduce((sum, line) => sum + Math.max(0, line.saved), 0);
    const after = [t("mail.week.total", { total: money(total) })];
    if (saved > 0) after.push(t("mail.week.saved", { saved: money(saved) }));
    if (hers.some(raisedBy)) after.push(t("mail.week.raised"));
    after.push(...whereLines(points, t, person.language, hers[0]!.order, week.orderDeadline));
    queueMail(tx, {
      kind: "week-closed",
      to: person.email,
      subject: t("mail.week.closedSubject", { community: week.community }),
      ...mailBodies({
        dir: t("mail.dir"),
        paragraphs: [greetingLine(t, person.firstName), t("mail.week.closedIntro", { community: week.community })],
        lines: hers.map((line) =>
          t(line.saved > 0 ? "mail.week.lineSaved" : "mail.week.line", {
            title: line.dealTitle,
            qty: line.order.qty,
            unit: unit(line),
            total: money(line.order.total - line.order.deliveryFee),
            saved: money(line.saved),
          }),
        ),
        after,
        cta: { text: t("mail.order.cta"), link: `${publicOrigin()}/orders` },
        ...orderMailFooter(tx, t, person.language),
      }),
    });
  }
  notify(tx, notices);
}

/**
 * Orders handed over together (a pickup-day tick, "all collected", one order by hand): on the
 * bell, each one delivered and a nudge to review it; one mail per shopper with a receipt link
 * for each.
 */
export function tellCollected(tx: Queryable, collected: readonly Order[]): void {
  const about = dealsOf(tx, collected);
  const mine = byShopper(collected);
  const notices: NewNotification[] = [];
  for (const person of peopleOf(tx, [...mine.keys()])) {
    const hers = mine.get(person.id)!;
    const t = translatorFor(person.language);
    for (const order of hers) {
      const deal = about.get(order.dealId);
      const data = { dealSlug: deal?.slug, orderId: order.id };
      notices.push(
        { userId: order.userId, type: "ORDER_DELIVERED", title: t("notify.orderDeliveredTitle"), message: t("notify.orderDeliveredMessage", { deal: deal?.title ?? "" }), data },
        { userId: order.userId, type: "REVIEW_REMINDER", title: t("notify.reviewReminderTitle"), message: t("notify.reviewReminderMessage", { deal: deal?.title ?? "" }), data },
      );
    }
    const community = communityName(tx, hers[0]!.communityId);
    queueMail(tx, {
      kind: "order-collected",
      to: person.email,
      subject: t("mail.order.collectedSubject", { community }),
      ...mailBodies({
        dir: t("mail.dir"),
        paragraphs: [greetingLine(t, person.firstName), t("mail.order.collectedIntro", { community })],
        lines: hers.map((order) => `${lineText(t, person.language, about.get(order.dealId), order)} · ${t("mail.order.receipt")}: ${publicOrigin()}/orders/${order.id}/receipt`),
        after: [t("mail.order.collectedAfter")],
        cta: { text: t("mail.order.cta"), link: `${publicOrigin()}/orders` },
        ...orderMailFooter(tx, t, person.language),
      }),
    });
  }
  notify(tx, notices);
}

/** She hears this long before she collects (or her delivery comes). */
export const PICKUP_REMINDER_BEFORE_MS = 24 * 60 * 60 * 1000;
/** Weeks closed longer ago than this have nothing left to remind of. */
const REMINDER_LOOKBACK_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * The clock's reminder the day before pickup: every order of a settled week still waiting to be
 * handed over, whose pickup (her point's day and opening hour, or the week's delivery day) is
 * less than a day away and not yet past, is mailed once, one mail per shopper and week. One
 * write transaction; returns how many mails it wrote.
 */
export function remindPickups(db: Db, now: Date): number {
  return db.transaction(
    (tx) => {
      const waiting = tx
        .select({ order: orders, orderDeadline: weeklyCycles.orderDeadline, pickupDate: weeklyCycles.pickupDate })
        .from(orders)
        .innerJoin(weeklyCycles, eq(weeklyCycles.id, orders.weeklyCycleId))
        .where(
          and(
            // Written out, not bound: a partial index is conditioned on this column (compiled-once.test.ts).
            sql`${weeklyCycles.isActive} = 0`,
            eq(weeklyCycles.goalMissed, false),
            gt(weeklyCycles.orderDeadline, new Date(now.getTime() - REMINDER_LOOKBACK_MS)),
            lte(weeklyCycles.orderDeadline, now),
            inArray(orders.status, ["PENDING", "PAID"]),
            isNull(orders.pickupRemindedAt),
          ),
        )
        .all();
      const points = pointReader(tx);
      const when = (row: (typeof waiting)[number]) => handOverAt(points, row.order, row.orderDeadline, row.pickupDate);
      const due = waiting.filter((row) => {
        const at = when(row).getTime();
        return at > now.getTime() && at - now.getTime() <= PICKUP_REMINDER_BEFORE_MS;
      });
      if (due.length === 0) return 0;
      const about = dealsOf(tx, due.map((row) => row.order));
      const groups = byShopper(due.map((row) => ({ userId: `${row.order.userId}\n${row.order.weeklyCycleId}`, row })));
      const people = new Map(peopleOf(tx, due.map((row) => row.order.userId)).map((person) => [person.id, person]));
      let mailed = 0;
      for (const rows of groups.values()) {
        const first = rows[0]!.row;
        const person = people.get(first.order.userId);
        if (!person) continue;
        const t = translatorFor(person.language);
        const toPay = rows.filter(({ row }) => row.order.status === "PENDING").reduce((sum, { row }) => sum + row.order.total, 0);
        const after = whereLines(points, t, person.language, first.order, first.orderDeadline);
        if (toPay > 0) after.push(t("mail.order.toPay", { total: plainText(formatShekel(toPay, person.language)) }));
        const community = communityName(tx, first.order.communityId);
        queueMail(tx, {
          kind: "pickup-reminder",
          to: person.email,
          subject: t("mail.order.reminderSubject", { community, day: formatDay(when(first), person.language) }),
          ...mailBodies({
            dir: t("mail.dir"),
            paragraphs: [greetingLine(t, person.firstName), t("mail.order.reminderIntro", { community })],
            lines: rows.map(({ row }) => lineText(t, person.language, about.get(row.order.dealId), row.order)),
            after,
            cta: { text: t("mail.order.cta"), link: `${publicOrigin()}/orders` },
            ...orderMailFooter(tx, t, person.language),
          }),
        });
        mailed += 1;
      }
      tx.update(orders)
        .set({ pickupRemindedAt: now })
        .where(inArray(orders.id, due.map((row) => row.order.id)))
        .run();
      return mailed;
    },
    { behavior: "immediate" },
  );
}
