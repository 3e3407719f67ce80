import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { communities, orders, users } from "~/db/schema";
import { DEMO_USER } from "~/demo/seed.server";
import { deadlineDaysAway, useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

/** Signs a new shopper up through the API, in the first community. */
async function newShopper() {
  const community = db().select().from(communities).orderBy(communities.name).limit(1).get()!.id;
  const email = `member-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const response = await app.fetch(
    "/api/auth/signup",
    jsonInit("POST", { email, password: "long-enough-pw", firstName: "רון", lastName: "בן דוד", communityId: community }),
  );
  expect(response.status).toBe(201);
  const json = await response.json();
  return { token: json.token as string, userId: json.userId as string, email };
}

function userRow(id: string) {
  return db().select().from(users).where(eq(users.id, id)).get()!;
}

const toAgorot = (decimal: string) => Math.round(Number(decimal) * 100);

describe("GET /api/users/stats", () => {
  it("answers zeros for a new member", async () => {
    const { token } = await newShopper();
    const response = await app.fetch("/api/users/stats", jsonInit("GET", undefined, token));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ totalOrders: 0, totalSavings: "0.00", joinedGroups: 0 });
  });

  it("counts orders and groups, and sums what the base prices would have cost more, leaving out cancelled ones", async () => {
    const shopper = await newShopper();
    const list = await (await app.fetch("/api/deals?limit=100", jsonInit("GET", undefined, shopper.token))).json();
    type ListedDeal = { id: string; basePrice: string; maxQty: number; groups: { id: string }[]; tiers: { thresholdQty: number; unitPrice: string }[] };
    // A deal bought at its first quantity tier saves (base - tier price) x qty; delivery is no saving.
    const tiered: ListedDeal = list.find((d: ListedDeal) => d.tiers.length > 0 && d.tiers[0].thresholdQty <= d.maxQty);
    const plain: ListedDeal = list.find((d: ListedDeal) => d.id !== tiered.id);
    const qty = tiered.tiers[0].thresholdQty;
    const saving = (toAgorot(tiered.basePrice) - toAgorot(tiered.tiers[0].unitPrice)) * qty;
    expect(saving).toBeGreaterThan(0);

    const order = (deal: ListedDeal, n: number, deliveryType = "PICKUP") =>
      app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0].id, qty: n, deliveryType, deliveryAddress: "הרצל 10, חיפה", deliveryPhone: "0521234567" }, shopper.token)).then(async (r) => {
        expect(r.status).toBe(201);
        return r.json();
      });
    await order(tiered, qty, "DELIVERY");
    const second = await order(tiered, qty);
    await order(plain, 1);
    const fourth = await order(plain, 2);
    deadlineDaysAway(db(), fourth.weeklyCycleId);
    expect((await app.fetch(`/api/orders/${fourth.id}/cancel`, jsonInit("POST", { confirmed: "yes" }, shopper.token))).status).toBe(200);

    const stats = await (await app.fetch("/api/users/stats", jsonInit("GET", undefined, shopper.token))).json();
    expect(stats).toEqual({ totalOrders: 3, totalSavings: ((2 * saving) / 100).toFixed(2), joinedGroups: 2 });

    // A refunded order still counts as an order in its group, but saved nothing.
    db().update(orders).set({ status: "REFUNDED" }).where(eq(orders.id, second.id)).run();
    expect(await (await app.fetch("/api/users/stats", jsonInit("GET", undefined, shopper.token))).json()).toEqual({
      totalOrders: 3,
      totalSavings: (saving / 100).toFixed(2),
      joinedGroups: 2,
    });
  });

  it("shows a member only their own numbers", async () => {
    const buyer = await newShopper();
    const deal = (await (await app.fetch("/api/deals?limit=1", jsonInit("GET", undefined, buyer.token))).json())[0];
    await app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0].id, qty: 1, deliveryType: "PICKUP" }, buyer.token));
    const other = await newShopper();
    expect(await (await app.fetch("/api/users/stats", jsonInit("GET", undefined, other.token))).json()).toMatchObject({ totalOrders: 0 });
  });
});

describe("PUT /api/user/profile", () => {
  const profile = { firstName: "נועה", lastName: "לוי", email: "Noa.Levi@Example.com", phone: "052-3418790", profileImageUrl: "https://example.com/noa.webp", name: "נועה לוי" };

  it("updates the profile and answers the updated user", async () => {
    const shopper = await newShopper();
    const response = await app.fetch("/api/user/profile", jsonInit("PUT", profile, shopper.token));
    expect(response.status).toBe(200);
    const user = await response.json();
    expect(user).toMatchObject({ id: shopper.userId, firstName: "נועה", lastName: "לוי", name: "נועה לוי", email: "noa.levi@example.com", phone: "052-3418790", profileImageUrl: "https://example.com/noa.webp" });
    expect(user).not.toHaveProperty("passwordHash");
    expect(await (await app.fetch("/api/auth/user", jsonInit("GET", undefined, shopper.token))).json()).toMatchObject({ email: "noa.levi@example.com" });
    // The password sign-in follows the new address.
    const login = await app.fetch("/api/auth/login", jsonInit("POST", { email: "noa.levi@example.com", password: "long-enough-pw" }));
    expect(login.status).toBe(200);
  });

  it("treats empty phone and picture as absent, and derives the name", async () => {
    const shopper = await newShopper();
    await app.fetch("/api/user/profile", jsonInit("PUT", profile, shopper.token));
    const response = await app.fetch("/api/user/profile", jsonInit("PUT", { firstName: "דנה", lastName: "כהן", email: shopper.email, phone: "", profileImageUrl: "" }, shopper.token));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ name: "דנה כהן", phone: null, profileImageUrl: null, email: shopper.email });
  });

  it.each([
    ["an empty first name", { firstName: "" }, "firstName", "שם פרטי הוא שדה חובה"],
    ["no first name", { firstName: undefined }, "firstName", "שם פרטי הוא שדה חובה"],
    ["an empty last name", { lastName: "  " }, "lastName", "שם משפחה הוא שדה חובה"],
    ["a bad e-mail", { email: "noa@" }, "email", "כתובת אימייל לא תקינה"],
    ["no e-mail", { email: undefined }, "email", "כתובת אימייל לא תקינה"],
    ["a bad picture URL", { profileImageUrl: "not a url" }, "profileImageUrl", "כתובת URL לא תקינה"],
    ["a javascript: picture URL", { profileImageUrl: "javascript:alert(1)" }, "profileImageUrl", "כתובת URL לא תקינה"],
    ["a bad phone", { phone: "call me" }, "phone", "מספר טלפון לא תקין"],
    ["a name that is not text", { name: 5 }, "name", "השם הוא שדה חובה"],
  ])("refuses %s with 400 and its message, changing nothing", async (_, override, path, message) => {
    const shopper = await newShopper();
    const before = userRow(shopper.userId);
    const response = await app.fetch("/api/user/profile", jsonInit("PUT", { ...profile, ...override }, shopper.token));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.message).toBe(message);
    expect(body.errors).toContainEqual({ path: [path], message });
    expect(userRow(shopper.userId)).toEqual(before);
  });

  it("refuses a body that is not JSON", async () => {
    const shopper = await newShopper();
    const response = await app.fetch("/api/user/profile", { method: "PUT", headers: { Authorization: `Bearer ${shopper.token}`, "Content-Type": "application/json" }, body: "{nope" });
    expect(response.status).toBe(400);
  });

  it("answers 409 when the e-mail belongs to another account, changing nothing", async () => {
    const shopper = await newShopper();
    const before = userRow(shopper.userId);
    const response = await app.fetch("/api/user/profile", jsonInit("PUT", { ...profile, email: DEMO_USER.email.toUpperCase() }, shopper.token));
    expect(response.status).toBe(409);
    const body = await response.json();
    expect(body.message).toBe("כתובת המייל הזו כבר רשומה בחשבון אחר. בחרו כתובת אחרת.");
    expect(body.errors).toEqual([{ path: ["email"], message: body.message }]);
    expect(userRow(shopper.userId)).toEqual(before);
  });

  it("answers 405 to another method", async () => {
    const shopper = await newShopper();
    expect((await app.fetch("/api/user/profile", jsonInit("POST", profile, shopper.token))).status).toBe(405);
  });
});

describe("PUT /api/user/settings", () => {
  const settings = { emailNotifications: false, smsNotifications: true, pushNotifications: false, language: "en" };

  it("stores the preferences and answers the updated user", async () => {
    const shopper = await newShopper();
    expect(userRow(shopper.userId)).toMatchObject({ emailNotifications: true, smsNotifications: false, pushNotifications: true, language: "he" });
    const response = await app.fetch("/api/user/settings", jsonInit("PUT", settings, shopper.token));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: shopper.userId, ...settings });
    expect(userRow(shopper.userId)).toMatchObject(settings);
  });

  it.each([
    ["a language other than he or en", { language: "fr" }, "השפה חייבת להיות עברית (he) או אנגלית (en)"],
    ["no language", { language: undefined }, "השפה חייבת להיות עברית (he) או אנגלית (en)"],
    ["a flag that is not a boolean", { smsNotifications: "yes" }, "הגדרת ההתראות חייבת להיות כן או לא"],
    ["a missing flag", { pushNotifications: undefined }, "הגדרת ההתראות חייבת להיות כן או לא"],
  ])("refuses %s with 400, changing nothing", async (_, override, message) => {
    const shopper = await newShopper();
    const before = userRow(shopper.userId);
    const response = await app.fetch("/api/user/settings", jsonInit("PUT", { ...settings, ...override }, shopper.token));
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe(message);
    expect(userRow(shopper.userId)).toEqual(before);
  });
});

describe("the account API and guests", () => {
  it("answers 401 to all three calls without sign-in", async () => {
    for (const [path, method, body] of [
      ["/api/users/stats", "GET", undefined],
      ["/api/user/profile", "PUT", { firstName: "א", lastName: "ב", email: "a@example.com" }],
      ["/api/user/settings", "PUT", { emailNotifications: true, smsNotifications: true, pushNotifications: true, language: "he" }],
    ] as const) {
      const response = await app.fetch(path, jsonInit(method, body));
      expect(response.status, `${method} ${path}`).toBe(401);
      expect((await response.json()).message).toBe("יש להתחבר למערכת");
    }
  });

  it("refuses a cookie-authenticated write from another origin", async () => {
    const form = new URLSearchParams({ email: DEMO_USER.email, password: DEMO_USER.password, redirectTo: "" });
    const login = await app.fetch("/login", { method: "POST", body: form, headers: { Accept: "text/html" } });
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const body = JSON.stringify({ emailNotifications: false, smsNotifications: false, pushNotifications: false, language: "en" });
    const headers = { Cookie: cookie, "Content-Type": "application/json" };
    expect((await app.fetch("/api/user/settings", { method: "PUT", body, headers: { ...headers, Origin: "https://evil.example" } })).status).toBe(403);
    expect((await app.fetch("/api/user/settings", { method: "PUT", body, headers: { ...headers, Origin: new URL(app.url("/")).origin } })).status).toBe(200);
  });
});
