import { describe, expect, it } from "vitest";
import { filterPickup, groupPickup, HOME_DELIVERY_PLACE, matchesSearch, PickupActionSchema, pickupViewOf, type PickupLine } from "./pickup-day";

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

describe("the table's view: my point and a search (#44)", () => {
  const line = (over: Partial<PickupLine>): PickupLine => ({
    orderId: crypto.randomUUID(),
    userId: "u",
    memberName: "x",
    email: "x@example.com",
    phone: null,
    deliveryType: "PICKUP",
    pickupPointId: "p1",
    place: "הגפן 3",
    hours: null,
    dealTitle: "גזר",
    unit: "ק״ג",
    qty: 1,
    total: 1000,
    status: "PENDING",
    noShow: false,
    ...over,
  });
  const places = groupPickup([
    line({ userId: "1", memberName: "רות לוי", phone: "050-1234567" }),
    line({ userId: "2", memberName: "אבי כהן", phone: "052 999 8888" }),
    line({ userId: "3", memberName: "Dana Shaw", pickupPointId: "p2", place: "אלנבי 5" }),
    line({ userId: "4", memberName: "גלית", pickupPointId: "p2", place: "אלנבי 5" }),
  ]);

  it("lists shoppers A-Z by name in the list's language", () => {
    expect(places.find((p) => p.key === "p1")!.shoppers.map((s) => s.memberName)).toEqual(["אבי כהן", "רות לוי"]);
    expect(groupPickup([line({ userId: "b", memberName: "bob" }), line({ userId: "a", memberName: "Alice" })], "en")[0]!.shoppers.map((s) => s.memberName)).toEqual(["Alice", "bob"]);
  });

  it("reads the view from the query, empty when absent", () => {
    expect(pickupViewOf(new URLSearchParams("point=p2&q=%20רות%20"))).toEqual({ point: "p2", q: "רות" });
    expect(pickupViewOf(new URLSearchParams(""))).toEqual({ point: "", q: "" });
  });

  it("shows only my point; an unknown point shows every point", () => {
    expect(filterPickup(places, { point: "p2", q: "" }).map((p) => p.key)).toEqual(["p2"]);
    expect(filterPickup(places, { point: "nowhere", q: "" })).toHaveLength(2);
  });

  it("finds a shopper by part of her name (any case) or by three or more digits of her phone however written", () => {
    expect(matchesSearch({ memberName: "Dana Shaw", phone: null, email: "" }, "dana")).toBe(true);
    expect(matchesSearch({ memberName: "רות לוי", phone: "050-1234567", email: "" }, "0501234")).toBe(true);
    expect(matchesSearch({ memberName: "רות לוי", phone: "050-1234567", email: "" }, "12")).toBe(false);
    const found = filterPickup(places, { point: "", q: "999-88" });
    expect(found.map((p) => [p.key, p.shoppers.map((s) => s.memberName)])).toEqual([["p1", ["אבי כהן"]]]);
    expect(filterPickup(places, { point: "p2", q: "רות" })).toEqual([]);
  });
});
