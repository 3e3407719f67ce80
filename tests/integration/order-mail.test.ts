// Issue #46: an order placed is mailed to its shopper, once per checkout (not once per line), in
// her language, with what she ordered, where and when she collects, how the final price is set
// and until when she may change it. Through the real pages and API, to a real SMTP peer.
import { and, asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { communities, mailOutbox, orders, users, weeklyCycles } from "~/db/schema";
import { activePickupPoints } from "~/services/communities.server";
import { runCycleEngine } from "~/services/cycle-engine.server";
import { formatDateTime, formatDay } from "~/domain/dates";
import { changeCutoffAt } from "~/domain/order-status";
import { pointDateInWeek } from "~/domain/pickup-point";
import { readableMail, type CaughtMail } from "../support/mail-catcher";
import { useMailCatcher } from "../support/use-mail-catcher";
import { postFormAs, signUpShopper } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);
const mail = useMailCatcher();

beforeEach(() => {
  mail.inbox.length = 0;
});

/** A mail's subject and its text parts as one readable text. */
function readable(raw: string): string {
  const { subject, parts } = readableMail(raw);
  return [subject, ...parts].join("\n");
}

/** The mails to `address` (whose subject has `about`, if given), waiting for the first to come. */
async function mailsTo(address: string, about = ""): Promise<CaughtMail[]> {
  const find = () => mail.inbox.filter((m) => m.to.includes(address) && readableMail(m.raw).subject.includes(about));
  for (let i = 0; i < 100 && find().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  return find();
}

const firstCommunity = () => db().select().from(communities).orderBy(asc(communities.name)).get()!;
const emailOf = (userId: string) => db().select({ email: users.email }).from(users).where(eq(users.id, userId)).get()!.email;

async function fillCart(token: string, lines: number) {
  const list: { id: string; minQty: number; maxQty: number; title: string; groups: { id: string }[] }[] = await (await app.fetch("/api/deals?limit=100", jsonInit("GET", undefined, token))).json();
  const picked = list.filter((d) => d.minQty <= 1 && d.maxQty >= 6).slice(0, lines);
  for (const deal of picked) expect((await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, qty: 2, groupId: deal.groups[0]!.id }, token))).status).toBe(201);
  return picked;
}

describe("the order-placed mail", () => {
  it("goes once for a checkout of two lines, in Hebrew, with the lines, the pickup point, the price rule and the cut-off", async () => {
    const community = firstCommunity();
    const shopper = await signUpShopper(app, community.id, { emailPrefix: "order-mail", addressPrefix: "10.46.1" });
    const picked = await fillCart(shopper.token, 2);
    const point = activePickupPoints(db(), community.id)[0]!;
    const placed = await postFormAs(app, `/checkout?deliveryType=PICKUP&pickupPointId=${point.id}`, { deliveryType: "PICKUP", pickupPointId: point.id, phone: "0521234567", notes: "", paymentMethod: "CASH", intent: "place" }, shopper.token);
    expect(placed.status).toBe(302);
    expect(db().select().from(orders).where(eq(orders.userId, shopper.userId)).all()).toHaveLength(2);

    const address = emailOf(shopper.userId);
    const [only, ...more] = await mailsTo(address);
    // A moment longer: a second mail would have come by now.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(more).toEqual([]);
    expect(mail.inbox.filter((m) => m.to.includes(address))).toHaveLength(1);
    const text = readable(only!.raw);
    expect(text).toContain(`קיבלנו את ההזמנה שלכם בשוק של ${community.name}`);
    expect(text).toContain("שלום פנינה,");
    for (const deal of picked) expect(text).toContain(deal.title);
    const cycle = db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, community.id), eq(weeklyCycles.isActive, true))).get()!;
    expect(text).toContain(`איסוף: ${point.address} · ${formatDay(pointDateInWeek(point, cycle.orderDeadline)!, "he")}`);
    expect(text).toContain(`המחיר הסופי נקבע בסגירת השבוע, ${formatDateTime(cycle.orderDeadline, "he")}`);
    expect(text).toContain(`עד ${formatDateTime(changeCutoffAt(cycle.orderDeadline), "he")}`);
    expect(text).toMatch(/https?:\/\/[^\s"]+\/orders/);
    // Signed by the organiser's business as /admin/settings holds it (the demo's values).
    expect(text).toContain("שוק קהילתי (הדגמה) · hello@shuk.example");
    expect(db().select({ kind: mailOutbox.kind, status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.toAddress, address)).all()).toEqual([{ kind: "order-placed", status: "SENT" }]);
  });

  it("reads in English for a shopper who reads the site in English, through POST /api/orders", async () => {
    const community = firstCommunity();
    const shopper = await signUpShopper(app, community.id, { emailPrefix: "order-mail-en", addressPrefix: "10.46.2" });
    db().update(users).set({ language: "en" }).where(eq(users.id, shopper.userId)).run();
    const [deal] = await fillCart(shopper.token, 1);
    const response = await app.fetch("/api/orders", jsonInit("POST", { dealId: deal!.id, groupId: deal!.groups[0]!.id, qty: 1, deliveryType: "PICKUP" }, shopper.token));
    expect(response.status).toBe(201);
    const [only] = await mailsTo(emailOf(shopper.userId));
    const text = readable(only!.raw);
    expect(text).toContain(`We have your order at the ${community.name} market`);
    expect(text).toContain(deal!.title);
    expect(text).toContain("Pickup: ");
    expect(text).toContain("dir=\"ltr\"");
    expect(text).toContain("Shuk Kehilati (demo) · hello@shuk.example");
  });

  it("is not written when the order is refused", async () => {
    const community = firstCommunity();
    const shopper = await signUpShopper(app, community.id, { emailPrefix: "order-mail-no", addressPrefix: "10.46.3" });
    const [deal] = await fillCart(shopper.token, 1);
    const refused = await app.fetch("/api/orders", jsonInit("POST", { dealId: deal!.id, groupId: deal!.groups[0]!.id, qty: 100_000, deliveryType: "PICKUP" }, shopper.token));
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(db().select().from(mailOutbox).where(eq(mailOutbox.toAddress, emailOf(shopper.userId))).all()).toEqual([]);
  });
});

describe("the week's close", () => {
  /** Two shoppers of the first community, with one order and two orders; the week's deadline then passes. */
  async function weekWithTwoShoppers() {
    const community = firstCommunity();
    const one = await signUpShopper(app, community.id, { emailPrefix: "close-one", addressPrefix: "10.46.4" });
    const two = await signUpShopper(app, community.id, { emailPrefix: "close-two", addressPrefix: "10.46.5" });
    const deals = await fillCart(one.token, 2);
    await app.fetch("/api/cart", { method: "DELETE", headers: { Authorization: `Bearer ${one.token}` } });
    for (const [shopper, lines] of [[one, deals.slice(0, 1)], [two, deals]] as const) {
      for (const deal of lines) {
        const response = await app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0]!.id, qty: 2, deliveryType: "PICKUP" }, shopper.token));
        expect(response.status).toBe(201);
      }
    }
    const cycle = db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, community.id), eq(weeklyCycles.isActive, true))).get()!;
    const now = Date.now();
    db().update(weeklyCycles).set({ orderDeadline: new Date(now - 60_000) }).where(eq(weeklyCycles.id, cycle.id)).run();
    mail.inbox.length = 0;
    return { community, cycle, now, shoppers: [one, two], deals };
  }

  it("mails each shopper of the week once, with her final prices, what she saved and her pickup point", async () => {
    const { community, cycle, now, shoppers } = await weekWithTwoShoppers();
    // No minimum: the week goes ahead whatever its revenue.
    db().update(weeklyCycles).set({ targetRevenue: 0 }).where(eq(weeklyCycles.id, cycle.id)).run();
    runCycleEngine(db(), new Date(now));
    for (const shopper of shoppers) {
      const address = emailOf(shopper.userId);
      const closing = await mailsTo(address, "נסגר");
      expect(closing).toHaveLength(1);
      const text = readable(closing[0]!.raw);
      expect(text).toContain(`השבוע ב${community.name} נסגר: המחיר הסופי שלכם`);
      expect(text).toContain("סך הכול לתשלום:");
      expect(text).toContain(`איסוף: ${activePickupPoints(db(), community.id)[0]!.address}`);
      const finals = db().select().from(orders).where(eq(orders.userId, shopper.userId)).all();
      for (const order of finals) expect(order.status).not.toBe("CANCELED");
    }
    const kinds = db().select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.kind, "week-closed")).all();
    expect(kinds).toHaveLength(2);
  });

  it("tells each shopper once that the week missed its minimum and her orders are cancelled", async () => {
    const { community, cycle, now, shoppers } = await weekWithTwoShoppers();
    db().update(weeklyCycles).set({ targetRevenue: 100_000_000 }).where(eq(weeklyCycles.id, cycle.id)).run();
    runCycleEngine(db(), new Date(now));
    for (const shopper of shoppers) {
      const [cancelled, ...more] = await mailsTo(emailOf(shopper.userId), "בוטל");
      expect(more).toEqual([]);
      const text = readable(cancelled!.raw);
      expect(text).toContain(`השבוע ב${community.name} בוטל`);
      expect(text).toContain("ואין מה לשלם");
      expect(db().select().from(orders).where(eq(orders.userId, shopper.userId)).all().every((o) => o.status === "CANCELED")).toBe(true);
    }
  });
});

