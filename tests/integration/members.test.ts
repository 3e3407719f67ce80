import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { publicOrigin } from "~/config.server";
import { addresses, communities, deals, orders, pickupPoints, referrals, referralSignups, users } from "~/db/schema";
import { deadlineDaysAway, useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

function firstCommunity() {
  return db().select().from(communities).orderBy(communities.name).limit(1).get()!;
}

/** A new member signed up through the API (in the first community unless told otherwise). */
async function newMember(extra: Record<string, unknown> = {}, firstName = "רון") {
  const email = `member-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await app.fetch(
    "/api/auth/signup",
    jsonInit("POST", { email, password: "long-enough-pw", firstName, lastName: "בן דוד", communityId: firstCommunity().id, ...extra }),
  );
  expect(response.status).toBe(201);
  const json = await response.json();
  return { token: json.token as string, userId: json.userId as string, email };
}

const api = (path: string, method: string, token: string, body?: unknown) => app.fetch(path, jsonInit(method, body, token));

/** A page form posted without JavaScript (urlencoded), signed in by bearer token. */
function postForm(path: string, fields: Record<string, string>, token?: string) {
  return app.fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

function addressesOf(userId: string) {
  return db().select().from(addresses).where(eq(addresses.userId, userId)).all();
}

const herzl = { city: "חיפה", street: "הרצל", houseNumber: "12", notes: "קומה 3" };
const gefen = { city: "תל אביב", street: "הגפן", houseNumber: "4" };

describe("saved addresses over the API", () => {
  it("adds, lists, edits, makes default and deletes, keeping exactly one default", async () => {
    const { token } = await newMember();
    const first = await api("/api/user/addresses", "POST", token, herzl);
    expect(first.status).toBe(201);
    const a = await first.json();
    expect(a).toMatchObject({ ...herzl, isDefault: true });
    const b = await (await api("/api/user/addresses", "POST", token, gefen)).json();
    expect(b).toMatchObject({ ...gefen, notes: null, isDefault: false });

    const list = await (await api("/api/user/addresses", "GET", token)).json();
    expect(list.map((x: { id: string }) => x.id)).toEqual([a.id, b.id]);

    const edited = await api(`/api/user/addresses/${b.id}`, "PUT", token, { ...gefen, street: "הגפן הירוקה" });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ street: "הגפן הירוקה", isDefault: false });

    const made = await api(`/api/user/addresses/${b.id}/default`, "POST", token);
    expect(made.status).toBe(200);
    const afterDefault = await (await api("/api/user/addresses", "GET", token)).json();
    expect(afterDefault.map((x: { isDefault: boolean }) => x.isDefault)).toEqual([false, true]);

    // Deleting the default hands it to the one that is left.
    expect((await api(`/api/user/addresses/${b.id}`, "DELETE", token)).status).toBe(204);
    expect(await (await api("/api/user/addresses", "GET", token)).json()).toEqual([expect.objectContaining({ id: a.id, isDefault: true })]);
  });

  it("answers 404 for another member's address and changes nothing", async () => {
    const owner = await newMember();
    const other = await newMember();
    const a = await (await api("/api/user/addresses", "POST", owner.token, herzl)).json();
    await api("/api/user/addresses", "POST", owner.token, gefen);
    const before = addressesOf(owner.userId);

    for (const [path, method, body] of [
      [`/api/user/addresses/${a.id}`, "PUT", gefen],
      [`/api/user/addresses/${a.id}`, "DELETE", undefined],
      [`/api/user/addresses/${a.id}/default`, "POST", undefined],
    ] as const) {
      const response = await api(path, method, other.token, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect((await response.json()).message).toBe("לא מצאנו את הכתובת הזאת. אולי כבר נמחקה?");
    }
    expect(await (await api("/api/user/addresses", "GET", other.token)).json()).toEqual([]);
    expect(addressesOf(owner.userId)).toEqual(before);
  });

  it.each([
    ["a one-letter town", { ...herzl, city: "ח" }, "שם היישוב צריך להכיל לפחות 2 תווים"],
    ["no street", { city: "חיפה" }, "שם הרחוב צריך להכיל לפחות 2 תווים"],
    ["a long house number", { ...herzl, houseNumber: "12345678901" }, "מספר הבית ארוך מדי, עד 10 תווים"],
  ])("refuses %s with 400 and the Hebrew message, storing nothing", async (_, body, message) => {
    const { token, userId } = await newMember();
    const response = await api("/api/user/addresses", "POST", token, body);
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(message);
    expect(addressesOf(userId)).toEqual([]);
  });

  it("keeps at most 10 addresses, and asks a guest to sign in", async () => {
    const { token, userId } = await newMember();
    for (let i = 0; i < 10; i++) expect((await api("/api/user/addresses", "POST", token, { ...gefen, houseNumber: String(i + 1) })).status).toBe(201);
    const eleventh = await api("/api/user/addresses", "POST", token, herzl);
    expect(eleventh.status).toBe(409);
    expect((await eleventh.json()).message).toContain("עד 10 כתובות");
    expect(addressesOf(userId)).toHaveLength(10);
    expect(addressesOf(userId).filter((a) => a.isDefault)).toHaveLength(1);
    expect((await app.fetch("/api/user/addresses")).status).toBe(401);
  });
});

describe("/profile/addresses (the page's forms, without JavaScript)", () => {
  it("shows the empty state, then adds, makes default, edits and deletes with toasts", async () => {
    const { token, userId } = await newMember();
    const empty = await app.fetch("/profile/addresses", { headers: { Authorization: `Bearer ${token}` } });
    expect(empty.status).toBe(200);
    expect(await empty.text()).toContain("עוד אין כתובות שמורות");

    for (const address of [herzl, gefen]) {
      const added = await postForm("/profile/addresses", { intent: "add", ...address }, token);
      expect(added.status).toBe(302);
      expect(added.headers.get("location")).toBe("/profile/addresses");
      expect(added.headers.get("set-cookie")).toContain("shuk_toast=");
    }
    const [a, b] = addressesOf(userId);
    expect([a.isDefault, b.isDefault]).toEqual([true, false]);

    expect((await postForm("/profile/addresses", { intent: "make-default", addressId: b.id }, token)).status).toBe(302);
    expect(addressesOf(userId).map((x) => x.isDefault)).toEqual([false, true]);

    expect((await postForm("/profile/addresses", { intent: "edit", addressId: a.id, city: "עכו", street: "החומה", houseNumber: "", notes: "" }, token)).status).toBe(302);
    expect(addressesOf(userId)[0]).toMatchObject({ city: "עכו", street: "החומה", houseNumber: null, notes: null });

    const page = await (await app.fetch("/profile/addresses", { headers: { Authorization: `Bearer ${token}` } })).text();
    expect(page).toContain("החומה, עכו");
    expect(page).toContain("הגפן 4, תל אביב");

    expect((await postForm("/profile/addresses", { intent: "delete", addressId: b.id }, token)).status).toBe(302);
    expect(addressesOf(userId)).toEqual([expect.objectContaining({ id: a.id, isDefault: true })]);
  });

  it("refuses a bad edit with 400 and the message, and leaves another member's address alone", async () => {
    const owner = await newMember();
    const other = await newMember();
    await postForm("/profile/addresses", { intent: "add", ...herzl }, owner.token);
    const [a] = addressesOf(owner.userId);

    const bad = await postForm("/profile/addresses", { intent: "edit", addressId: a.id, city: "ח", street: "ה" }, owner.token);
    expect(bad.status).toBe(400);
    const html = await bad.text();
    expect(html).toContain("שם היישוב צריך להכיל לפחות 2 תווים");
    expect(html).toContain("שם הרחוב צריך להכיל לפחות 2 תווים");

    const stolen = await postForm("/profile/addresses", { intent: "edit", addressId: a.id, ...gefen }, other.token);
    expect(stolen.status).toBe(404);
    const deleted = await postForm("/profile/addresses", { intent: "delete", addressId: a.id }, other.token);
    expect(deleted.status).toBe(302);
    expect(addressesOf(owner.userId)).toEqual([a]);
    expect(addressesOf(other.userId)).toEqual([]);
  });
});

async function dealToBuy(token: string) {
  const deal = (await (await api("/api/deals?limit=1", "GET", token)).json())[0];
  return { id: deal.id as string, groupId: deal.groups[0].id as string };
}

describe("checkout with saved addresses", () => {
  it("opens on the default address, and without JavaScript delivers to the saved address chosen", async () => {
    const { token, userId } = await newMember();
    await api("/api/user/addresses", "POST", token, herzl);
    const second = await (await api("/api/user/addresses", "POST", token, gefen)).json();
    const deal = await dealToBuy(token);
    expect((await api("/api/cart", "POST", token, { dealId: deal.id, groupId: deal.groupId, qty: 1 })).status).toBe(201);

    // The details step for home delivery (step 1, /shipping, chose delivery).
    const page = await (await app.fetch("/checkout?deliveryType=DELIVERY", { headers: { Authorization: `Bearer ${token}` } })).text();
    expect(page).toMatch(/name="address"[^>]*value="הרצל 12"|value="הרצל 12"[^>]*name="address"/);
    expect(page).toMatch(/name="city"[^>]*value="חיפה"|value="חיפה"[^>]*name="city"/);
    expect(page).toContain('name="savedAddressId"');

    const placed = await postForm(
      "/checkout?deliveryType=DELIVERY",
      { deliveryType: "DELIVERY", intent: "place", fullName: "רון בן דוד", phone: "0521234567", address: "הרצל 12", city: "חיפה", notes: "", paymentMethod: "CASH", savedAddressId: second.id },
      token,
    );
    expect(placed.status).toBe(302);
    const order = db().select().from(orders).where(eq(orders.userId, userId)).get()!;
    expect(order.deliveryAddress).toBe("רון בן דוד, הגפן 4, תל אביב");
  });
});

describe("inviting neighbours", () => {
  it("gives a member one community link and one per deal, reused, resolvable by anyone", async () => {
    const member = await newMember({}, "נועה");
    const made = await api("/api/referrals", "POST", member.token);
    expect(made.status).toBe(200);
    const link = await made.json();
    expect(link.refCode).toMatch(/^[a-z0-9]{8,10}$/);
    // The link's host is the site's configured address (APP_URL), never the request's.
    expect(link.url).toBe(`${publicOrigin()}/invite/${link.refCode}`);
    expect(await (await api("/api/referrals", "POST", member.token, {})).json()).toEqual(link);

    const deal = await dealToBuy(member.token);
    const dealLink = await (await api("/api/referrals", "POST", member.token, { dealId: deal.id })).json();
    expect(dealLink.refCode).not.toBe(link.refCode);
    expect(await (await api("/api/referrals", "POST", member.token, { dealId: deal.id })).json()).toEqual(dealLink);
    expect(db().select().from(referrals).where(eq(referrals.createdByUserId, member.userId)).all()).toHaveLength(2);
    expect((await api("/api/referrals", "POST", member.token, { dealId: "no-such-deal" })).status).toBe(404);

    const resolved = await (await app.fetch(`/api/referrals/${dealLink.refCode}`)).json();
    expect(resolved).toMatchObject({ refCode: dealLink.refCode, community: { id: firstCommunity().id, name: firstCommunity().name }, deal: { id: deal.id }, inviterFirstName: "נועה" });
    expect((await app.fetch("/api/referrals/nosuchcode")).status).toBe(404);

    const invitePage = await app.fetch(`/invite/${link.refCode}`);
    expect(invitePage.status).toBe(200);
    const html = await invitePage.text();
    expect(html).toContain(`נועה מזמין אתכם לקנות יחד בקהילה ${firstCommunity().name}`);
    expect(html).toContain(`/signup?ref=${link.refCode}`);
    const unknown = await app.fetch("/invite/nosuchcode");
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain("הקישור הזה לא עובד");
  });

  it("counts a neighbour who signs up through the API with the code, and the revenue they bring this week", async () => {
    const member = await newMember();
    const { refCode } = await (await api("/api/referrals", "POST", member.token)).json();
    const neighbour = await newMember({ refCode: refCode.toUpperCase() });
    expect(db().select().from(users).where(eq(users.id, neighbour.userId)).get()!.communityId).toBe(firstCommunity().id);
    expect(db().select().from(referralSignups).where(eq(referralSignups.userId, neighbour.userId)).all()).toHaveLength(1);

    const deal = await dealToBuy(neighbour.token);
    const buy = (qty: number) => api("/api/orders", "POST", neighbour.token, { dealId: deal.id, groupId: deal.groupId, qty, deliveryType: "PICKUP" }).then((r) => r.json());
    const kept = await buy(2);
    const canceled = await buy(1);
    deadlineDaysAway(db(), canceled.weeklyCycleId);
    expect((await api(`/api/orders/${canceled.id}/cancel`, "POST", neighbour.token, { confirmed: "yes" })).status).toBe(200);
    const base = db().select().from(orders).where(eq(orders.id, kept.id)).get()!.originalTotal;

    const mine = await (await api("/api/referrals", "GET", member.token)).json();
    expect(mine.communityLink.refCode).toBe(refCode);
    expect(mine.stats.joined).toBe(1);
    expect(mine.stats.revenue).toBe((base / 100).toFixed(2));

    const profile = await (await app.fetch("/profile", { headers: { Authorization: `Bearer ${member.token}` } })).text();
    expect(profile).toContain(`/invite/${refCode}`);
    expect(profile).toMatch(/data-testid="invite-joined"[^>]*>1</);
    expect(profile).toContain("https://wa.me/?text=");
  });

  it("preselects the community on the sign-up form and counts the sign-up", async () => {
    const member = await newMember();
    const { refCode } = await (await api("/api/referrals", "POST", member.token)).json();
    const form = await (await app.fetch(`/signup?ref=${refCode}`)).text();
    expect(form).toContain(`name="refCode" value="${refCode}"`);
    expect(form).toMatch(new RegExp(`<option[^>]*value="${firstCommunity().id}"[^>]*selected`));

    const email = `form-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const response = await postForm("/signup", {
      firstName: "דנה",
      lastName: "כהן",
      email,
      password: "long-enough-pw",
      confirmPassword: "long-enough-pw",
      communityId: firstCommunity().id,
      acceptTerms: "on",
      redirectTo: "",
      refCode,
    });
    expect(response.status).toBe(302);
    const user = db().select().from(users).where(eq(users.email, email)).get()!;
    const referral = db().select().from(referrals).where(eq(referrals.refCode, refCode)).get()!;
    expect(db().select().from(referralSignups).where(and(eq(referralSignups.userId, user.id), eq(referralSignups.referralId, referral.id))).all()).toHaveLength(1);
    expect((await (await api("/api/referrals", "GET", member.token)).json()).stats.joined).toBe(1);
  });

  it("never lets an unknown or broken code block a sign-up, and counts nothing for it", async () => {
    const member = await newMember();
    await api("/api/referrals", "POST", member.token);
    for (const refCode of ["nosuchcode", "../admin", 42]) {
      const neighbour = await newMember({ refCode });
      expect(db().select().from(referralSignups).where(eq(referralSignups.userId, neighbour.userId)).all()).toEqual([]);
    }
    const page = await app.fetch("/signup?ref=nosuchcode");
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('name="refCode"');
    expect((await (await api("/api/referrals", "GET", member.token)).json()).stats.joined).toBe(0);
  });

  it("makes a deal link from the deal page's form and shows it there", async () => {
    const member = await newMember();
    const deal = db().select().from(deals).where(eq(deals.status, "ACTIVE")).get()!;
    const response = await postForm("/invite", { dealId: deal.id, redirectTo: `/deals/${deal.slug}` }, member.token);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/deals/${deal.slug}#invite`);
    const row = db().select().from(referrals).where(and(eq(referrals.createdByUserId, member.userId), eq(referrals.dealId, deal.id))).get()!;
    const page = await (await app.fetch(`/deals/${deal.slug}`, { headers: { Authorization: `Bearer ${member.token}` } })).text();
    expect(page).toContain(`/invite/${row.refCode}`);
  });
});

describe("a deal page's community card", () => {
  it("lists the member's own community's active pickup points and no one else's", async () => {
    const own = firstCommunity();
    const other = db().select().from(communities).where(ne(communities.id, own.id)).limit(1).get()!;
    const add = (communityId: string, address: string, isActive = true) =>
      db().insert(pickupPoints).values({ communityId, address, pickupStartTime: "09:00", pickupEndTime: "12:00", isActive }).run();
    add(own.id, "נקודה פעילה ברחוב הדקל 7");
    add(own.id, "נקודה סגורה ברחוב השקד 9", false);
    add(other.id, "נקודה של שכונה אחרת ברחוב האלון 2");
    const slug = db().select({ slug: deals.slug }).from(deals).where(eq(deals.status, "ACTIVE")).limit(1).get()!.slug;

    const { token } = await newMember();
    const member = await (await app.fetch(`/deals/${slug}`, { headers: { Authorization: `Bearer ${token}` } })).text();
    expect(member).toContain("נקודה פעילה ברחוב הדקל 7");
    expect(member).not.toContain("נקודה סגורה ברחוב השקד 9");
    expect(member).not.toContain("נקודה של שכונה אחרת ברחוב האלון 2");

    // A guest picks a community; until then the page prices and shows the first open one's.
    const guest = await (await app.fetch(`/deals/${slug}?community=${other.id}`)).text();
    expect(guest).toContain("נקודה של שכונה אחרת ברחוב האלון 2");
    expect(guest).not.toContain("נקודה פעילה ברחוב הדקל 7");
  });
});
