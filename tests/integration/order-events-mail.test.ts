// Issue #46: each order event after the order placed mails its shopper exactly once, in her
// language, from the same place as the bell: her change, her cancel, the organiser's cancel or
// refund, a no-show, the hand-over with its receipts, and the reminder the day before pickup.
// Real pages and API, the real services, a real SMTP peer.
import { and, asc, eq, inArray } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { communities, mailOutbox, notifications, orders, pickupPoints, users, weeklyCycles, type Order } from "~/db/schema";
import { formatDay } from "~/domain/dates";
import { pointDateInWeek } from "~/domain/pickup-point";
import { activePickupPoints } from "~/services/communities.server";
import { runCycleEngine } from "~/services/cycle-engine.server";
import { setOrderStatus } from "~/services/order-lifecycle.server";
import { remindPickups } from "~/services/order-messages.server";
import { pickupDay, recordHandOver } from "~/services/pickup-day.server";
import { readableMail, type CaughtMail } from "../support/mail-catcher";
import { useMailCatcher } from "../support/use-mail-catcher";
import { signUpShopper } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);
const mail = useMailCatcher();

beforeEach(() => {
  mail.inbox.length = 0;
});

const readable = (raw: string) => {
  const { subject, parts } = readableMail(raw);
  return [subject, ...parts].join("\n");
};

/** The mails to `address`, once the outbox has had time to send what it holds. */
async function mailsTo(address: string, atLeast = 1): Promise<CaughtMail[]> {
  const find = () => mail.inbox.filter((m) => m.to.includes(address));
  for (let i = 0; i < 100 && find().length < atLeast; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  // A moment longer: a second mail would have come by now.
  await new Promise((resolve) => setTimeout(resolve, 250));
  return find();
}

const firstCommunity = () => db().select().from(communities).orderBy(asc(communities.name)).get()!;
const emailOf = (userId: string) => db().select({ email: users.email }).from(users).where(eq(users.id, userId)).get()!.email;
const ordersOf = (userId: string) => db().select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt)).all();
const kindsTo = (address: string) => db().select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.toAddress, address)).all().map((row) => row.kind).sort();

let made = 0;

/** A shopper of the first community with `lines` pickup orders of 2 each, her order-placed mail already gone. */
async function shopperWithOrders(lines: number, language: "he" | "en" = "he") {
  const community = firstCommunity();
  const shopper = await signUpShopper(app, community.id, { emailPrefix: "events", addressPrefix: `10.47.${++made}` });
  db().update(users).set({ language }).where(eq(users.id, shopper.userId)).run();
  const list: { id: string; minQty: number; maxQty: number; groups: { id: string }[] }[] = await (await app.fetch("/api/deals?limit=100", jsonInit("GET", undefined, shopper.token))).json();
  const point = activePickupPoints(db(), community.id)[0]!;
  for (const deal of list.filter((d) => d.minQty <= 1 && d.maxQty >= 6).slice(0, lines)) {
    const placed = await app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0]!.id, qty: 2, deliveryType: "PICKUP", pickupPointId: point.id }, shopper.token));
    expect(placed.status).toBe(201);
  }
  const address = emailOf(shopper.userId);
  await mailsTo(address, lines);
  mail.inbox.length = 0;
  return { ...shopper, community, address, point };
}

/** Until the outbox has sent all it holds (a week's close mails every shopper of the week, one after another). */
async function drained() {
  const waiting = () => db().select({ id: mailOutbox.id }).from(mailOutbox).where(inArray(mailOutbox.status, ["WAITING", "SENDING"])).all().length;
  for (let i = 0; i < 400 && waiting() > 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(waiting()).toBe(0);
}

/** Closes the first community's open week now, with no minimum, so her orders go ahead. */
function closeWeek(now = Date.now()) {
  const cycle = db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, firstCommunity().id), eq(weeklyCycles.isActive, true))).get()!;
  db().update(weeklyCycles).set({ orderDeadline: new Date(now - 60_000), targetRevenue: 0 }).where(eq(weeklyCycles.id, cycle.id)).run();
  runCycleEngine(db(), new Date(now));
  return db().select().from(weeklyCycles).where(eq(weeklyCycles.id, cycle.id)).get()!;
}

describe("her own change and cancel", () => {
  it("mails the new quantity once when she changes a line, in Hebrew", async () => {
    const shopper = await shopperWithOrders(2);
    const [order] = ordersOf(shopper.userId);
    const changed = await app.fetch(`/api/orders/${order!.id}`, jsonInit("PATCH", { qty: 3 }, shopper.token));
    expect(changed.status).toBe(200);
    const [only, ...more] = await mailsTo(shopper.address);
    expect(more).toEqual([]);
    const text = readable(only!.raw);
    expect(text).toContain("עדכנתם את ההזמנה");
    expect(text).toContain("(במקום 2)");
    expect(text).toContain(`/orders/${order!.id}`);
  });

  it("mails once when she cancels a line, saying nothing is owed, in English for an English reader", async () => {
    const shopper = await shopperWithOrders(2, "en");
    const [order] = ordersOf(shopper.userId);
    expect((await app.fetch(`/api/orders/${order!.id}/cancel`, jsonInit("POST", { confirmed: "yes" }, shopper.token))).status).toBe(200);
    const [only, ...more] = await mailsTo(shopper.address);
    expect(more).toEqual([]);
    const text = readable(only!.raw);
    expect(text).toContain(`Cancelled from your order at the ${shopper.community.name} market`);
    expect(text).toContain("You cancelled these, as you asked. Nothing is owed for them:");
    expect(kindsTo(shopper.address)).toEqual(["order-cancelled", "order-placed", "order-placed"]);
  });

  it("mails nothing when a change is refused", async () => {
    const shopper = await shopperWithOrders(1);
    const [order] = ordersOf(shopper.userId);
    const refused = await app.fetch(`/api/orders/${order!.id}`, jsonInit("PATCH", { qty: 1_000_000 }, shopper.token));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(kindsTo(shopper.address)).toEqual(["order-placed"]);
  });
});

describe("the organiser's steps", () => {
  const adminId = () => db().select({ id: users.id }).from(users).where(eq(users.role, "ADMIN")).get()!.id;

  it("mails the shopper when the organiser cancels or refunds a line, each once and worded for what happened", async () => {
    const shopper = await shopperWithOrders(2);
    const [first, second] = ordersOf(shopper.userId) as [Order, Order];
    setOrderStatus(db(), adminId(), first.id, "CANCELED");
    setOrderStatus(db(), adminId(), second.id, "PAID");
    setOrderStatus(db(), adminId(), second.id, "REFUNDED");
    const mails = await mailsTo(shopper.address, 2);
    expect(mails.map((m) => readableMail(m.raw).subject)).toEqual([
      `ביטול בהזמנה שלכם בשוק של ${shopper.community.name}`,
      `החזר כספי על הזמנה בשוק של ${shopper.community.name}`,
    ]);
    expect(readable(mails[0]!.raw)).toContain(`המארגנים של ${shopper.community.name} ביטלו את המוצרים האלה`);
    expect(readable(mails[1]!.raw)).toContain("החזירו לכם את התשלום");
  });

  /** A shopper with two lines of a week just closed, her place on its pickup list, the close's mails gone. */
  async function atThePickupTable() {
    const shopper = await shopperWithOrders(2);
    const cycle = closeWeek();
    await drained();
    mail.inbox.length = 0;
    const place = pickupDay(db(), cycle.id).find((p) => p.shoppers.some((s) => s.userId === shopper.userId))!;
    return { shopper, cycle, place };
  }

  it("hands over two lines at the pickup table with one mail holding both receipts, and two words each on the bell", async () => {
    const { shopper, cycle, place } = await atThePickupTable();
    recordHandOver(db(), adminId(), cycle.id, { intent: "collected", shopper: shopper.userId, place: place.key });
    const [only, ...more] = await mailsTo(shopper.address);
    expect(more).toEqual([]);
    const text = readable(only!.raw);
    expect(text).toContain(`אספתם את ההזמנה בשוק של ${shopper.community.name}`);
    for (const order of ordersOf(shopper.userId)) {
      expect(order.status).toBe("FULFILLED");
      expect(text).toContain(`/orders/${order.id}/receipt`);
    }
    const bell = db().select({ type: notifications.type }).from(notifications).where(eq(notifications.userId, shopper.userId)).all().map((n) => n.type);
    expect(bell.filter((type) => type === "ORDER_DELIVERED")).toHaveLength(2);
    expect(bell.filter((type) => type === "REVIEW_REMINDER")).toHaveLength(2);
  });

  it("tells a shopper who did not come that her orders were cancelled, once", async () => {
    const { shopper, cycle, place } = await atThePickupTable();
    recordHandOver(db(), adminId(), cycle.id, { intent: "no-show", shopper: shopper.userId, place: place.key });
    const [only, ...more] = await mailsTo(shopper.address);
    expect(more).toEqual([]);
    expect(readable(only!.raw)).toContain("חיכו לכם ביום האיסוף ולא נאספו");
  });
});

describe("the reminder the day before pickup", () => {
  it("goes once per shopper and week, within a day of her point's opening, with what she pays there", async () => {
    const shopper = await shopperWithOrders(2);
    // Her point opens three days after the deadline, so the close itself is too early to remind.
    const inThreeDays = (new Date().getUTCDay() + 3) % 7;
    db().update(pickupPoints).set({ pickupDays: [inThreeDays] }).where(eq(pickupPoints.id, shopper.point.id)).run();
    const cycle = closeWeek();
    const point = db().select().from(pickupPoints).where(eq(pickupPoints.id, shopper.point.id)).get()!;
    const pickupAt = pointDateInWeek(point, cycle.orderDeadline)!;
    expect(pickupAt.getTime() - Date.now()).toBeGreaterThan(48 * 60 * 60_000);
    const address = shopper.address;
    await drained();
    mail.inbox.length = 0;

    // More than a day before: nothing yet.
    expect(remindPickups(db(), new Date(pickupAt.getTime() - 25 * 60 * 60_000))).toBe(0);
    // Within the day: her one mail (the other shoppers of the week get theirs too).
    expect(remindPickups(db(), new Date(pickupAt.getTime() - 23 * 60 * 60_000))).toBeGreaterThanOrEqual(1);
    await drained();
    const [only, ...more] = (await mailsTo(address)).filter((m) => readableMail(m.raw).subject.startsWith("תזכורת"));
    expect(more).toEqual([]);
    const text = readable(only!.raw);
    expect(text).toContain(`תזכורת: ההזמנה שלכם בשוק של ${shopper.community.name}, ${formatDay(pickupAt, "he")}`);
    expect(text).toContain(`איסוף: ${shopper.point.address}`);
    expect(text).toContain("לתשלום במקום:");
    // Again, and after pickup: nothing more.
    expect(remindPickups(db(), new Date(pickupAt.getTime() - 22 * 60 * 60_000))).toBe(0);
    expect(kindsTo(address).filter((kind) => kind === "pickup-reminder")).toHaveLength(1);
  });

  it("is not sent for a week that missed its minimum, nor for orders already handed over", async () => {
    const shopper = await shopperWithOrders(1);
    const cycle = db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, shopper.communityId), eq(weeklyCycles.isActive, true))).get()!;
    db().update(weeklyCycles).set({ orderDeadline: new Date(Date.now() - 60_000), targetRevenue: 100_000_000 }).where(eq(weeklyCycles.id, cycle.id)).run();
    runCycleEngine(db(), new Date());
    const pickupAt = pointDateInWeek(shopper.point, new Date(Date.now() - 60_000))!;
    remindPickups(db(), new Date(pickupAt.getTime() - 60 * 60_000));
    expect(kindsTo(shopper.address)).not.toContain("pickup-reminder");
  });
});
