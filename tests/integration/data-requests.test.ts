// A client navigation asks for a page's data at "<path>.data?_routes=...". Loaders, actions and
// middleware get that request as it came (v8_passThroughRequests) and read the page's address
// from their `url` argument: a sign-in redirect built from it must name the page, never its
// ".data" address, or signing in would land on a page of raw data.
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";
import { useTestServer } from "../support/test-server";

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
});
