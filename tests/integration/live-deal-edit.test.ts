// Issue #49: a farmer changes a live deal's price, quantities, description and pictures without
// a new review; its name, category and unit stay (a new one goes through review). A new price is
// for orders placed after it: an order already placed keeps its price, a cart shows the new one.
// Every change is an audit row with before and after. Over the API and the page's plain form.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deals, eventLogs, orders } from "~/db/schema";
import { DEMO_VENDOR } from "~/demo/seed.server";
import { dealBody, dealFormData, liveDeal as liveDealOf, type EditorJson } from "../support/live-deal";
import { cookieOf } from "../support/sign-in";
import { deadlineDaysAway, useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

const liveDeal = () => liveDealOf(app);
const bodyOf = dealBody;

const agorot = (shekels: string) => Math.round(Number(shekels) * 100);
const dealRow = (id: string) => db().select().from(deals).where(eq(deals.id, id)).get()!;
const updates = (id: string) =>
  db().select().from(eventLogs).where(sql`${eventLogs.type} = 'deal.updated' and json_extract(${eventLogs.payload}, '$.entityId') = ${id}`).all();

describe("a live deal, changed by its farmer", () => {
  it("takes a new price and maximum at once: placed orders keep theirs, carts show the new one, the audit log has both", async () => {
    const { vendorToken, shopperToken, deal, editor } = await liveDeal();
    expect(editor).toMatchObject({ status: "ACTIVE", canEdit: true });
    const placed = await app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0]!.id, qty: 1, deliveryType: "PICKUP" }, shopperToken));
    expect(placed.status).toBe(201);
    const order = db().select().from(orders).where(eq(orders.dealId, deal.id)).all().at(-1)!;
    deadlineDaysAway(db(), order.weeklyCycleId!);
    expect((await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0]!.id, qty: 1 }, shopperToken))).status).toBe(201);

    const newPrice = (agorot(editor.basePrice) + 200) / 100;
    const changed = await app.fetch(`/api/vendor/deals/${deal.id}`, jsonInit("PUT", bodyOf(editor, { basePrice: newPrice.toFixed(2), maxQty: editor.maxQty + 5 }), vendorToken));
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ status: "ACTIVE", basePrice: newPrice.toFixed(2), maxQty: editor.maxQty + 5 });
    expect(dealRow(deal.id)).toMatchObject({ status: "ACTIVE", basePrice: agorot(editor.basePrice) + 200, maxQty: editor.maxQty + 5 });

    // The order placed before keeps what she was shown; the cart prices at today's terms.
    expect(db().select().from(orders).where(eq(orders.id, order.id)).get()!.unitPriceAtPurchase).toBe(order.unitPriceAtPurchase);
    const cart: { dealId: string; deal: { basePrice: string } }[] = await (await app.fetch("/api/cart", jsonInit("GET", undefined, shopperToken))).json();
    expect(cart.find((line) => line.dealId === deal.id)!.deal.basePrice).toBe(newPrice.toFixed(2));

    const [row] = updates(deal.id);
    expect(row!.payload).toMatchObject({ before: { basePrice: agorot(editor.basePrice), maxQty: editor.maxQty }, after: { basePrice: agorot(editor.basePrice) + 200, maxQty: editor.maxQty + 5 } });
  });

  it("refuses a new name, category or unit with the reason, and changes nothing", async () => {
    const { vendorToken, deal, editor } = await liveDeal();
    const before = dealRow(deal.id);
    for (const overrides of [{ title: `${editor.title} חדש` }, { category: editor.category === "fruits" ? "vegetables" : "fruits" }, { unit: "יחידה" === editor.unit ? "ק״ג" : "יחידה" }]) {
      const refused = await app.fetch(`/api/vendor/deals/${deal.id}`, jsonInit("PUT", bodyOf(editor, { ...overrides, basePrice: ((agorot(editor.basePrice) + 100) / 100).toFixed(2) }), vendorToken));
      expect(refused.status, JSON.stringify(overrides)).toBe(409);
      expect((await refused.json()).message).toContain("סיימו את המבצע ושלחו מבצע חדש לבדיקה");
    }
    expect(dealRow(deal.id)).toEqual(before);
    expect(updates(deal.id)).toEqual([]);
  });

  it("works through the edit page's plain form, without JavaScript", async () => {
    const { deal, editor } = await liveDeal();
    const cookie = await cookieOf(app, DEMO_VENDOR);
    const page = await (await app.fetch(`/vendor/deals/${deal.id}/edit`, { headers: { Cookie: cookie, Accept: "text/html" } })).text();
    expect(page).toContain('data-testid="live-edit-note"');
    const form = (overrides: Partial<EditorJson>) => {
      const fields = dealFormData(editor, overrides);
      return app.fetch(`/vendor/deals/${deal.id}/edit`, { method: "POST", body: fields, redirect: "manual", headers: { Cookie: cookie, Accept: "text/html" } });
    };
    const renamed = await form({ title: "שם אחר לגמרי" });
    expect(renamed.status).toBe(409);
    expect(await renamed.text()).toContain("השם, הקטגוריה והיחידה של מבצע פעיל הם מה שהקונים בחרו");
    expect(dealRow(deal.id).title).toBe(editor.title);
    const cheaper = await form({ basePrice: ((agorot(editor.basePrice) - 10) / 100).toFixed(2), tiers: [] });
    expect([302, 303]).toContain(cheaper.status);
    expect(dealRow(deal.id).basePrice).toBe(agorot(editor.basePrice) - 10);
  });
});
