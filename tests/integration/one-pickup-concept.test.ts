// One pickup concept (issue #45): a community's place and time are its pickup points alone. The
// deal page, /shipping, the checkout, the order, success and receipt pages all name the same
// point on the same day and hours; the community admin page adds the first point (which opens
// the week), says when none is active, and refuses bad input with 400 and nothing changed.
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { eventLogs, orders, pickupPoints, weeklyCycles } from "~/db/schema";
import { formatDay } from "~/domain/dates";
import { pointDateInWeek } from "~/domain/pickup-point";
import { formatTimeRange } from "~/domain/time";
import { DEMO_ADMIN } from "~/demo/seed.server";
import { cookieOf, getPageAs, postFormAs, signUpShopper, tokenOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

const GARDEN = { address: "גינת הדקל 7, שכונת הבדיקה", pickupDays: [5], pickupStartTime: "08:30", pickupEndTime: "13:00", instructions: "ליד הספסלים" };
const LIBRARY = { address: "ספריית השכונה, האלון 2", pickupDays: [4], pickupStartTime: "17:00", pickupEndTime: "20:00" };

function openCycleOf(communityId: string) {
  return db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, communityId), eq(weeklyCycles.isActive, true))).get();
}

/** A community made through the admin API with two points: the garden first, then the library. */
async function communityWithTwoPoints() {
  const token = await tokenOf(app, DEMO_ADMIN);
  const created = await app.fetch("/api/admin/communities", jsonInit("POST", { name: `קהילת האיסוף ${crypto.randomUUID().slice(0, 4)}` }, token));
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const add = async (point: object) => {
    const response = await app.fetch(`/api/admin/communities/${id}/pickup-points`, jsonInit("POST", point, token));
    expect(response.status).toBe(201);
    return (await response.json()) as { id: string };
  };
  return { communityId: id, garden: await add(GARDEN), library: await add(LIBRARY) };
}

describe("every page names the same pickup point", () => {
  it("the deal page, /shipping, the checkout review, the order, success and receipt pages show the garden on its Friday, 08:30–13:00", async () => {
    const { communityId, garden } = await communityWithTwoPoints();
    const cycle = openCycleOf(communityId)!;
    // The week's pickup is the first opening of a point after the deadline (Thursday 20:00): the
    // garden's Friday, as the library's Thursday 17:00 comes before the deadline.
    expect(cycle.pickupDate).toEqual(pointDateInWeek(GARDEN, cycle.orderDeadline));
    const when = `${formatDay(pointDateInWeek(GARDEN, cycle.orderDeadline)!, "he")} · ${formatTimeRange(GARDEN.pickupStartTime, GARDEN.pickupEndTime)}`;

    const shopper = await signUpShopper(app, communityId, { emailPrefix: "one-point", addressPrefix: "10.45" });
    const deals: { id: string; slug: string; minQty: number; groups: { id: string }[] }[] = await (await app.fetch("/api/deals?limit=100", jsonInit("GET", undefined, shopper.token))).json();
    const deal = deals.find((d) => d.minQty <= 1 && d.groups.length > 0)!;
    expect((await app.fetch("/api/cart", jsonInit("POST", { dealId: deal.id, qty: 1, groupId: deal.groups[0]!.id }, shopper.token))).status).toBe(201);

    const pages: Record<string, string> = {};
    pages.deal = await (await getPageAs(app, `/deals/${deal.slug}`, shopper.token)).text();
    pages.shipping = await (await getPageAs(app, "/shipping", shopper.token)).text();
    const step2 = `/checkout?deliveryType=PICKUP&pickupPointId=${garden.id}`;
    const fields = { deliveryType: "PICKUP", pickupPointId: garden.id, phone: "0521234567", notes: "", paymentMethod: "CASH" };
    pages.review = await (await postFormAs(app, step2, { ...fields, intent: "review" }, shopper.token)).text();
    const placed = await postFormAs(app, step2, { ...fields, intent: "place" }, shopper.token);
    expect(placed.status).toBe(302);
    const order = db().select().from(orders).where(eq(orders.userId, shopper.userId)).get()!;
    expect(order.pickupPointId).toBe(garden.id);
    pages.success = await (await getPageAs(app, placed.headers.get("Location")!, shopper.token)).text();
    pages.order = await (await getPageAs(app, `/orders/${order.id}`, shopper.token)).text();
    pages.receipt = await (await getPageAs(app, `/orders/${order.id}/receipt`, shopper.token)).text();
    pages.orders = await (await getPageAs(app, "/orders", shopper.token)).text();

    for (const [name, html] of Object.entries(pages)) {
      expect(html, name).toContain(GARDEN.address);
      expect(html, name).toContain(when);
    }
    // The community's old place and time are nowhere: no "Pickup on Friday at 09:00" line.
    expect(pages.deal).not.toContain("איסוף ביום");
  });

  it("gives an API order that names no point its community's first point", async () => {
    const { communityId, garden } = await communityWithTwoPoints();
    const shopper = await signUpShopper(app, communityId, { emailPrefix: "api-point", addressPrefix: "10.46" });
    const deals: { id: string; minQty: number; groups: { id: string }[] }[] = await (await app.fetch("/api/deals?limit=100", jsonInit("GET", undefined, shopper.token))).json();
    const deal = deals.find((d) => d.minQty <= 1 && d.groups.length > 0)!;
    const response = await app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0]!.id, qty: 1, deliveryType: "PICKUP" }, shopper.token));
    expect(response.status, await response.clone().text()).toBe(201);
    expect((await response.json()).pickupPointId).toBe(garden.id);
  });
});

describe("the community admin page's pickup points", () => {
  it("says a community without an active point opens no week; adding one (no JavaScript) opens it, with an audit row; bad input is 400 and changes nothing", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    const { id } = (await (await app.fetch("/api/admin/communities", jsonInit("POST", { name: "קהילה בלי נקודה" }, token))).json()) as { id: string };
    const cookie = await cookieOf(app, DEMO_ADMIN);
    const page = () => app.fetch(`/admin/communities/${id}`, { headers: { Cookie: cookie, Accept: "text/html" } }).then((r) => r.text());
    const post = (fields: [string, string][]) =>
      app.fetch(`/admin/communities/${id}`, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie, Accept: "text/html" } });

    const before = await page();
    expect(before).toContain('data-testid="points-missing"');
    expect(before).toContain("אין נקודת איסוף פעילה");
    // One pickup section: the details and the week no longer ask for a pickup day, time or address.
    expect(before).not.toContain('name="pickupDay"');
    expect(before).not.toContain('name="pickupTime"');
    expect(before).not.toContain('name="pickupAddress"');
    expect(openCycleOf(id)).toBeUndefined();

    const counts = () => db().get<{ points: number; logs: number }>(sql`select (select count(*) from ${pickupPoints}) as points, (select count(*) from ${eventLogs}) as logs`);
    const unchanged = counts();
    const bad = await post([["intent", "pickup-add"], ["address", "א"], ["pickupStartTime", "18:00"], ["pickupEndTime", "17:00"]]);
    expect(bad.status).toBe(400);
    const badPage = await bad.text();
    expect(badPage).toContain("סמנו לפחות יום איסוף אחד");
    expect(badPage).toContain("שעת הסיום צריכה להיות אחרי שעת ההתחלה");
    expect(counts()).toEqual(unchanged);

    const added = await post([["intent", "pickup-add"], ["address", GARDEN.address], ["pickupDays", "5"], ["pickupStartTime", "08:30"], ["pickupEndTime", "13:00"], ["instructions", ""], ["contactPhone", ""]]);
    expect(added.status).toBe(302);
    const point = db().select().from(pickupPoints).where(eq(pickupPoints.communityId, id)).get()!;
    expect(point).toMatchObject({ address: GARDEN.address, pickupDays: [5], isActive: true });
    expect(db().select().from(eventLogs).where(eq(eventLogs.type, "pickup_point.created")).all().some((row) => row.payload?.entityId === point.id)).toBe(true);
    expect(openCycleOf(id)).toBeDefined();
    const after = await page();
    expect(after).not.toContain('data-testid="points-missing"');
    expect(after).toContain(GARDEN.address);
  });
});
