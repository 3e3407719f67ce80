// A client navigation asks for a page's data at "<path>.data?_routes=...". Loaders, actions and
// middleware get that request as it came (v8_passThroughRequests) and read the page's address
// from their `url` argument: a sign-in redirect built from it must name the page, never its
// ".data" address, or signing in would land on a page of raw data.
import { describe, expect, it } from "vitest";
import { communities } from "~/db/schema";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const server = useTestServer(db);

describe("data requests of client navigations", () => {
  it("a guest's redirect to sign in comes back to the page, not to its data", async () => {
    for (const [asked, page] of [
      ["/notifications.data?_routes=routes%2Fnotifications", "/notifications"],
      ["/favorites.data", "/favorites"],
      ["/profile.data?tab=orders&_routes=root%2Croutes%2Fprofile", "/profile?tab=orders"],
    ]) {
      const response = await server.fetch(asked!);
      const body = await response.text();
      expect(body, asked).toContain(`/login?redirect=${encodeURIComponent(page!)}`);
      expect(body, asked).not.toContain(".data");
      expect(body, asked).not.toContain("_routes");
    }
  });

  it("a document's redirect says the same", async () => {
    const response = await server.fetch("/profile?tab=orders");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirect=${encodeURIComponent("/profile?tab=orders")}`);
  });

  it("a page's data reads its query from the page's address", async () => {
    const response = await server.fetch("/deals.data?q=zucchini-xyz&_routes=routes%2Fdeals");
    expect(response.status).toBe(200);
    const body = await response.text();
    expect(body).toContain('"zucchini-xyz"');
  });

  it("a signed-in /cart's data carries what the page shows of each line's deal, and the header's counts", async () => {
    const signup = await server.fetch("/api/auth/signup", {
      ...jsonInit("POST", { email: `cart-data-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "long-enough-pw", firstName: "נועה", lastName: "כהן", communityId: db().select().from(communities).get()!.id }),
      headers: { "Content-Type": "application/json", "X-Test-Client": "10.9.0.1" },
    });
    expect(signup.status).toBe(201);
    const { token } = (await signup.json()) as { token: string };
    const deals: { id: string; description: string; groups: { id: string }[] }[] = await (await server.fetch("/api/deals?limit=5", jsonInit("GET", undefined, token))).json();
    const deal = deals.find((d) => d.groups.length > 0 && d.description.length > 20)!;
    expect((await server.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, qty: 1, groupId: deal.groups[0]!.id }, token))).status).toBe(201);

    const response = await server.fetch("/cart.data?_routes=root%2Croutes%2Fcart", jsonInit("GET", undefined, token));
    expect(response.status).toBe(200);
    const body = await response.text();
    // The line's title is there, its description (shown on the deal's page only) is not.
    expect(body).toContain(deal.id);
    expect(body).not.toContain(deal.description.slice(0, 20));
    expect(body).not.toContain('"vendorId"');
    expect(body).toContain('"cartCount"');
  });
});
