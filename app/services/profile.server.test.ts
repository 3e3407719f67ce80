import { eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authProviders, communities, groups, orders, users, type OrderStatus } from "~/db/schema";
import { DEMO_ADMIN, DEMO_USER } from "~/demo/seed.server";
import { useTestDatabase } from "../../tests/support/test-db";
import { listCommunities } from "./communities.server";
import { ServiceError } from "~/domain/errors";
import { communityOf, searchCommunities, updateProfile, updateSettings, userStats } from "./profile.server";

const db = useTestDatabase();

function demo() {
  return db().select().from(users).where(eq(users.email, DEMO_USER.email)).get()!;
}

/** An order row with the given amounts (agorot), in the n-th group of the demo data. */
function addOrder(userId: string, n: number, amounts: { originalTotal: number; total: number; deliveryFee?: number; status?: OrderStatus }) {
  const group = db().select().from(groups).where(isNotNull(groups.dealId)).limit(1).offset(n).get()!;
  db()
    .insert(orders)
    .values({ userId, dealId: group.dealId!, groupId: group.id, communityId: group.communityId, qty: 1, unitPriceAtPurchase: amounts.total, deliveryFee: 0, ...amounts })
    .run();
}

describe("userStats", () => {
  it("is all zeros for a person with no orders", () => {
    expect(userStats(db(), demo().id)).toEqual({ totalOrders: 0, totalSavings: 0, joinedGroups: 0 });
  });

  it("counts non-cancelled orders and their groups, and savings without delivery fees or refunds", () => {
    const id = demo().id;
    addOrder(id, 0, { originalTotal: 1000, total: 900 }); // saved 1.00
    addOrder(id, 0, { originalTotal: 2000, total: 3300, deliveryFee: 1500 }); // saved 2.00, same group
    addOrder(id, 1, { originalTotal: 5000, total: 4000, status: "REFUNDED" }); // an order, no saving
    addOrder(id, 2, { originalTotal: 9000, total: 1000, status: "CANCELED" }); // nothing at all
    const otherId = db().select().from(users).where(eq(users.email, DEMO_ADMIN.email)).get()!.id;
    addOrder(otherId, 3, { originalTotal: 9000, total: 1000 }); // someone else's
    expect(userStats(db(), id)).toEqual({ totalOrders: 3, totalSavings: 300, joinedGroups: 2 });
  });
});

describe("updateProfile", () => {
  it("saves the fields, derives the name, clears an absent phone and moves the sign-in e-mail", () => {
    const before = demo();
    db().update(users).set({ phone: "050-1111111" }).where(eq(users.id, before.id)).run();
    const saved = updateProfile(db(), before.id, { firstName: "נועה", lastName: "לוי", email: "noa.levi@example.com" });
    expect(saved).toMatchObject({ firstName: "נועה", lastName: "לוי", name: "נועה לוי", email: "noa.levi@example.com", phone: null, profileImageUrl: null });
    const providers = db().select().from(authProviders).where(eq(authProviders.userId, before.id)).all();
    expect(providers.map((p) => p.providerId)).toEqual(["noa.levi@example.com"]);
  });

  it("refuses another account's e-mail with 409 on the e-mail field and changes nothing", () => {
    const before = demo();
    const attempt = () => updateProfile(db(), before.id, { firstName: "אחר", lastName: "שם", email: DEMO_ADMIN.email });
    expect(attempt).toThrow(ServiceError);
    try {
      attempt();
    } catch (error) {
      expect(error).toMatchObject({ status: 409, messageKey: "account.validation.emailTaken", field: "email" });
    }
    expect(demo()).toEqual(before);
  });

  it("keeps the person's own e-mail", () => {
    const saved = updateProfile(db(), demo().id, { firstName: "נועה", lastName: "כהן", email: DEMO_USER.email, name: "נועה ה.", phone: "052-3418790" });
    expect(saved).toMatchObject({ name: "נועה ה.", phone: "052-3418790", email: DEMO_USER.email });
  });
});

describe("updateSettings", () => {
  it("stores the three switches and the language", () => {
    const saved = updateSettings(db(), demo().id, { emailNotifications: false, smsNotifications: true, pushNotifications: false, language: "en" });
    expect(saved).toMatchObject({ emailNotifications: false, smsNotifications: true, pushNotifications: false, language: "en" });
  });

  it("404s an unknown person", () => {
    expect(() => updateSettings(db(), "nobody", { emailNotifications: true, smsNotifications: true, pushNotifications: true, language: "he" })).toThrow(ServiceError);
  });
});

describe("communities for onboarding", () => {
  it("searches name, description and addresses, ignoring case; empty keeps all", () => {
    const all = listCommunities(db());
    expect(searchCommunities(all, "  ")).toHaveLength(all.length);
    expect(searchCommunities(all, "חיפה").map((c) => c.name)).toEqual(["אחוזה – חיפה"]);
    expect(searchCommunities(all, "שבזי").map((c) => c.name)).toEqual(["פלורנטין – תל אביב"]); // a pickup point's street
    expect(searchCommunities(all, "הכרמל").map((c) => c.name)).toEqual(["אחוזה – חיפה"]); // the description
    expect(searchCommunities([{ ...all[0], name: "Florentin" }], "FLOR")).toHaveLength(1);
    expect(searchCommunities(all, "no such place")).toEqual([]);
  });

  it("names a person's community", () => {
    const community = db().select().from(communities).where(eq(communities.id, demo().communityId!)).get()!;
    expect(communityOf(db(), demo())).toEqual({ id: community.id, name: community.name });
    expect(communityOf(db(), { communityId: null })).toBeNull();
  });
});
