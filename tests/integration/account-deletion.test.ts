// Deleting an account (issue #16): personal data goes, the orders the business must keep stay,
// linked to an anonymised user; the last admin cannot delete themselves; a wrong confirmation
// changes nothing.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  addresses,
  authProviders,
  cartItems,
  communities,
  contactMessages,
  deals,
  eventLogs,
  favorites,
  groups,
  notifications,
  orders,
  reviews,
  sessions,
  users,
  weeklyCycles,
} from "~/db/schema";
import { DEMO_ADMIN } from "~/demo/seed.server";
import { setOrderStatus } from "~/services/order-lifecycle.server";
import { placeOrder } from "~/services/orders.server";
import { cookieOf, tokenOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);
const PASSWORD = "a-long-enough-password";

async function newShopper() {
  const community = db().select().from(communities).orderBy(communities.name).limit(1).get()!;
  const email = `leaving-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await app.fetch("/api/auth/signup", jsonInit("POST", { email, password: PASSWORD, firstName: "יעל", lastName: "גולן", communityId: community.id }));
  expect(response.status).toBe(201);
  const body = await response.json();
  const user = db().select().from(users).where(eq(users.id, body.userId)).get()!;
  return { user, token: body.token as string, email, password: PASSWORD };
}

/** An order of hers for pickup in her community's open week. */
function orderFor(user: typeof users.$inferSelect, qty = 2) {
  const cycle = db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, user.communityId!), eq(weeklyCycles.isActive, true))).get()!;
  const group = db().select().from(groups).innerJoin(deals, eq(deals.id, groups.dealId)).where(and(eq(groups.weeklyCycleId, cycle.id), eq(deals.status, "ACTIVE"))).get()!.groups;
  return placeOrder(db(), user, { dealId: group.dealId!, groupId: group.id, qty }, { deliveryType: "DELIVERY", deliveryAddress: "הגפן 7, חיפה", deliveryPhone: "0527654321", deliveryNotes: "קומה 2" });
}

const adminId = () => db().select().from(users).where(eq(users.email, DEMO_ADMIN.email)).get()!.id;

/** Everything personal she leaves behind in a busy account. */
function fillAccount(user: typeof users.$inferSelect, orderId: string, dealId: string, groupId: string) {
  db().insert(cartItems).values({ userId: user.id, dealId, groupId, qty: 1 }).run();
  db().insert(addresses).values({ userId: user.id, city: "חיפה", street: "הגפן", houseNumber: "7", isDefault: true }).run();
  db().insert(favorites).values({ userId: user.id, dealId }).run();
  db().insert(notifications).values({ userId: user.id, type: "DEAL_ENDING", title: "שלום", message: "ברוכים הבאים" }).run();
  db().insert(reviews).values({ userId: user.id, dealId, orderId, rating: 5, comment: "טעים מאוד, יעל מהגפן 7" }).run();
  db().insert(contactMessages).values({ userId: user.id, name: "יעל גולן", email: user.email, phone: "0527654321", subject: "שאלה", message: "מתי האיסוף?" }).run();
}

function postDeletion(cookie: string, fields: Record<string, string>) {
  return app.fetch("/settings", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
    body: new URLSearchParams({ intent: "delete-account", ...fields }).toString(),
  });
}

const personalRows = (userId: string) => ({
  addresses: db().select().from(addresses).where(eq(addresses.userId, userId)).all().length,
  favorites: db().select().from(favorites).where(eq(favorites.userId, userId)).all().length,
  notifications: db().select().from(notifications).where(eq(notifications.userId, userId)).all().length,
  reviews: db().select().from(reviews).where(eq(reviews.userId, userId)).all().length,
  messages: db().select().from(contactMessages).where(eq(contactMessages.userId, userId)).all().length,
  cart: db().select().from(cartItems).where(eq(cartItems.userId, userId)).all().length,
  providers: db().select().from(authProviders).where(eq(authProviders.userId, userId)).all().length,
  sessions: db().select().from(sessions).where(sql`json_extract(${sessions.sess}, '$.userId') = ${userId}`).all().length,
});

describe("deleting an account on /settings", () => {
  it("removes her personal data, keeps her orders with an anonymised user, signs her out everywhere", async () => {
    const shopper = await newShopper();
    const order = await orderFor(shopper.user);
    // Collected: the order is a finished sale the business keeps.
    setOrderStatus(db(), adminId(), order.id, "PAID");
    setOrderStatus(db(), adminId(), order.id, "FULFILLED");
    fillAccount(shopper.user, order.id, order.dealId, order.groupId!);
    const cookie = await cookieOf(app, shopper);
    const before = personalRows(shopper.user.id);
    expect(before).toMatchObject({ addresses: 1, favorites: 1, reviews: 1, messages: 1, providers: 1, cart: 1 });
    expect(before.notifications).toBeGreaterThan(0);
    expect(before.sessions).toBe(2); // the API token and this web session

    // The settings page offers it, with what goes and what stays.
    const page = await (await app.fetch("/settings", { headers: { Cookie: cookie } })).text();
    expect(page).toContain("מחיקת החשבון");
    expect(page).toContain('href="/privacy#deletion"');

    const response = await postDeletion(cookie, { password: shopper.password });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(response.headers.getSetCookie().some((c) => /shuk_session=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);

    const after = db().select().from(users).where(eq(users.id, shopper.user.id)).get()!;
    expect(after).toMatchObject({
      email: `deleted-${shopper.user.id}@deleted.invalid`,
      passwordHash: null,
      name: null,
      firstName: null,
      lastName: null,
      phone: null,
      profileImageUrl: null,
      communityId: null,
      role: "USER",
      emailNotifications: false,
    });
    expect(personalRows(shopper.user.id)).toEqual({ addresses: 0, favorites: 0, notifications: 0, reviews: 0, messages: 0, cart: 0, providers: 0, sessions: 0 });

    // The order stays, with its money and dates, without where it went and her phone.
    const kept = db().select().from(orders).where(eq(orders.id, order.id)).get()!;
    expect(kept).toMatchObject({ userId: shopper.user.id, status: "FULFILLED", qty: order.qty, total: order.total, unitPriceAtPurchase: order.unitPriceAtPurchase, deliveryAddress: null, deliveryPhone: null, deliveryNotes: null });

    // Her token and her cookie are dead; her old e-mail and password sign no one in.
    expect((await app.fetch("/api/auth/user", jsonInit("GET", undefined, shopper.token))).status).toBe(401);
    expect((await app.fetch("/settings", { headers: { Cookie: cookie } })).status).toBe(302);
    expect((await app.fetch("/api/auth/login", jsonInit("POST", { email: shopper.email, password: shopper.password }))).status).toBe(401);
    // The e-mail is free again for a new account.
    const again = await app.fetch("/api/auth/signup", jsonInit("POST", { email: shopper.email, password: PASSWORD, firstName: "יעל", lastName: "גולן", communityId: shopper.user.communityId }));
    expect(again.status).toBe(201);

    const audit = db().select().from(eventLogs).where(eq(eventLogs.type, "account.deleted")).all();
    expect(audit).toEqual([expect.objectContaining({ actorUserId: shopper.user.id, payload: expect.objectContaining({ entityId: shopper.user.id }) })]);
    expect(JSON.stringify(audit[0]!.payload)).not.toContain(shopper.email);
  });

  it.each([
    ["no password", {}, "הקלידו את הסיסמה כדי לאשר את המחיקה"],
    ["a wrong password", { password: "not-my-password" }, "הסיסמה לא נכונה. החשבון לא נמחק."],
  ])("refuses %s with 400 and the reason, deleting nothing", async (_, fields, message) => {
    const shopper = await newShopper();
    const cookie = await cookieOf(app, shopper);
    const signedIn = db().select().from(users).where(eq(users.id, shopper.user.id)).get();
    const response = await postDeletion(cookie, fields);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
    expect(db().select().from(users).where(eq(users.id, shopper.user.id)).get()).toEqual(signedIn);
    expect(personalRows(shopper.user.id).sessions).toBe(2);
  });

  it("asks an account without a password for the word, and refuses a wrong one", async () => {
    const shopper = await newShopper();
    db().update(users).set({ passwordHash: null }).where(eq(users.id, shopper.user.id)).run();
    const wrong = await app.fetch("/api/user/account", jsonInit("DELETE", { confirm: "כן" }, shopper.token));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe("המילה לא תואמת. החשבון לא נמחק.");
    expect(db().select().from(users).where(eq(users.id, shopper.user.id)).get()!.email).toBe(shopper.email);

    const done = await app.fetch("/api/user/account", jsonInit("DELETE", { confirm: " מחיקה " }, shopper.token));
    expect(done.status).toBe(204);
    expect(db().select().from(users).where(eq(users.id, shopper.user.id)).get()!.email).toMatch(/@deleted\.invalid$/);
  });

  it("waits until her open orders are collected or cancelled", async () => {
    const shopper = await newShopper();
    await orderFor(shopper.user);
    const page = await (await app.fetch("/settings", jsonInit("GET", undefined, shopper.token))).text();
    expect(page).toContain("יש לכם הזמנה אחת פתוחה");
    const response = await app.fetch("/api/user/account", jsonInit("DELETE", { password: PASSWORD }, shopper.token));
    expect(response.status).toBe(409);
    expect((await response.json()).message).toContain("יש לכם הזמנה אחת פתוחה");
    expect(db().select().from(users).where(eq(users.id, shopper.user.id)).get()!.email).toBe(shopper.email);
  });
});

describe("the last admin", () => {
  it("cannot delete their account and is told why; with a second admin they can", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    expect(db().select().from(users).where(eq(users.role, "ADMIN")).all()).toHaveLength(1);
    const page = await (await app.fetch("/settings", jsonInit("GET", undefined, token))).text();
    expect(page).toContain("אתם המנהלים היחידים של האתר");
    expect(page).not.toContain('name="password"');

    const refused = await app.fetch("/api/user/account", jsonInit("DELETE", { password: DEMO_ADMIN.password }, token));
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toContain("אתם המנהלים היחידים של האתר");
    const cookie = await cookieOf(app, DEMO_ADMIN);
    const form = await postDeletion(cookie, { password: DEMO_ADMIN.password });
    expect(form.status).toBe(409);
    expect(db().select().from(users).where(eq(users.id, adminId())).get()!.role).toBe("ADMIN");

    const other = await newShopper();
    db().update(users).set({ role: "ADMIN" }).where(eq(users.id, other.user.id)).run();
    const id = adminId();
    const done = await app.fetch("/api/user/account", jsonInit("DELETE", { password: DEMO_ADMIN.password }, token));
    expect(done.status).toBe(204);
    expect(db().select().from(users).where(eq(users.id, id)).get()).toMatchObject({ role: "USER", email: `deleted-${id}@deleted.invalid` });
    expect(db().select().from(users).where(eq(users.role, "ADMIN")).all().map((u) => u.id)).toEqual([other.user.id]);
  });
});
