// What a member reads (a deal, its reviews and rating, the community's pickup points, her own
// addresses and links) shows what the database holds now, whichever connection wrote it, and
// one member's heart never shows on another member's page.
import { and, eq, ne } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase, type Db } from "~/db/client.server";
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

/** Runs `write` on a second connection to the same file, as another worker would. */
function inAnotherWorker(write: (other: Db) => void) {
  const other = openDatabase(db().$client.name);
  try {
    write(other);
  } finally {
    other.$client.close();
  }
}

describe("a member's reads", () => {
  it("a deal by slug or id shows this connection's write and another worker's at once", () => {
    const { member, one } = setting();
    const bySlug = () => findDeal(db(), { slug: one.slug }, member)!.deal;
    const before = bySlug();

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

  it("a heart is its viewer's own: a neighbour reading the same deal sees none", () => {
    const { member, neighbour, one, two } = setting();
    expect(findDeal(db(), { slug: one.slug }, neighbour)!.deal.isFavorite).toBe(false);
    db().insert(favorites).values({ userId: member.userId!, dealId: one.id }).run();
    expect(findDeal(db(), { slug: one.slug }, member)!.deal.isFavorite).toBe(true);
    expect(findDeal(db(), { slug: one.slug }, neighbour)!.deal.isFavorite).toBe(false);

    const forMember = findDealsByIds(db(), [one.id, two.id], member);
    const forNeighbour = findDealsByIds(db(), [two.id, one.id], neighbour);
    expect([forMember.get(one.id)!.isFavorite, forMember.get(two.id)!.isFavorite]).toEqual([true, false]);
    expect([forNeighbour.get(one.id)!.isFavorite, forNeighbour.get(two.id)!.isFavorite]).toEqual([false, false]);
    expect(forNeighbour.get(one.id)).toEqual(findDeal(db(), { id: one.id }, neighbour)!.deal);
  });

  it("a page of cards shows the member's own hearts and follows them", () => {
    const { member, neighbour } = setting();
    const page = () => listDealCards(db(), parseDealQuery(new URLSearchParams()), member).cards;
    const plain = listDealCards(db(), parseDealQuery(new URLSearchParams()), neighbour).cards;
    expect(page()).toEqual(plain);
    const [first, , third] = plain;
    db().insert(favorites).values([{ userId: member.userId!, dealId: first!.id }, { userId: member.userId!, dealId: third!.id }]).run();

    const hearted = page();
    expect(hearted.map((card) => card.isFavorite)).toEqual(plain.map((card) => card.id === first!.id || card.id === third!.id));
    expect(listDealCards(db(), parseDealQuery(new URLSearchParams()), neighbour).cards.some((card) => card.isFavorite)).toBe(false);

    // A heart taken away: another list, with the one heart left.
    db().delete(favorites).where(and(eq(favorites.userId, member.userId!), eq(favorites.dealId, first!.id))).run();
    const after = page();
    expect(after.filter((card) => card.isFavorite).map((card) => card.id)).toEqual([third!.id]);
  });

  it("a deal as a member sees it has their community's group, never another community's", () => {
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
  });

  it("a deal's reviews and rating follow a review another worker writes", () => {
    const { member, one } = setting();
    const before = listReviews(db(), one.id, 5);
    const rating = ratingSummary(db(), one.id);
    expect(before.some((review) => review.comment === "נבדק עכשיו")).toBe(false);
    inAnotherWorker((other) => other.insert(reviews).values({ userId: member.userId!, dealId: one.id, rating: 1, comment: "נבדק עכשיו" }).run());
    const after = listReviews(db(), one.id, 5);
    expect(after[0]!.comment).toBe("נבדק עכשיו");
    expect(ratingSummary(db(), one.id).totalReviews).toBe(rating.totalReviews + 1);
  });

  it("a member's own reads on a deal page (saved addresses, review right, invite link) follow her writes and another worker's", () => {
    const { member, one } = setting();
    const person = db().select().from(users).where(eq(users.id, member.userId!)).get()!;
    expect(savedAddressOptions(db(), person.id).map((a) => a.city)).not.toContain("חיפה");
    addAddress(db(), person.id, { city: "חיפה", street: "הנביאים", houseNumber: "3" });
    expect(savedAddressOptions(db(), person.id).map((a) => a.city)).toContain("חיפה");

    expect(canReview(db(), person.id, one.id)).toBe(false);
    expect(findInviteLink(db(), person, "https://shuk.test", one.id)).toBeNull();
    const made = getOrCreateInviteLink(db(), person, "https://shuk.test", one.id);
    expect(findInviteLink(db(), person, "https://shuk.test", one.id)).toEqual(made);
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
