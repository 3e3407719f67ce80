// Issue #47, item 10: "add to cart" adds once per tap. Every page view carries a new tap token
// (the root loader); the same form sent again (an impatient second tap, a page sent again by a
// browser without JavaScript) adds nothing more, and the next page view's tap adds again.
import { describe, expect, it } from "vitest";
import { communities } from "~/db/schema";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

let people = 0;

async function shopper() {
  const init = jsonInit("POST", { email: `tap-${++people}-${crypto.randomUUID().slice(0, 6)}@example.com`, password: "long-enough-pw", firstName: "נועה", lastName: "כהן", communityId: db().select().from(communities).orderBy(communities.name).get()!.id });
  (init.headers as Record<string, string>)["X-Test-Client"] = `10.9.0.${people}`;
  const signup = await app.fetch("/api/auth/signup", init);
  expect(signup.status).toBe(201);
  const { token } = (await signup.json()) as { token: string };
  const deals: { id: string; slug: string; minQty: number; maxQty: number; groups: { id: string }[] }[] = await (
    await app.fetch("/api/deals?limit=100", jsonInit("GET", undefined, token))
  ).json();
  const deal = deals.find((d) => d.minQty === 1 && d.maxQty >= 5 && d.groups.length > 0)!;
  return { token, deal };
}

const page = (path: string, token: string) => app.fetch(path, { headers: { Accept: "text/html", Authorization: `Bearer ${token}` } });

/** The deal page's add-to-cart form fields, as the browser would send them. */
async function addForm(slug: string, token: string) {
  const html = await (await page(`/deals/${slug}`, token)).text();
  const form = html.match(/<form[^>]*action="\/cart"[^>]*>([\s\S]*?)<\/form>/)?.[1] ?? "";
  const fields = new URLSearchParams();
  for (const [, name, value] of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)) fields.set(name!, value!);
  fields.set("qty", "1");
  return fields;
}

const post = (fields: URLSearchParams, token: string) =>
  app.fetch("/cart", { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html", Authorization: `Bearer ${token}` }, body: fields.toString() });

async function cartQty(token: string) {
  const lines: { qty: number }[] = await (await app.fetch("/api/cart", jsonInit("GET", undefined, token))).json();
  return lines.map((line) => line.qty);
}

describe("add to cart, once per tap", () => {
  it("the deal page's form carries a tap that is new on every page view", async () => {
    const { token, deal } = await shopper();
    const first = (await addForm(deal.slug, token)).get("tap");
    const second = (await addForm(deal.slug, token)).get("tap");
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it("the same form sent three times adds one; the next page view's form adds again", async () => {
    const { token, deal } = await shopper();
    const fields = await addForm(deal.slug, token);
    for (let tap = 0; tap < 3; tap++) expect((await post(fields, token)).status).toBe(302);
    expect(await cartQty(token)).toEqual([1]);
    expect((await post(await addForm(deal.slug, token), token)).status).toBe(302);
    expect(await cartQty(token)).toEqual([2]);
  });

  it("a form without a tap (an old page, the API without one) adds every time, as before", async () => {
    const { token, deal } = await shopper();
    const fields = await addForm(deal.slug, token);
    fields.delete("tap");
    await post(fields, token);
    await post(fields, token);
    expect(await cartQty(token)).toEqual([2]);
  });

  it("the API takes a tap as an idempotency key too", async () => {
    const { token, deal } = await shopper();
    const body = { dealId: deal.id, groupId: deal.groups[0]!.id, qty: 2, tap: crypto.randomUUID() };
    expect((await app.fetch("/api/cart", jsonInit("POST", body, token))).status).toBe(201);
    expect((await app.fetch("/api/cart", jsonInit("POST", body, token))).status).toBe(201);
    expect(await cartQty(token)).toEqual([2]);
  });

  it("refuses a tap longer than 64 characters with 400 and adds nothing, from the API and the form alike", async () => {
    const { token, deal } = await shopper();
    const long = "x".repeat(65);
    const refused = await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0]!.id, qty: 1, tap: long }, token));
    expect(refused.status).toBe(400);
    const fields = await addForm(deal.slug, token);
    fields.set("tap", long);
    // The page's form comes back to the deal page with the refusal (a redirect and its toast).
    const form = await post(fields, token);
    expect(form.status).toBe(302);
    expect(await cartQty(token)).toEqual([]);
  });
});
