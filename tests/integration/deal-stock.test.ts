// Issue #49: a deal's stock, apart from its per-order maximum. Orders take from it, a change of
// quantity moves it, a cancellation before hand-over gives back; at zero the deal stays live and
// says "sold out" on its page and card, and takes no new orders until the farmer adds more. A
// farmer's save never sells twice what was ordered while her form was open.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deals, orders } from "~/db/schema";
import { DEMO_VENDOR } from "~/demo/seed.server";
import { dealBody, dealFormData, liveDeal } from "../support/live-deal";
import { cookieOf } from "../support/sign-in";
import { deadlineDaysAway, useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

const stockOf = (id: string) => db().select({ stock: deals.stock }).from(deals).where(eq(deals.id, id)).get()!.stock;

describe("a deal's stock", () => {
  it("is taken by orders and changes of quantity, given back by a cancellation, and refuses more than is left", async () => {
    const { vendorToken, shopperToken, deal, editor } = await liveDeal(app);
    expect(editor.stock).toBeNull();
    const set = await app.fetch(`/api/vendor/deals/${deal.id}`, jsonInit("PUT", dealBody(editor, { stock: 3, minQty: 1 }), vendorToken));
    expect(set.status).toBe(200);
    expect(stockOf(deal.id)).toBe(3);

    const order = (qty: number) => app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0]!.id, qty, deliveryType: "PICKUP" }, shopperToken));
    expect((await order(2)).status).toBe(201);
    expect(stockOf(deal.id)).toBe(1);

    const tooMany = await order(2);
    expect(tooMany.status).toBe(409);
    expect((await tooMany.json()).message).toBe("נשארו רק 1 במלאי. הקטינו את הכמות ל-1 או פחות.");
    const toCart = await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0]!.id, qty: 2 }, shopperToken));
    expect(toCart.status).toBe(409);
    expect(stockOf(deal.id)).toBe(1);

    const placed = db().select().from(orders).where(eq(orders.dealId, deal.id)).all().at(-1)!;
    deadlineDaysAway(db(), placed.weeklyCycleId!);
    const raise = (qty: number) => app.fetch(`/api/orders/${placed.id}`, jsonInit("PATCH", { qty }, shopperToken));
    expect((await raise(4)).status).toBe(409);
    expect(stockOf(deal.id)).toBe(1);
    expect((await raise(3)).status).toBe(200);
    expect(stockOf(deal.id)).toBe(0);
    expect((await raise(1)).status).toBe(200);
    expect(stockOf(deal.id)).toBe(2);

    const cancelled = await app.fetch(`/api/orders/${placed.id}/cancel`, jsonInit("POST", { confirmed: "yes" }, shopperToken));
    expect(cancelled.status).toBe(200);
    expect(stockOf(deal.id)).toBe(3);
  });

  it("at zero, says sold out on the deal's page and card, takes no order, and sells again once the farmer adds more", async () => {
    const { vendorToken, shopperToken, deal, editor } = await liveDeal(app);
    expect((await app.fetch(`/api/vendor/deals/${deal.id}`, jsonInit("PUT", dealBody(editor, { stock: 0 }), vendorToken))).status).toBe(200);
    const slug = db().select({ slug: deals.slug }).from(deals).where(eq(deals.id, deal.id)).get()!.slug;

    const page = await (await app.fetch(`/deals/${slug}`, { headers: { Accept: "text/html" } })).text();
    expect(page).toContain('data-testid="deal-sold-out"');
    expect(page).toContain("אזל המלאי");
    expect(page).not.toContain('data-testid="add-to-cart"');
    const list = await (await app.fetch("/deals?limit=100", { headers: { Accept: "text/html" } })).text();
    const card = list.slice(list.indexOf(`data-slug="${slug}"`), list.indexOf("</article>", list.indexOf(`data-slug="${slug}"`)));
    expect(card).toContain('data-testid="card-sold-out"');
    expect(card).not.toContain('data-testid="quick-add"');

    const refused = await app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0]!.id, qty: 1, deliveryType: "PICKUP" }, shopperToken));
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toContain("המלאי של המבצע הזה אזל");
    expect(db().select().from(orders).where(eq(orders.dealId, deal.id)).all()).toEqual([]);

    expect((await app.fetch(`/api/vendor/deals/${deal.id}`, jsonInit("PUT", dealBody(editor, { stock: 5 }), vendorToken))).status).toBe(200);
    const again = await (await app.fetch(`/deals/${slug}`, { headers: { Accept: "text/html" } })).text();
    expect(again).not.toContain('data-testid="deal-sold-out"');
    expect(again).toContain('data-testid="add-to-cart"');
    expect(again).toContain("נשארו 5 במלאי");
  });

  it("through the plain form: a new number loses what was ordered while the form was open, an unchanged one leaves the stock alone, a bad one is refused", async () => {
    const { vendorToken, shopperToken, deal, editor } = await liveDeal(app);
    expect((await app.fetch(`/api/vendor/deals/${deal.id}`, jsonInit("PUT", dealBody(editor, { stock: 5, minQty: 1 }), vendorToken))).status).toBe(200);
    const cookie = await cookieOf(app, DEMO_VENDOR);
    const editPage = await (await app.fetch(`/vendor/deals/${deal.id}/edit`, { headers: { Cookie: cookie, Accept: "text/html" } })).text();
    expect(editPage).toMatch(/name="stock"[^>]*value="5"|value="5"[^>]*name="stock"/);
    // While her form is open, a shopper orders 2 of the 5.
    expect((await app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0]!.id, qty: 2, deliveryType: "PICKUP" }, shopperToken))).status).toBe(201);
    expect(stockOf(deal.id)).toBe(3);

    const save = (stock: string) => {
      const fields = dealFormData(editor, { minQty: 1 });
      fields.set("stock", stock);
      fields.set("stockShown", "5");
      return app.fetch(`/vendor/deals/${deal.id}/edit`, { method: "POST", body: fields, redirect: "manual", headers: { Cookie: cookie, Accept: "text/html" } });
    };
    expect([302, 303]).toContain((await save("5")).status);
    expect(stockOf(deal.id)).toBe(3);
    expect([302, 303]).toContain((await save("10")).status);
    expect(stockOf(deal.id)).toBe(8);
    const bad = await save("-2");
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("המלאי הוא מספר שלם, 0 או יותר");
    expect(stockOf(deal.id)).toBe(8);
    expect([302, 303]).toContain((await save("")).status);
    expect(stockOf(deal.id)).toBeNull();
  });

  it("refuses a stock below zero or not whole over the API with the form's message, and changes nothing", async () => {
    const { vendorToken, deal, editor } = await liveDeal(app);
    const before = stockOf(deal.id);
    for (const stock of [-1, 2.5]) {
      const refused = await app.fetch(`/api/vendor/deals/${deal.id}`, jsonInit("PUT", dealBody(editor, { stock }), vendorToken));
      expect(refused.status, String(stock)).toBe(400);
      expect(JSON.stringify(await refused.json())).toMatch(/המלאי הוא מספר שלם|מספר שלם/);
    }
    expect(stockOf(deal.id)).toBe(before);
  });
});
