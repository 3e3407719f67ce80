// Issue #49: every change of a deal is in the audit log, and the admin can see and undo it. The
// admin's deal page lists the changes with before and after; "undo" puts back the fields the
// change wrote (a plain form, no JavaScript), refuses a change already undone or one a later
// change overwrote, and writes its own audit row.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deals, eventLogs } from "~/db/schema";
import { DEMO_ADMIN, DEMO_VENDOR } from "~/demo/seed.server";
import { dealBody, liveDeal } from "../support/live-deal";
import { cookieOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

const dealRow = (id: string) => db().select().from(deals).where(eq(deals.id, id)).get()!;
const changeIds = (id: string) =>
  db()
    .select({ id: eventLogs.id })
    .from(eventLogs)
    .where(sql`${eventLogs.type} = 'deal.updated' and json_extract(${eventLogs.payload}, '$.entityId') = ${id}`)
    .orderBy(eventLogs.createdAt)
    .all()
    .map((row) => row.id);
const undoRows = (id: string) => db().select().from(eventLogs).where(sql`${eventLogs.type} = 'deal.change_undone' and json_extract(${eventLogs.payload}, '$.entityId') = ${id}`).all();

describe("the admin undoes a farmer's change of a live deal", () => {
  it("lists it with before and after, puts the price back, and refuses a second undo", async () => {
    const { vendorToken, deal, editor } = await liveDeal(app);
    const before = dealRow(deal.id);
    const raised = ((before.basePrice + 300) / 100).toFixed(2);
    expect((await app.fetch(`/api/vendor/deals/${deal.id}`, jsonInit("PUT", dealBody(editor, { basePrice: raised, stock: 40 }), vendorToken))).status).toBe(200);
    const [changeId] = changeIds(deal.id);

    const cookie = await cookieOf(app, DEMO_ADMIN);
    const page = await (await app.fetch(`/admin/deals/${deal.id}/edit`, { headers: { Cookie: cookie, Accept: "text/html" } })).text();
    expect(page).toContain('data-testid="deal-changes"');
    expect(page).toContain('data-testid="undo-change"');
    expect(page).toContain(`value="${changeId}"`);

    const undo = () => {
      const form = new URLSearchParams({ intent: "undoChange", changeId: changeId! });
      return app.fetch(`/admin/deals/${deal.id}/edit`, { method: "POST", body: form, redirect: "manual", headers: { Cookie: cookie, Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" } });
    };
    expect([302, 303]).toContain((await undo()).status);
    expect(dealRow(deal.id)).toMatchObject({ basePrice: before.basePrice, stock: null, title: before.title });
    expect(undoRows(deal.id)).toHaveLength(1);
    expect(undoRows(deal.id)[0]!.payload).toMatchObject({ note: changeId, before: { basePrice: before.basePrice + 300 }, after: { basePrice: before.basePrice } });

    const again = await undo();
    expect([302, 303]).toContain(again.status);
    expect(undoRows(deal.id)).toHaveLength(1);
    const after = await (await app.fetch(`/admin/deals/${deal.id}/edit`, { headers: { Cookie: cookie, Accept: "text/html" } })).text();
    expect(after).toContain('data-testid="change-undone"');
  });

  it("will not undo a change whose field a later change wrote again, until the later one is undone", async () => {
    const { vendorToken, deal, editor } = await liveDeal(app);
    const base = dealRow(deal.id).basePrice;
    for (const add of [100, 200]) {
      expect((await app.fetch(`/api/vendor/deals/${deal.id}`, jsonInit("PUT", dealBody(editor, { basePrice: ((base + add) / 100).toFixed(2) }), vendorToken))).status).toBe(200);
    }
    const [first, second] = changeIds(deal.id);
    const cookie = await cookieOf(app, DEMO_ADMIN);
    const undo = (changeId: string) =>
      app.fetch(`/admin/deals/${deal.id}/edit`, {
        method: "POST",
        body: new URLSearchParams({ intent: "undoChange", changeId }),
        redirect: "manual",
        headers: { Cookie: cookie, Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
      });
    await undo(first!);
    expect(dealRow(deal.id).basePrice).toBe(base + 200);
    expect(undoRows(deal.id)).toHaveLength(0);
    await undo(second!);
    expect(dealRow(deal.id).basePrice).toBe(base + 100);
    await undo(first!);
    expect(dealRow(deal.id).basePrice).toBe(base);
    expect(undoRows(deal.id)).toHaveLength(2);
  });

  it("is not the farmer's: her own undo is refused and changes nothing", async () => {
    const { vendorToken, deal, editor } = await liveDeal(app);
    const base = dealRow(deal.id).basePrice;
    await app.fetch(`/api/vendor/deals/${deal.id}`, jsonInit("PUT", dealBody(editor, { basePrice: ((base + 100) / 100).toFixed(2) }), vendorToken));
    const [changeId] = changeIds(deal.id);
    const cookie = await cookieOf(app, DEMO_VENDOR);
    await app.fetch(`/vendor/deals/${deal.id}/edit`, {
      method: "POST",
      body: new URLSearchParams({ intent: "undoChange", changeId: changeId! }),
      redirect: "manual",
      headers: { Cookie: cookie, Accept: "text/html", "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(dealRow(deal.id).basePrice).toBe(base + 100);
    expect(undoRows(deal.id)).toHaveLength(0);
  });
});
