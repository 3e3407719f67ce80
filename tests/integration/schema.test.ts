import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  cartItems,
  communities,
  communityTiers,
  deals,
  favorites,
  groups,
  notifications,
  orders,
  passkeys,
  referrals,
  reviews,
  users,
  vendors,
  weeklyCycles,
} from "~/db/schema";
import { useTestDatabase } from "../support/test-db";

const db = useTestDatabase();

function aUser(email = `someone-${crypto.randomUUID()}@example.com`) {
  return db().insert(users).values({ email }).returning().get();
}
function aDeal() {
  return db().select().from(deals).limit(1).get()!;
}
function aGroup(dealId: string) {
  return db().select().from(groups).where(eq(groups.dealId, dealId)).limit(1).get()!;
}

/** Runs a write that must be refused by a constraint. */
function expectRefused(write: () => unknown, pattern: RegExp) {
  let failure: unknown;
  try {
    write();
  } catch (error) {
    failure = error;
  }
  expect(failure, "the write should have been refused").toBeInstanceOf(Error);
  // drizzle wraps SQLite's error; the constraint's name is in the cause.
  const { message, cause } = failure as Error & { cause?: Error };
  expect(`${message} ${cause?.message ?? ""}`).toMatch(pattern);
}

describe("schema defaults", () => {
  it("gives a new user the spec's defaults", () => {
    const user = aUser();
    expect(user.role).toBe("USER");
    expect(user.emailNotifications).toBe(true);
    expect(user.smsNotifications).toBe(false);
    expect(user.pushNotifications).toBe(true);
    expect(user.language).toBe("he");
    expect(user.createdAt).toBeInstanceOf(Date);
    expect(Math.abs(user.createdAt.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it("gives a new deal DRAFT, ILS and quantity bounds 1..1000", () => {
    const vendor = db().insert(vendors).values({ name: "משק בדיקה" }).returning().get();
    const deal = db()
      .insert(deals)
      .values({ vendorId: vendor.id, title: "t", slug: "defaults-deal", category: "fruits", basePrice: 1000, unit: "kg" })
      .returning()
      .get();
    expect(deal).toMatchObject({ status: "DRAFT", currency: "ILS", minQty: 1, maxQty: 1000, images: [] });
  });

  it("gives cycles and groups a 10,000 ₪ target and zero revenue, groups OPEN", () => {
    const community = db().select().from(communities).limit(1).get()!;
    const cycle = db()
      .insert(weeklyCycles)
      .values({ communityId: community.id, weekStartDate: "2030-01-06", orderDeadline: new Date(), pickupDate: new Date(), isActive: false })
      .returning()
      .get();
    expect(cycle).toMatchObject({ targetRevenue: 1_000_000, currentRevenue: 0, isActive: false });
    const group = db().insert(groups).values({ communityId: community.id, weeklyCycleId: cycle.id }).returning().get();
    expect(group).toMatchObject({ targetRevenue: 1_000_000, currentRevenue: 0, status: "OPEN" });
  });

  it("gives orders PENDING, PICKUP, CASH and no delivery fee", () => {
    const user = aUser();
    const deal = aDeal();
    const order = db()
      .insert(orders)
      .values({ userId: user.id, dealId: deal.id, qty: 2, unitPriceAtPurchase: 500, originalTotal: 1000, total: 1000 })
      .returning()
      .get();
    expect(order).toMatchObject({ status: "PENDING", deliveryType: "PICKUP", paymentMethod: "CASH", deliveryFee: 0 });
  });

  it("gives tiers the name 'regular', reviews verified, notifications unread, carts qty 1", () => {
    const community = db().select().from(communities).limit(1).get()!;
    const tier = db().insert(communityTiers).values({ communityId: community.id, minRevenue: 123_456, discountPercent: 5 }).returning().get();
    expect(tier.tierName).toBe("regular");
    const user = aUser();
    const deal = aDeal();
    expect(db().insert(reviews).values({ userId: user.id, dealId: deal.id, rating: 5 }).returning().get().isVerified).toBe(true);
    expect(
      db().insert(notifications).values({ userId: user.id, type: "GROUP_COMPLETE", title: "t", message: "m" }).returning().get().isRead,
    ).toBe(false);
    expect(db().insert(cartItems).values({ userId: user.id, dealId: deal.id, groupId: aGroup(deal.id).id }).returning().get().qty).toBe(1);
  });
});

describe("schema constraints", () => {
  it("refuses a second account with the same e-mail", () => {
    aUser("twice@example.com");
    expectRefused(() => aUser("twice@example.com"), /UNIQUE constraint failed: users.email/);
  });

  it("refuses values outside the enums", () => {
    expectRefused(
      () => db().run(sql`insert into users (id, email, role) values ('x', 'role@example.com', 'OWNER')`),
      /CHECK constraint failed: users_role_check/,
    );
    const user = aUser();
    const deal = aDeal();
    expectRefused(
      () => db().run(sql`insert into orders (id, user_id, deal_id, qty, unit_price_at_purchase, original_total, total, status) values ('o', ${user.id}, ${deal.id}, 1, 1, 1, 1, 'LOST')`),
      /CHECK constraint failed: orders_status_check/,
    );
    expectRefused(
      () => db().run(sql`update deals set category = 'bread' where id = ${deal.id}`),
      /CHECK constraint failed: deals_category_check/,
    );
    expectRefused(
      () => db().insert(notifications).values({ userId: user.id, type: "SPAM" as "GROUP_COMPLETE", title: "t", message: "m" }).run(),
      /CHECK constraint failed: notifications_type_check/,
    );
  });

  it("refuses a rating outside 1-5 and a cart quantity below 1", () => {
    const user = aUser();
    const deal = aDeal();
    expectRefused(() => db().insert(reviews).values({ userId: user.id, dealId: deal.id, rating: 6 }).run(), /reviews_rating_check/);
    expectRefused(() => db().insert(reviews).values({ userId: user.id, dealId: deal.id, rating: 0 }).run(), /reviews_rating_check/);
    expectRefused(
      () => db().insert(cartItems).values({ userId: user.id, dealId: deal.id, groupId: aGroup(deal.id).id, qty: 0 }).run(),
      /cart_items_qty_check/,
    );
  });

  it("keeps one cart line and one favorite per user and deal", () => {
    const user = aUser();
    const deal = aDeal();
    const groupId = aGroup(deal.id).id;
    db().insert(cartItems).values({ userId: user.id, dealId: deal.id, groupId }).run();
    expectRefused(() => db().insert(cartItems).values({ userId: user.id, dealId: deal.id, groupId }).run(), /UNIQUE constraint failed: cart_items.user_id, cart_items.deal_id/);
    db().insert(favorites).values({ userId: user.id, dealId: deal.id }).run();
    expectRefused(() => db().insert(favorites).values({ userId: user.id, dealId: deal.id }).run(), /UNIQUE constraint failed: favorites.user_id, favorites.deal_id/);
  });

  it("keeps slugs, referral codes and passkey credentials unique", () => {
    const deal = aDeal();
    expectRefused(
      () => db().insert(deals).values({ vendorId: deal.vendorId, title: "copy", slug: deal.slug, category: "fruits", basePrice: 1, unit: "kg" }).run(),
      /UNIQUE constraint failed: deals.slug/,
    );
    const user = aUser();
    db().insert(referrals).values({ refCode: "SHUK-1", createdByUserId: user.id }).run();
    expectRefused(() => db().insert(referrals).values({ refCode: "SHUK-1", createdByUserId: user.id }).run(), /referrals.ref_code/);
    db().insert(passkeys).values({ userId: user.id, credentialId: "cred-1", publicKey: "k" }).run();
    expectRefused(() => db().insert(passkeys).values({ userId: user.id, credentialId: "cred-1", publicKey: "k" }).run(), /passkeys.credential_id/);
  });

  it("enforces foreign keys", () => {
    expectRefused(
      () => db().insert(favorites).values({ userId: "no-such-user", dealId: aDeal().id }).run(),
      /FOREIGN KEY constraint failed/,
    );
  });

  it("allows one open weekly cycle per community", () => {
    const community = db().select().from(communities).limit(1).get()!;
    expectRefused(
      () =>
        db().insert(weeklyCycles).values({ communityId: community.id, weekStartDate: "2031-01-05", orderDeadline: new Date(), pickupDate: new Date() }).run(),
      /UNIQUE constraint failed: weekly_cycles.community_id/,
    );
  });

  it("removes a user's cart, favorites and notifications with the user", () => {
    const user = aUser();
    const deal = aDeal();
    db().insert(favorites).values({ userId: user.id, dealId: deal.id }).run();
    db().delete(users).where(eq(users.id, user.id)).run();
    expect(db().select().from(favorites).where(eq(favorites.userId, user.id)).all()).toHaveLength(0);
  });
});

describe("demo data", () => {
  it("has 4+ communities with pickup points, 4 rising tiers and an open cycle in the future", () => {
    const all = db().select().from(communities).all();
    expect(all.length).toBeGreaterThanOrEqual(4);
    for (const community of all) {
      const tiers = db().select().from(communityTiers).where(eq(communityTiers.communityId, community.id)).orderBy(communityTiers.minRevenue).all();
      expect(tiers).toHaveLength(4);
      expect(tiers[0].minRevenue).toBe(0);
      tiers.slice(1).forEach((tier, i) => {
        expect(tier.minRevenue).toBeGreaterThan(tiers[i].minRevenue);
        expect(tier.discountPercent).toBeGreaterThan(tiers[i].discountPercent);
      });
      const open = db().select().from(weeklyCycles).where(eq(weeklyCycles.communityId, community.id)).all().filter((c) => c.isActive);
      expect(open).toHaveLength(1);
      expect(open[0].orderDeadline.getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it("has 40+ active deals over all five categories, each with a group per community", () => {
    const active = db().select().from(deals).where(eq(deals.status, "ACTIVE")).all();
    expect(active.length).toBeGreaterThanOrEqual(40);
    expect(new Set(active.map((d) => d.category)).size).toBe(5);
    const communityCount = db().select().from(communities).all().length;
    const groupCount = db().get<{ n: number }>(sql`select count(*) as n from groups where deal_id is not null`).n;
    expect(groupCount).toBe(active.length * communityCount);
  });
});
