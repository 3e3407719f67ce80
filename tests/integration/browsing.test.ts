// Browsing as a guest or a member (issue #16): which community a page shows when nobody chose,
// the amount to the next tier, and a community's week of groups (/groups and its API view).
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { communities, communityTiers, deals, groups, orders, reviews, users, weeklyCycles } from "~/db/schema";
import { defaultCommunityId, pickCommunityId } from "~/services/community-pricing.server";
import { communityWeek } from "~/services/community-week.server";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";
import { unitLabel } from "~/locales/units";

const db = useTestDatabase();
const app = useTestServer(db);

const byName = () => db().select().from(communities).orderBy(asc(communities.name)).all();
const openCycleOf = (communityId: string) =>
  db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, communityId), eq(weeklyCycles.isActive, true))).get()!;

let people = 0;
async function newShopper(communityId: string) {
  const init = jsonInit("POST", { email: `browse-${++people}-${crypto.randomUUID().slice(0, 6)}@example.com`, password: "long-enough-pw", firstName: "נועה", lastName: "כהן", communityId });
  (init.headers as Record<string, string>)["X-Test-Client"] = `10.9.${people >> 8}.${people & 255}`;
  const response = await app.fetch("/api/auth/signup", init);
  expect(response.status).toBe(201);
  return (await response.json()).token as string;
}

/** Orders `qty` of the deal through the API, in the buyer's community's group. */
async function order(token: string, slug: string, qty: number) {
  const deal = await (await app.fetch(`/api/deals/${slug}`, jsonInit("GET", undefined, token))).json();
  const response = await app.fetch("/api/orders", jsonInit("POST", { dealId: deal.id, groupId: deal.groups[0].id, qty, deliveryType: "PICKUP" }, token));
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

describe("the community a guest sees", () => {
  it("is the first active community, by name, whose week is open for orders", () => {
    const [first, second] = byName();
    expect(defaultCommunityId(db())).toBe(first.id);
    // The first one's week closed (deadline passed, not yet rolled over): the next one it is.
    db().update(weeklyCycles).set({ orderDeadline: new Date(Date.now() - 60_000) }).where(eq(weeklyCycles.id, openCycleOf(first.id).id)).run();
    expect(defaultCommunityId(db())).toBe(second.id);
    // An inactive community is never the default, open week or not.
    db().update(communities).set({ isActive: false }).where(eq(communities.id, second.id)).run();
    expect(defaultCommunityId(db())).not.toBe(second.id);
  });

  it("falls back to a community with a week, then any active one, and to none without communities", () => {
    for (const c of byName()) db().update(weeklyCycles).set({ orderDeadline: new Date(Date.now() - 60_000) }).where(eq(weeklyCycles.id, openCycleOf(c.id).id)).run();
    expect(defaultCommunityId(db())).toBe(byName()[0].id);
    db().update(communities).set({ isActive: false }).run();
    expect(defaultCommunityId(db())).toBeNull();
  });

  it("is the one asked for when it is active, otherwise the default", () => {
    const [first, , third] = byName();
    expect(pickCommunityId(db(), [null, third.id])).toBe(third.id);
    expect(pickCommunityId(db(), ["no-such-community", undefined])).toBe(first.id);
    db().update(communities).set({ isActive: false }).where(eq(communities.id, third.id)).run();
    expect(pickCommunityId(db(), [third.id])).toBe(first.id);
  });

  it("prices the deals list, and gives its '+' the group, of that community, as the deal page does", async () => {
    const shown = defaultCommunityId(db())!;
    const other = byName().find((community) => community.id !== shown)!;
    // The default community is past its top tier, the other has sold nothing.
    db().update(weeklyCycles).set({ currentRevenue: 10_000_000 }).where(eq(weeklyCycles.id, openCycleOf(shown).id)).run();
    const html = await (await app.fetch("/deals")).text();
    // Each card's "+" carries "dealId:groupId" (components/deal-card.tsx).
    const groupIds = [...html.matchAll(/<button[^>]*data-testid="quick-add"[^>]*>/g)].map((button) => /value="[^":]+:([^"]+)"/.exec(button[0])![1]!);
    expect(groupIds.length).toBeGreaterThan(0);
    const communitiesOfCards = new Set(groupIds.map((id) => db().select({ communityId: groups.communityId }).from(groups).where(eq(groups.id, id)).get()?.communityId));
    expect([...communitiesOfCards]).toEqual([shown]);
    expect(communitiesOfCards.has(other.id)).toBe(false);
    // The community discount shows on the cards, as on the deal page a guest opens from them.
    expect(html).toContain('data-testid="card-saving"');
  });
});

describe("a community's week of groups", () => {
  it("counts what is missing to the next tier from the week's revenue", async () => {
    const community = byName()[0];
    const tiers = db().select().from(communityTiers).where(eq(communityTiers.communityId, community.id)).orderBy(asc(communityTiers.minRevenue)).all();
    const firstPaid = tiers.find((t) => t.minRevenue > 0)!;
    expect(communityWeek(db(), community.id)!.progress.toNextTier).toBe(firstPaid.minRevenue);

    const token = await newShopper(community.id);
    await order(token, "cherry-tomatoes", 3);
    const revenue = openCycleOf(community.id).currentRevenue;
    expect(revenue).toBeGreaterThan(0);
    const week = communityWeek(db(), community.id)!;
    expect(week.progress.revenue).toBe(revenue);
    expect(week.progress.toNextTier).toBe(firstPaid.minRevenue - revenue);

    // Past every tier there is nothing left to reach.
    db().update(weeklyCycles).set({ currentRevenue: tiers.at(-1)!.minRevenue }).where(eq(weeklyCycles.id, openCycleOf(community.id).id)).run();
    expect(communityWeek(db(), community.id)!.progress.toNextTier).toBeNull();
  });

  it("lists the busiest groups first with their distinct buyers, and leaves cancelled orders out", async () => {
    const community = byName()[0];
    const [ana, ben] = [await newShopper(community.id), await newShopper(community.id)];
    await order(ana, "cucumbers", 2);
    await order(ben, "cucumbers", 1);
    await order(ana, "cherry-tomatoes", 1);
    const cancelled = await order(ben, "cherry-tomatoes", 1);
    db().update(orders).set({ status: "CANCELED" }).where(eq(orders.id, cancelled.id)).run();

    const week = communityWeek(db(), community.id)!;
    expect(week.membersJoined).toBe(2);
    expect(week.groups.slice(0, 2).map((g) => [g.deal.slug, g.membersJoined])).toEqual([["cucumbers", 2], ["cherry-tomatoes", 1]]);
    expect(week.groups[0]).toMatchObject({ currentQty: 3, qtyPercent: Math.floor((3 / week.groups[0].targetQty) * 100) });
    expect(week.groups[2].membersJoined).toBe(0);
    expect(week.cycle?.isOrderingOpen).toBe(true);
    // Another community's week knows nothing of these orders.
    expect(communityWeek(db(), byName()[1].id)!.membersJoined).toBe(0);
  });

  it("answers the same through GET /api/communities/{id}/groups, and 404 for an unknown community", async () => {
    const community = byName()[0];
    await order(await newShopper(community.id), "cucumbers", 2);
    const response = await app.fetch(`/api/communities/${community.id}/groups`);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ membersJoined: 1, isOrderingOpen: true, toNextTier: expect.stringMatching(/^\d+\.\d\d$/) });
    expect(body.groups[0]).toMatchObject({ deal: { slug: "cucumbers" }, membersJoined: 1, currentQty: 2 });
    expect((await app.fetch("/api/communities/no-such-community/groups")).status).toBe(404);
  });

  it("serves /groups to a guest, for the community in the URL or the default one", async () => {
    const [first, second] = byName();
    const chosen = await app.fetch(`/groups?community=${second.id}`);
    expect(chosen.status).toBe(200);
    const html = await chosen.text();
    expect(html).toContain(second.name);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(await (await app.fetch("/groups?community=nonsense")).text()).toContain(first.name);
  });

  it("says how much of each group is ordered in the deal's unit, and what the target is when nothing is yet (#47)", async () => {
    const community = byName()[0];
    await order(await newShopper(community.id), "cucumbers", 2);
    const week = communityWeek(db(), community.id)!;
    const ordered = week.groups.find((g) => g.deal.slug === "cucumbers")!;
    const untouched = week.groups.find((g) => g.currentQty === 0)!;
    const html = await (await app.fetch(`/groups?community=${community.id}`)).text();
    const lines = [...html.matchAll(/data-testid="group-ordered"[^>]*>([^<]*)</g)].map((m) => m[1]);
    // The unit after the target, in its plural when the target is not one (1ce9333).
    expect(lines).toContain(`הוזמנו ${ordered.currentQty} מתוך ${ordered.targetQty} ${unitLabel(ordered.deal.unit, "he", ordered.targetQty)}`);
    expect(lines).toContain(`עוד לא הוזמן השבוע. היעד של הקבוצה: ${untouched.targetQty} ${unitLabel(untouched.deal.unit, "he", untouched.targetQty)}`);
    expect(lines.some((line) => line.startsWith("0 "))).toBe(false);
  });
});

// A popular deal's page lists its newest reviews a step at a time (domain/review-list.ts); the
// API still answers every review.
describe("a deal page's reviews", () => {
  it("shows the newest ten, then ten more through a plain link, and the API keeps them all", async () => {
    const deal = db().select().from(deals).where(eq(deals.status, "ACTIVE")).get()!;
    const reviewer = db().select().from(users).get()!;
    db().delete(reviews).where(eq(reviews.dealId, deal.id)).run();
    const start = Date.now() - 30 * 86_400_000;
    for (let i = 1; i <= 23; i++) {
      db().insert(reviews).values({ userId: reviewer.id, dealId: deal.id, rating: 1 + (i % 5), comment: `review number ${i}`, createdAt: new Date(start + i * 3_600_000) }).run();
    }
    // Each review is in the markup and again in the page data the browser hydrates from.
    const shown = (html: string) => [...new Set([...html.matchAll(/review number (\d+)/g)].map((m) => Number(m[1])))];

    const first = await (await app.fetch(`/deals/${deal.slug}`)).text();
    expect(shown(first)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
    const more = /<a([^>]*data-testid="more-reviews"[^>]*)>([^<]*)</.exec(first);
    expect(more?.[2]).toBe("הצגת 10 ביקורות נוספות");
    const href = /href="([^"]*)"/.exec(more![1])![1].replace(/&amp;/g, "&");
    expect(href).toBe(`/deals/${deal.slug}?reviews=20#reviews`);

    const second = await (await app.fetch(href.split("#")[0]!)).text();
    expect(shown(second)).toHaveLength(20);
    const last = await (await app.fetch(`/deals/${deal.slug}?reviews=30`)).text();
    expect(shown(last)).toHaveLength(23);
    expect(last).not.toContain('data-testid="more-reviews"');
    expect(await (await app.fetch(`/deals/${deal.slug}?reviews=nonsense`)).text()).toContain("review number 14");

    const api = await (await app.fetch(`/api/deals/${deal.id}/reviews`)).json();
    expect(api).toHaveLength(23);
  });
});

describe("an ended deal's page", () => {
  it("says the deal has ended, offers no add-to-cart and links to the deals; the API answers as before", async () => {
    const deal = db().select().from(deals).where(eq(deals.status, "ACTIVE")).orderBy(asc(deals.title)).get()!;
    // The add-to-cart form (the heart's form also carries intent=add, to /favorites).
    const addForm = /action="\/cart" method="post"><input type="hidden" name="intent" value="add"\/>/;
    const live = await (await app.fetch(`/deals/${deal.slug}`, { headers: { Accept: "text/html" } })).text();
    expect(live).toMatch(addForm);
    expect(live).not.toContain('data-testid="deal-ended"');

    for (const status of ["ENDED", "ARCHIVED"] as const) {
      db().update(deals).set({ status }).where(eq(deals.id, deal.id)).run();
      const page = await app.fetch(`/deals/${deal.slug}`, { headers: { Accept: "text/html" } });
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('data-testid="deal-ended"');
      expect(html).toContain("המבצע הזה הסתיים");
      expect(html).not.toMatch(addForm);
      expect(html).toMatch(/href="\/deals"[^>]*>לכל המבצעים/);
      const api = await app.fetch(`/api/deals/${deal.slug}`, jsonInit("GET"));
      expect(api.status).toBe(200);
      expect((await api.json()).status).toBe(status);
    }
  });
});
