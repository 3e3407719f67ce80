import { describe, expect, it } from "vitest";
import { AddressFormSchema, AddressSchema, addressLine, promotedDefault, streetLine } from "./addresses";

describe("AddressSchema", () => {
  it("takes a city and a street, with house number and notes optional", () => {
    expect(AddressSchema.parse({ city: " חיפה ", street: "הרצל" })).toEqual({ city: "חיפה", street: "הרצל" });
  });

  it.each([
    [{ city: "ח", street: "הרצל" }, "addresses.validation.city"],
    [{ city: "חיפה", street: "ה" }, "addresses.validation.street"],
    [{ street: "הרצל" }, "addresses.validation.city"],
    [{ city: "חיפה", street: "הרצל", houseNumber: "12345678901" }, "addresses.validation.houseNumber"],
  ])("refuses %j with %s", (input, message) => {
    const result = AddressSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(message);
  });
});

describe("AddressFormSchema", () => {
  it("tells the forms apart by intent", () => {
    expect(AddressFormSchema.parse({ intent: "make-default", addressId: "a1" })).toEqual({ intent: "make-default", addressId: "a1" });
    expect(AddressFormSchema.parse({ intent: "edit", addressId: "a1", city: "חיפה", street: "הגפן" })).toMatchObject({ intent: "edit", city: "חיפה" });
    expect(AddressFormSchema.safeParse({ intent: "delete" }).success).toBe(false);
    expect(AddressFormSchema.safeParse({ intent: "burn", addressId: "a1" }).success).toBe(false);
  });
});

describe("address lines", () => {
  it("joins street and house number, then the city", () => {
    expect(streetLine({ street: "הרצל", houseNumber: "12" })).toBe("הרצל 12");
    expect(addressLine({ street: "הרצל", houseNumber: null, city: "חיפה" })).toBe("הרצל, חיפה");
  });
});

describe("promotedDefault", () => {
  it("promotes the earliest remaining address when the default was deleted", () => {
    expect(promotedDefault([{ id: "b", isDefault: false }, { id: "c", isDefault: false }])).toBe("b");
  });

  it("changes nothing while a default remains or nothing remains", () => {
    expect(promotedDefault([{ id: "b", isDefault: false }, { id: "c", isDefault: true }])).toBeNull();
    expect(promotedDefault([])).toBeNull();
  });
});
