// The deals page and home read cards straight from the card's columns (listDealCards,
// dealsByCategory); the API reads whole deals (listDeals). Both must show the same deal the same
// way: same deals, same order, same price, group and heart, for a guest and for a member.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { CATEGORIES, deals, favorites, users } from "~/db/schema";
import { parseDealQuery } from "~/domain/deal-query";
import { defaultCommunityId } from "~/services/community-pricing.server";
import { dealsByCategory, listDealCards, listDeals, toDealCard, type Viewer } from "~/services/deals.server";
import { useTestDatabase } from "../support/test-db";

const db = useTestDatabase();

const QUERIES = [
  "",
  "sort=price_asc",
  "sort=price_desc",
  "sort=progress",
  "category=fruit",
  "quick=bulk",
  "quick=under10",
  "quick=popular",
  "q=%D7%A2%D7%92%D7%91",
  "page=2",
  "category=vegetables&sort=price_asc&page=2",
];

/** A member with two favorites, and a guest priced for the default community. */
function viewers(): [string, Viewer][] {
  const member = db().select().from(users).where(eq(users.role, "USER")).all().find((user) => user.communityId)!;
  // Two deals of the first page, not the first one.
  const firstPage = listDealCards(db(), parseDealQuery(new URLSearchParams()), { userId: null, communityId: member.communityId }).cards;
  for (const deal of firstPage.slice(1, 3)) db().insert(favorites).values({ userId: member.id, dealId: deal.id }).onConflictDoNothing().run();
  expect(db().select().from(favorites).where(and(eq(favorites.userId, member.id))).all().length).toBeGreaterThanOrEqual(2);
  return [
    ["guest", { userId: null, communityId: null }],
    ["guest of the default community", { userId: null, communityId: defaultCommunityId(db()) }],
    ["member", { userId: member.id, communityId: member.communityId }],
  ];
}

describe("deal cards", () => {
  it("are the whole deals' cards, for every filter, sort and page, as a guest and as a member", () => {
    let compared = 0;
    for (const [who, viewer] of viewers()) {
      for (const search of QUERIES) {
        const query = parseDealQuery(new URLSearchParams(search));
        const whole = listDeals(db(), query, viewer);
        const cards = listDealCards(db(), query, viewer);
        expect({ who, search, total: cards.total }).toEqual({ who, search, total: whole.total });
        expect({ who, search, cards: cards.cards }).toEqual({ who, search, cards: whole.deals.map(toDealCard) });
        compared += cards.cards.length;
      }
      // A member's hearts come through: the card path is not a guest's copy.
      if (viewer.userId) expect(listDealCards(db(), parseDealQuery(new URLSearchParams()), viewer).cards.some((card) => card.isFavorite)).toBe(true);
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("on home are each category's newest, priced as the list prices them", () => {
    for (const [who, viewer] of viewers()) {
      const home = dealsByCategory(db(), [...CATEGORIES], 4, viewer);
      for (const category of CATEGORIES) {
        const whole = listDeals(db(), parseDealQuery(new URLSearchParams({ category })), viewer).deals.map(toDealCard);
        const wholeById = new Map(whole.map((card) => [card.id, card]));
        expect(home[category].length).toBe(Math.min(4, whole.length));
        for (const card of home[category]) expect({ who, category, card }).toEqual({ who, category, card: wholeById.get(card.id) });
      }
    }
  });

  it("follow every write, this connection's and another worker's", () => {
    const [, , [, member]] = viewers();
    const query = parseDealQuery(new URLSearchParams());
    const first = () => listDealCards(db(), query, member).cards[0]!;
    const before = first();

    db().update(deals).set({ title: "עודכן בעובד הזה" }).where(eq(deals.id, before.id)).run();
    expect(first().title).toBe("עודכן בעובד הזה");

    const otherWorker = openDatabase(db().$client.name);
    try {
      otherWorker.update(deals).set({ basePrice: before.basePrice + 100, title: "עודכן בעובד אחר" }).where(eq(deals.id, before.id)).run();
        expect(first()).toMatchObject({ title: "עודכן בעובד אחר", basePrice: before.basePrice + 100 });
      // A heart another worker writes shows too.
      otherWorker.delete(favorites).where(eq(favorites.userId, member.userId!)).run();
      otherWorker.insert(favorites).values({ userId: member.userId!, dealId: before.id }).run();
        expect(first().isFavorite).toBe(true);
      // And one this worker writes, at once.
      db().delete(favorites).where(eq(favorites.userId, member.userId!)).run();
      expect(first().isFavorite).toBe(false);
    } finally {
      otherWorker.$client.close();
    }
  });
});

