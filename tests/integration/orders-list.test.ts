// A shopper's orders list (services/orders.server.ts listOrders): one prepared statement per
// combination of search, status and sort, so each combination is asked in turn, after the others,
// and must keep its own filter and order.
import { describe, expect, it } from "vitest";
import { communities } from "~/db/schema";
import { ORDER_STATUSES } from "~/domain/enums";
import { listOrderRows, listOrders } from "~/services/orders.server";
import { deadlineDaysAway, useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

describe("a shopper's orders list", () => {
  it("keeps every search, status and sort to itself, whichever was asked before", async () => {
    const communityId = db().select().from(communities).orderBy(communities.name).limit(1).get()!.id;
    const signup = await app.fetch("/api/auth/signup", jsonInit("POST", { email: `orders-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "long-enough-pw", firstName: "דנה", lastName: "לוי", communityId }));
    const { token, user } = await signup.json();
    const deals = await (await app.fetch("/api/deals?limit=3", jsonInit("GET", undefined, token))).json();
    const placed: { id: string; weeklyCycleId: string }[] = [];
    for (const [i, deal] of deals.entries()) {
      const response = await app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0].id, qty: i + 1, deliveryType: "PICKUP" }, token));
      expect(response.status).toBe(201);
      placed.push(await response.json());
    }
    deadlineDaysAway(db(), placed[0].weeklyCycleId);
    expect((await app.fetch(`/api/orders/${placed[1].id}/cancel`, jsonInit("POST", { confirmed: "yes" }, token))).status).toBe(200);

    let asked = 0;
    for (const q of ["", placed[2].id.slice(2, 6).toUpperCase()]) {
      for (const status of ["", ...ORDER_STATUSES] as const) {
        for (const sort of ["date_desc", "date_asc", "amount_desc", "amount_asc"] as const) {
          const label = `q=${q} status=${status} sort=${sort}`;
          const rows = listOrders(db(), user.id, { q: q || undefined, status: status || undefined, sort });
          const expected = placed.filter((o) => (!q || o.id.toLowerCase().includes(q.toLowerCase())) && (!status || (o.id === placed[1].id ? "CANCELED" : "PENDING") === status));
          expect(rows.map((r) => r.order.id).sort(), label).toEqual(expected.map((o) => o.id).sort());
          const key = sort.startsWith("date") ? rows.map((r) => r.order.createdAt.getTime()) : rows.map((r) => r.order.total);
          expect(key, label).toEqual([...key].sort((a, b) => (sort.endsWith("asc") ? a - b : b - a)));
          asked += 1;
        }
      }
    }
    expect(asked).toBe(2 * (ORDER_STATUSES.length + 1) * 4);
  });

  it("lists each search, status and sort on its own, and follows an order placed or cancelled", async () => {
    const communityId = db().select().from(communities).orderBy(communities.name).limit(1).get()!.id;
    const signup = await app.fetch("/api/auth/signup", jsonInit("POST", { email: `kept-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "long-enough-pw", firstName: "נועה", lastName: "כהן", communityId }));
    const { token, user } = await signup.json();
    const deals = await (await app.fetch("/api/deals?limit=2", jsonInit("GET", undefined, token))).json();
    const place = async (deal: { id: string; groups: { id: string }[] }) => {
      const response = await app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0]!.id, qty: 1, deliveryType: "PICKUP" }, token));
      expect(response.status).toBe(201);
      return (await response.json()) as { id: string; weeklyCycleId: string };
    };
    const first = await place(deals[0]);

    const newest = () => listOrderRows(db(), user.id, { sort: "date_desc" });
    expect(newest().map((row) => row.order.id)).toEqual([first.id]);
    expect(listOrderRows(db(), user.id, { status: "CANCELED" })).toEqual([]);

    const second = await place(deals[1]);
    expect(newest().map((row) => row.order.id)).toEqual([second.id, first.id]);
    deadlineDaysAway(db(), first.weeklyCycleId);
    expect((await app.fetch(`/api/orders/${first.id}/cancel`, jsonInit("POST", { confirmed: "yes" }, token))).status).toBe(200);
    expect(listOrderRows(db(), user.id, { status: "CANCELED" }).map((row) => row.order.id)).toEqual([first.id]);
    expect(newest().find((row) => row.order.id === first.id)!.order.status).toBe("CANCELED");
  });
});
