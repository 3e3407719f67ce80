import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { cartItems, communities, deals, favorites, groups, orders, weeklyCycles } from "~/db/schema";
import { DEMO_USER } from "~/demo/seed.server";
import { searchNeedlesOf, searchTermsOf } from "~/domain/hebrew-search";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

let people = 0;
/** Signs a new shopper up through the API (in the first community unless told otherwise). */
async function newShopper(communityId?: string) {
  const community = communityId ?? db().select().from(communities).orderBy(communities.name).limit(1).get()!.id;
  const init = jsonInit("POST", { email: `buyer-${++people}-${crypto.randomUUID().slice(0, 6)}@example.com`, password: "long-enough-pw", firstName: "רון", lastName: "בן דוד", communityId: community });
  // Each shopper signs up from an address of their own, as neighbours on their own phones do.
  (init.headers as Record<string, string>)["X-Test-Client"] = `10.0.${people >> 8}.${people & 255}`;
  const response = await app.fetch("/api/auth/signup", init);
  expect(response.status).toBe(201);
  const json = await response.json();
  return { token: json.token as string, userId: json.userId as string, communityId: community };
}

/** A deal with the shopper's community's open group (the first group the API lists). */
async function dealFor(token: string, slug?: string) {
  const list = await (await app.fetch("/api/deals?limit=100", jsonInit("GET", undefined, token))).json();
  const deal = slug ? list.find((d: { slug: string }) => d.slug === slug) : list[0];
  return { id: deal.id as string, slug: deal.slug as string, groupId: deal.groups[0].id as string, basePrice: deal.basePrice as string, maxQty: deal.maxQty as number };
}

function count(table: typeof orders | typeof cartItems | typeof favorites) {
  return db().get<{ n: number }>(sql`select count(*) as n from ${table}`).n;
}

describe("GET /api/deals and /api/deals/{slug}", () => {
  it("lists active deals with decimal prices, groups, vendor and tiers (limit 100)", async () => {
    const response = await app.fetch("/api/deals?limit=100");
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list.length).toBe(db().select().from(deals).where(eq(deals.status, "ACTIVE")).all().length);
    expect(list[0]).toMatchObject({
      id: expect.any(String),
      slug: expect.any(String),
      basePrice: expect.stringMatching(/^\d+\.\d\d$/),
      currency: "ILS",
      vendor: { name: expect.any(String) },
      groups: expect.arrayContaining([expect.objectContaining({ id: expect.any(String), currentQty: 0, targetQty: expect.any(Number) })]),
    });
    expect(list.some((d: { tiers: unknown[] }) => d.tiers.length > 0)).toBe(true);
  });

  it("filters by category and search, and sorts by price", async () => {
    const fruits = await (await app.fetch("/api/deals?category=fruits&sort=price_asc")).json();
    expect(fruits.length).toBeGreaterThan(0);
    expect(fruits.every((d: { category: string }) => d.category === "fruits")).toBe(true);
    const prices = fruits.map((d: { basePrice: string }) => Number(d.basePrice));
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const one = db().select().from(deals).limit(1).get()!;
    const found = await (await app.fetch(`/api/deals?q=${encodeURIComponent(one.title)}`)).json();
    expect(found.map((d: { id: string }) => d.id)).toContain(one.id);
  });

  it("answers every filter and sort with its own values, whichever was asked before (one prepared statement per shape)", async () => {
    type Listed = { id: string; title: string; description: string; category: string; basePrice: string; groups: { currentQty: number }[]; tiers: unknown[] };
    // A member's order gives the "popular" filter something to find in her community.
    const shopper = await newShopper();
    const first = (await (await app.fetch("/api/deals?limit=1", jsonInit("GET", undefined, shopper.token))).json())[0];
    expect((await app.fetch("/api/orders", jsonInit("POST", { dealId: first.id, groupId: first.groups[0].id, qty: 1, deliveryType: "PICKUP" }, shopper.token))).status).toBe(201);
    const word = first.title.split(" ")[0];
    let asked = 0;
    for (const token of [undefined, shopper.token]) {
      for (const q of ["", word, "%"]) {
        for (const category of ["", "fruits", "vegetables"]) {
          for (const quick of ["", "bulk", "under10", "popular"]) {
            for (const sort of ["newest", "price_asc", "price_desc", "progress"]) {
              const params = new URLSearchParams({ q, category, quick, sort, limit: "100" });
              const response = await app.fetch(`/api/deals?${params}`, jsonInit("GET", undefined, token));
              const list: Listed[] = await response.json();
              const label = `${params} ${token ? "member" : "guest"}`;
              expect(Number(response.headers.get("X-Total-Count")), label).toBe(list.length);
              for (const deal of list) {
                // Found by Hebrew-aware search (#47): each word's needles in the deal's terms.
                if (q) expect(searchNeedlesOf(q).every((needles) => needles.some((needle) => searchTermsOf(deal.title, deal.description).includes(needle))), label).toBe(true);
                if (category) expect(deal.category, label).toBe(category);
                if (quick === "bulk") expect(deal.tiers.length, label).toBeGreaterThan(0);
                if (quick === "under10") expect(Number(deal.basePrice), label).toBeLessThan(10);
                if (quick === "popular") expect(deal.groups.some((g) => g.currentQty > 0), label).toBe(true);
              }
              const prices = list.map((d) => Number(d.basePrice));
              if (sort === "price_asc") expect(prices, label).toEqual([...prices].sort((a, b) => a - b));
              if (sort === "price_desc") expect(prices, label).toEqual([...prices].sort((a, b) => b - a));
              if (!q && !category && !quick) expect(list.length, label).toBeGreaterThan(10);
              if (q === word && !category && !quick) expect(list.map((d) => d.id), label).toContain(first.id);
              if (quick === "popular" && token && !q && !category) expect(list.map((d) => d.id), label).toContain(first.id);
              asked += 1;
            }
          }
        }
      }
    }
    expect(asked).toBe(288);
  });

  it("gives a signed-in member their community's groups and price", async () => {
    const shopper = await newShopper();
    const list = await (await app.fetch("/api/deals?limit=5", jsonInit("GET", undefined, shopper.token))).json();
    const groupRows = db().select().from(groups).where(eq(groups.id, list[0].groups[0].id)).all();
    expect(groupRows[0].communityId).toBe(shopper.communityId);
    expect(list[0].groups).toHaveLength(1);
  });

  it("answers a deal by slug, and 404 for an unknown slug", async () => {
    const slug = db().select().from(deals).limit(1).get()!.slug;
    const found = await app.fetch(`/api/deals/${slug}`);
    expect(found.status).toBe(200);
    expect((await found.json()).slug).toBe(slug);
    const missing = await app.fetch("/api/deals/no-such-deal");
    expect(missing.status).toBe(404);
    expect((await missing.json()).message).toBe("המבצע לא נמצא");
  });
});

describe("community, deadline and platform reads", () => {
  it("answers progress, active cycle and ordering status for a community", async () => {
    const community = db().select().from(communities).limit(1).get()!;
    const progress = await (await app.fetch(`/api/communities/${community.id}/progress`)).json();
    expect(progress.currentRevenue).toBe("0.00");
    expect(progress.tiers).toHaveLength(4);
    expect(progress.tiers[0]).toEqual({ minRevenue: "0.00", discountPercent: 0, tierName: expect.any(String) });
    const cycle = await (await app.fetch(`/api/communities/${community.id}/active-cycle`)).json();
    expect(new Date(cycle.orderDeadline).getTime()).toBeGreaterThan(Date.now());
    expect(new Date(cycle.pickupDate).getTime()).toBeGreaterThan(new Date(cycle.orderDeadline).getTime());
    expect(await (await app.fetch(`/api/communities/${community.id}/ordering-status`)).json()).toEqual({ isOrderingOpen: true });
    expect((await app.fetch(`/api/communities/nope/progress`)).status).toBe(404);
    expect((await app.fetch(`/api/communities/${community.id}/other`)).status).toBe(404);
  });

  it("answers the caller's order deadline, 404 for a guest without a community", async () => {
    const shopper = await newShopper();
    const deadline = await app.fetch("/api/order-deadline", jsonInit("GET", undefined, shopper.token));
    expect(deadline.status).toBe(200);
    expect((await deadline.json()).orderDeadline).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect((await app.fetch("/api/order-deadline")).status).toBe(404);
  });

  it("counts users, orders, savings and active deals", async () => {
    const stats = await (await app.fetch("/api/platform-stats")).json();
    // The demo data's three accounts: shopper, vendor, admin.
    expect(stats).toEqual({ totalUsers: 3, totalOrders: 0, totalSavings: "0.00", activeDeals: expect.any(Number) });
    expect(stats.activeDeals).toBeGreaterThanOrEqual(40);
  });
});

describe("the cart API", () => {
  it("adds, counts, changes, removes and clears lines", async () => {
    const { token } = await newShopper();
    const deal = await dealFor(token);
    expect((await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, qty: 2, groupId: deal.groupId }, token))).status).toBe(201);
    expect(await (await app.fetch("/api/cart/count", jsonInit("GET", undefined, token))).json()).toEqual({ count: 1 });
    const cart = await (await app.fetch("/api/cart", jsonInit("GET", undefined, token))).json();
    expect(cart).toHaveLength(1);
    expect(cart[0]).toMatchObject({ dealId: deal.id, qty: 2, deal: { id: deal.id }, group: { id: deal.groupId } });

    expect((await app.fetch(`/api/cart/${deal.id}`, jsonInit("PATCH", { qty: 5 }, token))).status).toBe(200);
    expect((await (await app.fetch("/api/cart", jsonInit("GET", undefined, token))).json())[0].qty).toBe(5);
    expect((await app.fetch(`/api/cart/${deal.id}`, jsonInit("DELETE", undefined, token))).status).toBe(204);
    expect(await (await app.fetch("/api/cart/count", jsonInit("GET", undefined, token))).json()).toEqual({ count: 0 });

    await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, qty: 1, groupId: deal.groupId }, token));
    expect((await app.fetch("/api/cart/clear", jsonInit("DELETE", undefined, token))).status).toBe(200);
    expect(await (await app.fetch("/api/cart/count", jsonInit("GET", undefined, token))).json()).toEqual({ count: 0 });
  });

  it.each([
    ["qty 0", { qty: 0 }, 400, "הכמות המינימלית היא 1"],
    ['qty "abc"', { qty: "abc" }, 400, "הכמות חייבת להיות מספר שלם"],
    ["qty 2.5", { qty: 2.5 }, 400, "הכמות חייבת להיות מספר שלם"],
    ["no dealId", { dealId: undefined }, 400, "חסר מזהה מבצע"],
    ["no groupId", { groupId: undefined }, 400, "חסר מזהה קבוצת רכישה"],
    ["an unknown deal", { dealId: "no-such-deal" }, 404, "המבצע לא נמצא"],
    ["another deal's group", { groupId: "other" }, 422, "שגיאה - לא ניתן להוסיף את המוצר לעגלה כרגע"],
  ])("refuses %s and writes nothing", async (_, override, status, message) => {
    const { token } = await newShopper();
    const deal = await dealFor(token);
    const otherGroup = db().select().from(groups).where(sql`${groups.dealId} != ${deal.id}`).limit(1).get()!.id;
    const payload = { dealId: deal.id, qty: 1, groupId: deal.groupId, ...override } as Record<string, unknown>;
    if (payload.groupId === "other") payload.groupId = otherGroup;
    const before = count(cartItems);
    const response = await app.fetch("/api/cart", jsonInit("POST", payload, token));
    expect(response.status).toBe(status);
    expect((await response.json()).message).toBe(message);
    expect(count(cartItems)).toBe(before);
  });

  it("refuses more than the deal's maxQty", async () => {
    const { token } = await newShopper();
    const deal = await dealFor(token);
    const response = await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, qty: deal.maxQty + 1, groupId: deal.groupId }, token));
    expect(response.status).toBe(422);
    expect(count(cartItems)).toBe(0);
  });

  it("answers 401 to every cart call without sign-in", async () => {
    for (const [path, method] of [["/api/cart", "GET"], ["/api/cart", "POST"], ["/api/cart/count", "GET"], ["/api/cart/x", "PATCH"], ["/api/cart/x", "DELETE"], ["/api/cart/clear", "DELETE"]]) {
      const response = await app.fetch(path, jsonInit(method, method === "GET" || method === "DELETE" ? undefined : { qty: 1 }));
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it("404s a quantity change or removal of a line the caller does not have", async () => {
    const { token } = await newShopper();
    expect((await app.fetch("/api/cart/nothing-here", jsonInit("PATCH", { qty: 2 }, token))).status).toBe(404);
    expect((await app.fetch("/api/cart/nothing-here", jsonInit("DELETE", undefined, token))).status).toBe(404);
  });

  it("refuses a cookie-authenticated write from another origin", async () => {
    const form = new URLSearchParams({ email: DEMO_USER.email, password: DEMO_USER.password, redirectTo: "" });
    const login = await app.fetch("/login", { method: "POST", body: form, headers: { Accept: "text/html" } });
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const response = await app.fetch("/api/cart/clear", { method: "DELETE", headers: { Cookie: cookie, Origin: "https://evil.example" } });
    expect(response.status).toBe(403);
    const same = await app.fetch("/api/cart/clear", { method: "DELETE", headers: { Cookie: cookie, Origin: new URL(app.url("/")).origin } });
    expect(same.status).toBe(200);
  });
});

describe("checkout and orders", () => {
  async function fillCart(token: string, qty = 2) {
    const deal = await dealFor(token);
    await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, qty, groupId: deal.groupId }, token));
    return deal;
  }
  const checkoutBody = { fullName: "רון בן דוד", phone: "0521234567", address: "הרצל 10", city: "חיפה", postalCode: "3303100", notes: "", paymentMethod: "CASH" };

  it("turns the cart into orders, empties it and adds the base totals to the community's revenue", async () => {
    const shopper = await newShopper();
    const deal = await fillCart(shopper.token, 3);
    const response = await app.fetch("/api/checkout", jsonInit("POST", checkoutBody, shopper.token));
    expect(response.status).toBe(201);
    const { orderId } = await response.json();
    expect(await (await app.fetch("/api/cart/count", jsonInit("GET", undefined, shopper.token))).json()).toEqual({ count: 0 });

    const order = await (await app.fetch(`/api/orders/${orderId}`, jsonInit("GET", undefined, shopper.token))).json();
    const base = Math.round(Number(deal.basePrice) * 100) * 3;
    expect(order).toMatchObject({ id: orderId, status: "PENDING", qty: 3, deliveryType: "DELIVERY", paymentMethod: "CASH", originalTotal: (base / 100).toFixed(2) });
    expect(order.deliveryAddress).toContain("חיפה");
    const cycle = db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, shopper.communityId), eq(weeklyCycles.isActive, true))).get()!;
    expect(cycle.currentRevenue).toBe(base);

    const list = await (await app.fetch(`/api/orders/user/${shopper.userId}`, jsonInit("GET", undefined, shopper.token))).json();
    expect(list.map((o: { id: string }) => o.id)).toEqual([orderId]);
  });

  it("charges 15 ₪ delivery under 150 ₪ and nothing from 150 ₪", async () => {
    const shopper = await newShopper();
    const cheap = db().select().from(deals).where(sql`${deals.basePrice} < 1000`).limit(1).get()!;
    const deal = await dealFor(shopper.token, cheap.slug);
    await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, qty: 1, groupId: deal.groupId }, shopper.token));
    const { orderId } = await (await app.fetch("/api/checkout", jsonInit("POST", checkoutBody, shopper.token))).json();
    const order = await (await app.fetch(`/api/orders/${orderId}`, jsonInit("GET", undefined, shopper.token))).json();
    expect(order.deliveryFee).toBe("15.00");
    expect(Number(order.total)).toBeCloseTo(Number(order.unitPriceAtPurchase) + 15, 2);
  });

  it("refuses an empty cart and bad delivery details, writing nothing", async () => {
    const shopper = await newShopper();
    const empty = await app.fetch("/api/checkout", jsonInit("POST", checkoutBody, shopper.token));
    expect(empty.status).toBe(422);
    expect((await empty.json()).message).toBe("העגלה ריקה");
    await fillCart(shopper.token);
    const bad = await app.fetch("/api/checkout", jsonInit("POST", { ...checkoutBody, fullName: "ר", phone: "12" }, shopper.token));
    expect(bad.status).toBe(400);
    const { errors } = await bad.json();
    expect(errors).toContainEqual({ path: ["fullName"], message: "נדרש שם מלא" });
    expect(errors).toContainEqual({ path: ["phone"], message: "נדרש מספר טלפון תקין" });
    expect(count(orders)).toBe(0);
    expect(count(cartItems)).toBe(1);
  });

  it("places a single order by POST /api/orders and refuses a bad one", async () => {
    const shopper = await newShopper();
    const deal = await dealFor(shopper.token);
    const ok = await app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groupId, qty: 1, deliveryType: "PICKUP" }, shopper.token));
    expect(ok.status).toBe(201);
    expect((await ok.json()).deliveryFee).toBe("0.00");
    for (const bad of [{ qty: 0 }, { qty: "abc" }, { deliveryType: "DRONE" }, { dealId: undefined }, { groupId: undefined }]) {
      const response = await app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groupId, qty: 1, deliveryType: "PICKUP", ...bad }, shopper.token));
      expect(response.status, JSON.stringify(bad)).toBe(400);
    }
    const unknown = await app.fetch("/api/orders", jsonInit("POST", { dealId: "nope", groupId: deal.groupId, qty: 1, deliveryType: "PICKUP" }, shopper.token));
    expect(unknown.status).toBe(404);
    expect(count(orders)).toBe(1);
  });

  it("cancels from PENDING, gives the revenue back, and refuses a second cancel", async () => {
    const shopper = await newShopper();
    await fillCart(shopper.token);
    const { orderId } = await (await app.fetch("/api/checkout", jsonInit("POST", checkoutBody, shopper.token))).json();
    // Whatever day the suite runs, the deadline is days away: cancelling is still allowed.
    db().update(weeklyCycles).set({ orderDeadline: new Date(Date.now() + 4 * 86_400_000) }).where(eq(weeklyCycles.communityId, shopper.communityId)).run();
    const canceled = await app.fetch(`/api/orders/${orderId}/cancel`, { ...jsonInit("POST", { confirmed: "yes" }, shopper.token), headers: { Authorization: `Bearer ${shopper.token}`, "Content-Type": "application/json" } });
    expect(canceled.status).toBe(200);
    expect((await canceled.json()).status).toBe("CANCELED");
    const cycle = db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, shopper.communityId), eq(weeklyCycles.isActive, true))).get()!;
    expect(cycle.currentRevenue).toBe(0);
    expect((await app.fetch(`/api/orders/${orderId}/cancel`, jsonInit("POST", { confirmed: "yes" }, shopper.token))).status).toBe(409);
  });

  it("hides one shopper's orders from another (404), and from guests (401)", async () => {
    const owner = await newShopper();
    await fillCart(owner.token);
    const { orderId } = await (await app.fetch("/api/checkout", jsonInit("POST", checkoutBody, owner.token))).json();
    const other = await newShopper();
    expect((await app.fetch(`/api/orders/${orderId}`, jsonInit("GET", undefined, other.token))).status).toBe(404);
    expect((await app.fetch(`/api/orders/${orderId}/cancel`, jsonInit("POST", { confirmed: "yes" }, other.token))).status).toBe(404);
    expect((await app.fetch(`/api/orders/user/${owner.userId}`, jsonInit("GET", undefined, other.token))).status).toBe(404);
    expect((await app.fetch(`/api/orders/${orderId}`)).status).toBe(401);
    expect(db().select().from(orders).where(eq(orders.id, orderId)).get()!.status).toBe("PENDING");
  });

  it("keeps the community's revenue equal to its orders' base totals when 50 orders land at once", async () => {
    const community = db().select().from(communities).orderBy(communities.name).limit(1).get()!;
    const shoppers = await Promise.all(Array.from({ length: 50 }, () => newShopper(community.id)));
    const list = await (await app.fetch("/api/deals?limit=100", jsonInit("GET", undefined, shoppers[0].token))).json();
    const responses = await Promise.all(
      shoppers.map((s, i) => {
        const deal = list[i % list.length];
        return app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0].id, qty: 1 + (i % 4), deliveryType: "PICKUP" }, s.token));
      }),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(50).fill(201));
    const expected = shoppers.reduce((sum, _, i) => sum + Math.round(Number(list[i % list.length].basePrice) * 100) * (1 + (i % 4)), 0);
    const cycle = db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, community.id), eq(weeklyCycles.isActive, true))).get()!;
    const stored = db().get<{ total: number }>(sql`select sum(original_total) as total from orders where weekly_cycle_id = ${cycle.id} and status not in ('CANCELED','REFUNDED')`).total;
    expect(cycle.currentRevenue).toBe(expected);
    expect(stored).toBe(expected);
    const groupSum = db().get<{ total: number }>(sql`select sum(current_revenue) as total from groups where weekly_cycle_id = ${cycle.id}`).total;
    expect(groupSum).toBe(expected);
  });

  // The bench's checkout mix, small: distinct people each fill a cart and check out, all at once.
  it("keeps every community's revenue equal to its orders' base totals after a crowd checks out", async () => {
    const all = db().select().from(communities).orderBy(communities.name).limit(2).all();
    const shoppers = await Promise.all(Array.from({ length: 30 }, (_, i) => newShopper(all[i % all.length]!.id)));
    const lists = new Map<string, { id: string; groups: { id: string }[] }[]>();
    for (const c of all) {
      const member = shoppers.find((s) => s.communityId === c.id)!;
      lists.set(c.id, await (await app.fetch("/api/deals?limit=100", jsonInit("GET", undefined, member.token))).json());
    }
    const answers = await Promise.all(
      shoppers.map(async (s, i) => {
        const deal = lists.get(s.communityId)![i % 20]!;
        const cart = await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0]!.id, qty: 1 + (i % 3) }, s.token));
        const checkout = await app.fetch("/api/checkout", jsonInit("POST", { fullName: "רון בן דוד", phone: "0501234567", address: "הרצל 10", city: "חיפה", paymentMethod: "CASH" }, s.token));
        return [cart.status, checkout.status];
      }),
    );
    expect(answers).toEqual(Array(30).fill([201, 201]));
    const cycles = db()
      .all<{ revenue: number; ordersTotal: number }>(
        sql`select c.current_revenue as revenue,
                   coalesce((select sum(o.original_total) from orders o where o.weekly_cycle_id = c.id and o.status not in ('CANCELED', 'REFUNDED')), 0) as ordersTotal
            from weekly_cycles c where c.is_active = 1`,
      );
    expect(cycles.length).toBeGreaterThan(0);
    for (const cycle of cycles) expect(cycle.revenue).toBe(cycle.ordersTotal);
    const placed = db().get<{ n: number }>(sql`select count(*) as n from orders`).n;
    expect(placed).toBe(30);
  });

  // A crowd of checkouts at once: one that is refused must take nothing with it, and leave
  // nothing behind.
  it("refuses the empty carts in a crowd of checkouts and places every other one", async () => {
    const community = db().select().from(communities).orderBy(communities.name).limit(1).get()!;
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => newShopper(community.id)));
    const list = await (await app.fetch("/api/deals?limit=100", jsonInit("GET", undefined, shoppers[0].token))).json();
    const filled = shoppers.filter((_, i) => i % 2 === 0);
    for (const [i, s] of filled.entries()) {
      const deal = list[i % list.length];
      expect((await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0].id, qty: 1 }, s.token))).status).toBe(201);
    }
    const body = { fullName: "רון בן דוד", phone: "0501234567", address: "הרצל 10", city: "חיפה", paymentMethod: "CASH" };
    const statuses = await Promise.all(shoppers.map(async (s) => (await app.fetch("/api/checkout", jsonInit("POST", body, s.token))).status));
    expect(statuses).toEqual(shoppers.map((_, i) => (i % 2 === 0 ? 201 : 422)));
    const placedBy = db().all<{ userId: string }>(sql`select user_id as userId from orders`).map((row) => row.userId);
    expect(placedBy.sort()).toEqual(filled.map((s) => s.userId).sort());
    const cycle = db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, community.id), eq(weeklyCycles.isActive, true))).get()!;
    const stored = db().get<{ total: number }>(sql`select sum(original_total) as total from orders where weekly_cycle_id = ${cycle.id}`).total;
    expect(cycle.currentRevenue).toBe(stored);
  });
});

describe("favorites API", () => {
  it("adds, checks, lists and removes a favorite", async () => {
    const { token } = await newShopper();
    const deal = await dealFor(token);
    expect((await app.fetch("/api/favorites", jsonInit("POST", { dealId: deal.id }, token))).status).toBe(201);
    expect((await app.fetch("/api/favorites", jsonInit("POST", { dealId: deal.id }, token))).status).toBe(201);
    expect(count(favorites)).toBe(1);
    expect(await (await app.fetch(`/api/favorites/check/${deal.id}`, jsonInit("GET", undefined, token))).json()).toEqual({ isFavorite: true });
    const list = await (await app.fetch("/api/favorites", jsonInit("GET", undefined, token))).json();
    expect(list.map((d: { id: string }) => d.id)).toEqual([deal.id]);
    expect((await app.fetch(`/api/favorites/${deal.id}`, jsonInit("DELETE", undefined, token))).status).toBe(204);
    expect(await (await app.fetch(`/api/favorites/check/${deal.id}`, jsonInit("GET", undefined, token))).json()).toEqual({ isFavorite: false });
  });

  it("refuses a missing or unknown deal, and guests", async () => {
    const { token } = await newShopper();
    expect((await app.fetch("/api/favorites", jsonInit("POST", {}, token))).status).toBe(400);
    expect((await app.fetch("/api/favorites", jsonInit("POST", { dealId: "nope" }, token))).status).toBe(404);
    expect((await app.fetch("/api/favorites", jsonInit("POST", { dealId: "nope" }))).status).toBe(401);
    expect((await app.fetch("/api/favorites")).status).toBe(401);
    expect(count(favorites)).toBe(0);
  });
});

describe("reviews API", () => {
  it("lets only a buyer with a FULFILLED order review, once per order", async () => {
    const shopper = await newShopper();
    const deal = await dealFor(shopper.token);
    expect(await (await app.fetch(`/api/deals/${deal.id}/can-review`, jsonInit("GET", undefined, shopper.token))).json()).toEqual({ canReview: false });
    const refused = await app.fetch(`/api/deals/${deal.id}/reviews`, jsonInit("POST", { rating: 5, comment: "עגבניות מעולות, מתוקות מאוד" }, shopper.token));
    expect(refused.status).toBe(403);

    const placed = await (await app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groupId, qty: 1, deliveryType: "PICKUP" }, shopper.token))).json();
    db().update(orders).set({ status: "FULFILLED" }).where(eq(orders.id, placed.id)).run();
    expect(await (await app.fetch(`/api/deals/${deal.id}/can-review`, jsonInit("GET", undefined, shopper.token))).json()).toEqual({ canReview: true });

    for (const [body, message] of [
      [{ rating: 0 }, "הדירוג חייב להיות לפחות 1"],
      [{ rating: 6 }, "הדירוג יכול להיות לכל היותר 5"],
      [{ rating: 4, comment: "קצר" }, "התגובה חייבת להכיל לפחות 10 תווים"],
      [{ rating: 4, comment: "א".repeat(1001) }, "התגובה יכולה להכיל עד 1000 תווים"],
    ] as const) {
      const response = await app.fetch(`/api/deals/${deal.id}/reviews`, jsonInit("POST", body, shopper.token));
      expect(response.status).toBe(400);
      expect((await response.json()).message).toBe(message);
    }

    const created = await app.fetch(`/api/deals/${deal.id}/reviews`, jsonInit("POST", { rating: 4, comment: "טריים ועסיסיים, נזמין שוב" }, shopper.token));
    expect(created.status).toBe(201);
    expect(await (await app.fetch(`/api/deals/${deal.id}/rating`)).json()).toEqual({ averageRating: 4, totalReviews: 1 });
    const reviews = await (await app.fetch(`/api/deals/${deal.id}/reviews`)).json();
    expect(reviews[0]).toMatchObject({ rating: 4, user: { firstName: "רון", lastName: "בן דוד" } });
    expect(await (await app.fetch(`/api/deals/${deal.id}/can-review`, jsonInit("GET", undefined, shopper.token))).json()).toEqual({ canReview: false });
    expect((await app.fetch(`/api/deals/${deal.id}/can-review`)).status).toBe(401);
  });
});
