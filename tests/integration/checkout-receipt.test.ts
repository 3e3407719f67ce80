// The printable order documents (issue #47, item 6): one document for a whole checkout, her own
// only; "order summary" until the orders are paid and "receipt" after; its grouped lines add up
// to what her orders say.
import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { communities, deals, orders, users } from "~/db/schema";
import { DEMO_ADMIN } from "~/demo/seed.server";
import { setOrderStatus } from "~/services/order-lifecycle.server";
import { getPageAs, signUpShopper } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

type Listed = { id: string; basePrice: string; minQty: number; groups: { id: string }[] };

const adminId = () => db().select().from(users).where(eq(users.email, DEMO_ADMIN.email)).get()!.id;
const firstCommunity = () => db().select().from(communities).orderBy(communities.name).limit(1).get()!;
const newShopper = (name: string) => signUpShopper(app, firstCommunity().id, { emailPrefix: name, addressPrefix: "10.47" });

/** The amount (agorot) printed in every element carrying `testId`, in the page's order. */
function amounts(html: string, testId: string): number[] {
  const found = [...html.matchAll(new RegExp(`data-testid="${testId}"[^>]*>(?:<[^>]+>)*([^<]*)`, "g"))];
  return found.map((m) => Math.round(Number(m[1]!.replace(/[^\d.]/g, "")) * 100));
}

/**
 * A checkout by delivery of three cheap deals, two of them from one vendor and one from another,
 * each at its minimum: several orders, two vendors, and a delivery fee on a small subtotal.
 */
async function threeLineCheckout(token: string): Promise<string[]> {
  const listed: Listed[] = await (await app.fetch("/api/deals?limit=100", jsonInit("GET", undefined, token))).json();
  const vendorOf = new Map(db().select({ id: deals.id, vendorId: deals.vendorId }).from(deals).all().map((d) => [d.id, d.vendorId]));
  const cheap = [...listed].sort((a, b) => Number(a.basePrice) * a.minQty - Number(b.basePrice) * b.minQty);
  const first = cheap[0]!;
  const sameVendor = cheap.find((d) => d !== first && vendorOf.get(d.id) === vendorOf.get(first.id))!;
  const otherVendor = cheap.find((d) => vendorOf.get(d.id) !== vendorOf.get(first.id))!;
  for (const deal of [first, sameVendor, otherVendor]) {
    expect((await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, qty: deal.minQty, groupId: deal.groups[0]!.id }, token))).status).toBe(201);
  }
  const body = { fullName: "פנינה כהן", phone: "0521234567", address: "הרצל 10", city: "חיפה", postalCode: "", notes: "", paymentMethod: "CASH" };
  const response = await app.fetch("/api/checkout", jsonInit("POST", body, token));
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { orderIds: string[] }).orderIds;
}

describe("the checkout's printable document", () => {
  it("lists her checkout's orders grouped by vendor; the groups, the one delivery fee and the total add up to her orders", async () => {
    const she = await newShopper("receipt-owner");
    const ids = await threeLineCheckout(she.token);
    expect(ids).toHaveLength(3);
    const placed = db().select().from(orders).where(inArray(orders.id, ids)).all();
    const checkoutId = placed[0]!.checkoutId!;
    expect(placed.every((o) => o.checkoutId === checkoutId)).toBe(true);

    const page = await getPageAs(app, `/checkouts/${checkoutId}/receipt`, she.token);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html.match(/data-testid="receipt-group"/g)).toHaveLength(2);
    expect(html.match(/data-testid="receipt-line-total"/g)).toHaveLength(3);

    const sum = placed.reduce((total, o) => total + o.total, 0);
    const fee = placed.reduce((total, o) => total + o.deliveryFee, 0);
    const goods = placed.reduce((total, o) => total + o.qty * o.unitPriceAtPurchase, 0);
    expect(amounts(html, "receipt-total")).toEqual([sum]);
    // The fee once, as the checkout carries it (on its first order), not once per order.
    expect(fee).toBeGreaterThan(0);
    expect(amounts(html, "receipt-delivery-fee")).toEqual([fee]);
    expect(amounts(html, "receipt-goods")).toEqual([goods]);
    const groupSubtotals = amounts(html, "receipt-group-subtotal");
    expect(groupSubtotals.reduce((a, b) => a + b, 0) + fee).toBe(sum);
    expect(amounts(html, "receipt-line-total").reduce((a, b) => a + b, 0)).toBe(goods);
    // The organiser's business details, as the one-order receipt shows them.
    expect(html).toContain('data-testid="receipt-seller"');
    expect(html).toContain("שוק קהילתי (הדגמה)");
  });

  it("is 'order summary' while the orders wait for payment and 'receipt' once they are paid, one order's page as well", async () => {
    const she = await newShopper("receipt-paid");
    const ids = await threeLineCheckout(she.token);
    const checkoutId = db().select().from(orders).where(eq(orders.id, ids[0]!)).get()!.checkoutId!;
    const title = async (path: string) => (await (await getPageAs(app, path, she.token)).text()).match(/<title>([^<]*)<\/title>/)![1]!;
    const heading = async (path: string) => (await (await getPageAs(app, path, she.token)).text()).match(/data-testid="receipt-heading"[^>]*>([^<]*)</)![1]!;

    expect(await title(`/checkouts/${checkoutId}/receipt`)).toMatch(/^סיכום הזמנה/);
    expect(await heading(`/checkouts/${checkoutId}/receipt`)).toBe("סיכום הזמנה");
    expect(await title(`/orders/${ids[0]}/receipt`)).toMatch(/^סיכום הזמנה/);
    expect(await heading(`/orders/${ids[0]}/receipt`)).toBe("סיכום הזמנה");

    // One order paid: that order's paper is a receipt, the checkout's is not yet.
    setOrderStatus(db(), adminId(), ids[0]!, "PAID");
    expect(await heading(`/orders/${ids[0]}/receipt`)).toBe("קבלה");
    expect(await title(`/orders/${ids[0]}/receipt`)).toMatch(/^קבלה/);
    expect(await heading(`/checkouts/${checkoutId}/receipt`)).toBe("סיכום הזמנה");

    for (const id of ids.slice(1)) setOrderStatus(db(), adminId(), id, "PAID");
    expect(await heading(`/checkouts/${checkoutId}/receipt`)).toBe("קבלה");
    expect(await title(`/checkouts/${checkoutId}/receipt`)).toMatch(/^קבלה/);
  });

  it("is reachable from the success page and from each order's page, and her one-order receipt stays", async () => {
    const she = await newShopper("receipt-links");
    const ids = await threeLineCheckout(she.token);
    const checkoutId = db().select().from(orders).where(eq(orders.id, ids[0]!)).get()!.checkoutId!;
    const link = `href="/checkouts/${checkoutId}/receipt"`;
    const success = await (await getPageAs(app, `/order-success?${ids.map((id) => `orderId=${id}`).join("&")}`, she.token)).text();
    expect(success).toContain(link);
    const order = await (await getPageAs(app, `/orders/${ids[1]}`, she.token)).text();
    expect(order).toContain(link);
    expect(order).toContain(`href="/orders/${ids[1]}/receipt"`);
    expect((await getPageAs(app, `/orders/${ids[1]}/receipt`, she.token)).status).toBe(200);
  });

  it("is not found for anyone else, and for a checkout that does not exist", async () => {
    const she = await newShopper("receipt-victim");
    const ids = await threeLineCheckout(she.token);
    const checkoutId = db().select().from(orders).where(eq(orders.id, ids[0]!)).get()!.checkoutId!;
    const stranger = await newShopper("receipt-stranger");
    const theirs = await getPageAs(app, `/checkouts/${checkoutId}/receipt`, stranger.token);
    expect(theirs.status).toBe(404);
    expect(await theirs.text()).not.toContain("פנינה כהן");
    expect((await getPageAs(app, `/orders/${ids[0]}/receipt`, stranger.token)).status).toBe(404);
    expect((await getPageAs(app, `/checkouts/${crypto.randomUUID()}/receipt`, she.token)).status).toBe(404);
    // Signed out: to the sign-in page, nothing of hers.
    const guest = await app.fetch(`/checkouts/${checkoutId}/receipt`, { headers: { Accept: "text/html" }, redirect: "manual" });
    expect([302, 303]).toContain(guest.status);
  });
});
