import { describe, expect, it } from "vitest";
import { groupPickup, HOME_DELIVERY_PLACE, PickupActionSchema, type PickupLine } from "./pickup-day";

let n = 0;
function line(over: Partial<PickupLine>): PickupLine {
  return {
    orderId: `o${++n}`,
    userId: "dana",
    memberName: "דנה לוי",
    email: "dana@example.com",
    phone: "050-1111111",
    deliveryType: "PICKUP",
    pickupPointId: "p-north",
    place: "הגפן 3",
    hours: { start: "09:00", end: "12:00" },
    dealTitle: "עגבניות",
    unit: "ק״ג",
    qty: 1,
    total: 1000,
    status: "PENDING",
    noShow: false,
    ...over,
  };
}

describe("the pickup day list", () => {
  it("lists each shopper once per pickup point with every item she collects and what she pays", () => {
    const places = groupPickup([
      line({ dealTitle: "עגבניות", qty: 3, total: 5370 }),
      line({ dealTitle: "מלפפונים", qty: 2, total: 1600, status: "PAID" }),
      line({ userId: "avi", memberName: "אבי כהן", dealTitle: "תותים", total: 2000 }),
    ]);
    expect(places).toHaveLength(1);
    expect(places[0]).toMatchObject({ key: "p-north", address: "הגפן 3", waiting: 2, due: 5370 + 2000 });
    expect(places[0]!.shoppers.map((s) => s.memberName)).toEqual(["אבי כהן", "דנה לוי"]);
    const dana = places[0]!.shoppers[1]!;
    expect(dana.items.map((i) => [i.dealTitle, i.qty])).toEqual([["מלפפונים", 2], ["עגבניות", 3]]);
    // The paid order is not due again; both count in what she takes.
    expect(dana).toMatchObject({ due: 5370, total: 6970, state: "waiting" });
  });

  it("keeps pickup points apart, home deliveries last with each one's address", () => {
    const places = groupPickup([
      line({ deliveryType: "DELIVERY", pickupPointId: null, place: "הרצל 1, חיפה", hours: null }),
      line({ pickupPointId: "p-south", place: "אלנבי 5" }),
      line({ pickupPointId: "p-north", place: "הגפן 3" }),
    ]);
    // By address: "אלנבי" before "הגפן".
    expect(places.map((p) => p.key)).toEqual(["p-south", "p-north", HOME_DELIVERY_PLACE]);
    expect(places.at(-1)).toMatchObject({ deliveryType: "DELIVERY", address: null, hours: null });
    expect(places.at(-1)!.shoppers[0]!.deliveryAddress).toBe("הרצל 1, חיפה");
    expect(places[0]!.shoppers[0]!.deliveryAddress).toBeNull();
  });

  it("says collected once nothing is left to collect, and no-show when she never came", () => {
    const [place] = groupPickup([
      line({ userId: "a", memberName: "א", status: "FULFILLED" }),
      line({ userId: "b", memberName: "ב", status: "CANCELED", noShow: true }),
      line({ userId: "c", memberName: "ג", status: "FULFILLED" }),
      line({ userId: "c", memberName: "ג", status: "PAID" }),
    ]);
    expect(place!.shoppers.map((s) => [s.memberName, s.state])).toEqual([["א", "collected"], ["ב", "noShow"], ["ג", "waiting"]]);
    expect(place!.shoppers[1]).toMatchObject({ due: 0, total: 0 });
    expect(place!.waiting).toBe(1);
  });

  it("accepts only the two actions, for a shopper and a place", () => {
    expect(PickupActionSchema.safeParse({ intent: "collected", shopper: "u1", place: "p1" }).success).toBe(true);
    expect(PickupActionSchema.safeParse({ intent: "delete", shopper: "u1", place: "p1" }).success).toBe(false);
    expect(PickupActionSchema.safeParse({ intent: "no-show", shopper: "", place: "p1" }).success).toBe(false);
    expect(PickupActionSchema.safeParse({ intent: "no-show", shopper: "u1" }).success).toBe(false);
  });
});
