// A community's shared reads (a deal as its members see it, its reviews and rating, the
// community's pickup points) are kept in the worker between writes (db/read-cache.server.ts).
// Kept or not, every screen must show what the database holds now, and one member's heart must
// never show on another member's page.
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, type Db } from "~/db/client.server";
import { newReadEpoch } from "~/db/read-cache.server";
import { deals, favorites, groups, pickupPoints, referrals, reviews, users } from "~/db/schema";
import { activePickupPoints } from "~/services/communities.server";
import { findDeal, findDealsByIds, listDealCards, type Viewer } from "~/services/deals.server";
import { parseDealQuery } from "~/domain/deal-query";
import { canReview, listReviews, ratingSummary } from "~/services/reviews.server";
import { addAddress, savedAddressOptions } from "~/services/addresses.server";
import { findInviteLink, getOrCreateInviteLink } from "~/services/referrals.server";
import { useTestDatabase } from "../support/test-db";

const db = useTestDatabase();

/** Two members of one community, and two of its deals that have an open group there. */
function setting() {
  const first = db().select().from(users).where(eq(users.role, "USER")).all().find((user) => user.communityId)!;
  const neighbour = db().insert(users).values({ email: "neighbour@example.com", role: "USER", communityId: first.communityId }).returning().get();
  const dealIds = db()
    .select({ dealId: groups.dealId })
    .from(groups)
    .where(and(eq(groups.communityId, first.communityId!), eq(groups.status, "OPEN")))
    .all()
    .map((g) => g.dealId!);
  const [one, two] = db().select().from(deals).where(eq(deals.status, "ACTIVE")).all().filter((deal) => dealIds.includes(deal.id));
  db().delete(favorites).where(eq(favorites.userId, first.id)).run();
  db().delete(favorites).where(eq(favorites.userId, neighbour.id)).run();
  const viewer = (user: typeof first): Viewer => ({ userId: user.id, communityId: user.communityId });
  return { member: viewer(first), neighbour: viewer(neighbour), one: one!, two: two! };
}

/**
 * Runs `write` on a second connection to the same file, as another worker would, then lets the
 * next request arrive: another worker's commit shows to the requests that come after it.
 */
function inAnotherWorker(write: (other: Db) => void) {
  const other = openDatabase(db().$client.name);
  try {
    write(other);
  } finally {
    other.$client.close();
  }
  newReadEpoch();
}

describe("a community's shared reads", () => {
  it("a deal by slug or id: kept between writes, then this connection's write shows at once and another worker's to the next request", () => {
    const { member, one } = setting();
    const bySlug = () => findDeal(db(), { slug: one.slug }, member)!.deal;
    const before = bySlug();
    expect(bySlug()).toBe(before);
    expect(Object.isFrozen(before)).toBe(true);

    db().update(deals).set({ title: "כותרת חדשה" }).where(eq(deals.id, one.id)).run();
    expect(bySlug().title).toBe("כותרת חדשה");
    expect(findDeal(db(), { id: one.id }, member)!.deal.title).toBe("כותרת חדשה");

    const group = before.groups[0]!;
    inAnotherWorker((other) => other.update(groups).set({ currentQty: group.currentQty + 7 }).where(eq(groups.id, group.id)).run());
    expect(bySlug().groups[0]!.currentQty).toBe(group.currentQty + 7);
    expect(findDealsByIds(db(), [one.id], member).get(one.id)!.groups[0]!.currentQty).toBe(group.currentQty + 7);

    inAnotherWorker((other) => other.update(deals).set({ status: "DRAFT" }).where(eq(deals.id, one.id)).run());
    expect(findDeal(db(), { slug: one.slug }, member)).toBeNull();
  });

  it("a heart is its viewer's own: a neighbour reading the same kept deal sees none", () => {
    const { member, neighbour, one, two } = setting();
    // The neighbour reads first, so the member's page is made from the kept, heartless deal.
    expect(findDeal(db(), { slug: one.slug }, neighbour)!.deal.isFavorite).toBe(false);
    db().insert(favorites).values({ userId: member.userId!, dealId: one.id }).run();
    expect(findDeal(db(), { slug: one.slug }, member)!.deal.isFavorite).toBe(true);
    expect(findDeal(db(), { slug: one.slug }, neighbour)!.deal.isFavorite).toBe(false);

    const forMember = findDealsByIds(db(), [one.id, two.id], member);
    const forNeighbour = findDealsByIds(db(), [two.id, one.id], neighbour);
    expect([forMember.get(one.id)!.isFavorite, forMember.get(two.id)!.isFavorite]).toEqual([true, false]);
    expect([forNeighbour.get(one.id)!.isFavorite, forNeighbour.get(two.id)!.isFavorite]).toEqual([false, false]);
    // The same deal as the one read alone: one kept view a community, hearts or not.
    expect(forNeighbour.get(one.id)).toBe(findDeal(db(), { id: one.id }, neighbour)!.deal);
  });

  it("a page of cards with a member's hearts is one kept list while neither the page nor the hearts change", () => {
    const { member, neighbour } = setting();
    const page = () => listDealCards(db(), parseDealQuery(new URLSearchParams()), member).cards;
    const plain = listDealCards(db(), parseDealQuery(new URLSearchParams()), neighbour).cards;
    // No hearts: the community's kept list itself.
    expect(page()).toBe(plain);
    const [first, , third] = plain;
    db().insert(favorites).values([{ userId: member.userId!, dealId: first!.id }, { userId: member.userId!, dealId: third!.id }]).run();

    const hearted = page();
    expect(hearted.map((card) => card.isFavorite)).toEqual(plain.map((card) => card.id === first!.id || card.id === third!.id));
    expect(Object.isFrozen(hearted)).toBe(true);
    // The same array again, so its JSON is written once; the neighbour's page has no hearts.
    expect(page()).toBe(hearted);
    expect(JSON.stringify(page())).toBe(JSON.stringify(hearted));
    expect(listDealCards(db(), parseDealQuery(new URLSearchParams()), neighbour).cards.some((card) => card.isFavorite)).toBe(false);

    // A heart taken away: another list, with the one heart left.
    db().delete(favorites).where(and(eq(favorites.userId, member.userId!), eq(favorites.dealId, first!.id))).run();
    const after = page();
    expect(after.filter((card) => card.isFavorite).map((card) => card.id)).toEqual([third!.id]);
  });

  it("a deal as a member sees it has their community's group, never another community's kept one", () => {
    const { member } = setting();
    // A deal with an open group in the member's community and in another one.
    const row = db()
      .select({ dealId: groups.dealId, communityId: groups.communityId })
      .from(groups)
      .where(and(eq(groups.status, "OPEN"), ne(groups.communityId, member.communityId!)))
      .all()
      .find((g) => db().select().from(groups).where(and(eq(groups.dealId, g.dealId!), eq(groups.communityId, member.communityId!), eq(groups.status, "OPEN"))).get());
    expect(row).toBeDefined();
    const slug = db().select({ slug: deals.slug }).from(deals).where(eq(deals.id, row!.dealId!)).get()!.slug;
    const own = findDeal(db(), { slug }, member)!.deal;
    const other = findDeal(db(), { slug }, { userId: null, communityId: row!.communityId })!.deal;
    expect(own.groups.map((g) => g.communityId)).toEqual([member.communityId]);
    expect(other.groups.map((g) => g.communityId)).toEqual([row!.communityId]);
    expect(findDeal(db(), { slug }, member)!.deal).toBe(own);
  });

  it("a deal's reviews and rating follow a review another worker writes", () => {
    const { member, one } = setting();
    const before = listReviews(db(), one.id, 5);
    const rating = ratingSummary(db(), one.id);
    expect(listReviews(db(), one.id, 5)).toBe(before);
    inAnotherWorker((other) => other.insert(reviews).values({ userId: member.userId!, dealId: one.id, rating: 1, comment: "נבדק עכשיו" }).run());
    const after = listReviews(db(), one.id, 5);
    expect(after[0]!.comment).toBe("נבדק עכשיו");
    expect(ratingSummary(db(), one.id).totalReviews).toBe(rating.totalReviews + 1);
  });

  it("a member's own reads on a deal page (saved addresses, review right, invite link) are kept between writes and follow them", () => {
    const { member, one } = setting();
    const person = db().select().from(users).where(eq(users.id, member.userId!)).get()!;
    const addressesBefore = savedAddressOptions(db(), person.id);
    expect(savedAddressOptions(db(), person.id)).toBe(addressesBefore);
    addAddress(db(), person.id, { city: "חיפה", street: "הנביאים", houseNumber: "3" });
    expect(savedAddressOptions(db(), person.id).map((a) => a.city)).toContain("חיפה");

    expect(canReview(db(), person.id, one.id)).toBe(false);
    expect(findInviteLink(db(), person, "https://shuk.test", one.id)).toBeNull();
    const made = getOrCreateInviteLink(db(), person, "https://shuk.test", one.id);
    expect(findInviteLink(db(), person, "https://shuk.test", one.id)).toEqual(made);
    // Another worker's write shows to the next request.
    inAnotherWorker((other) => other.delete(referrals).where(eq(referrals.refCode, made.refCode)).run());
    expect(findInviteLink(db(), person, "https://shuk.test", one.id)).toBeNull();
  });

  it("a community's pickup points follow a point an admin closes", () => {
    const { member } = setting();
    const points = activePickupPoints(db(), member.communityId!);
    expect(points.length).toBeGreaterThan(0);
    inAnotherWorker((other) => other.update(pickupPoints).set({ isActive: false }).where(eq(pickupPoints.id, points[0]!.id)).run());
    expect(activePickupPoints(db(), member.communityId!).map((p) => p.id)).toEqual(points.slice(1).map((p) => p.id));
  });
});
