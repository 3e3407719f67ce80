import { describe, expect, it } from "vitest";
import { backOfficeArea, backOfficeSection, pickList, quantitiesByUnit, salesByDeal } from "./back-office";

const admin = [{ to: "/admin" }, { to: "/admin/deals" }, { to: "/admin/cycles" }];
const vendor = [{ to: "/vendor/dashboard" }, { to: "/vendor/new-deal" }, { to: "/vendor/guide" }];

describe("back office areas and tabs", () => {
  it("knows the admin and vendor paths, and nothing else", () => {
    expect(backOfficeArea("/admin")).toBe("admin");
    expect(backOfficeArea("/admin/deals/5/edit")).toBe("admin");
    expect(backOfficeArea("/vendor/dashboard")).toBe("vendor");
    expect(backOfficeArea("/vendor")).toBeNull();
    expect(backOfficeArea("/administrator")).toBeNull();
    expect(backOfficeArea("/deals")).toBeNull();
  });

  it("marks the deepest tab a path is under", () => {
    expect(backOfficeSection("/admin", admin)).toBe("/admin");
    expect(backOfficeSection("/admin/deals", admin)).toBe("/admin/deals");
    expect(backOfficeSection("/admin/deals/abc/edit", admin)).toBe("/admin/deals");
    expect(backOfficeSection("/admin/cycles/", admin)).toBe("/admin/cycles");
    expect(backOfficeSection("/admin/audit", admin)).toBe("/admin");
    expect(backOfficeSection("/admin/dealsx", admin)).toBe("/admin");
  });

  it("puts a vendor's deal pages under the dashboard", () => {
    expect(backOfficeSection("/vendor/deals/abc/edit", vendor)).toBe("/vendor/dashboard");
    expect(backOfficeSection("/vendor/new-deal", vendor)).toBe("/vendor/new-deal");
    expect(backOfficeSection("/vendor/support", vendor)).toBeNull();
  });
});

describe("a vendor's sales per deal this week", () => {
  it("adds up the communities' rows of each deal", () => {
    const sales = salesByDeal([
      { dealId: "a", qty: 3, revenue: 5370, share: 403, orders: 2 },
      { dealId: "b", qty: 1, revenue: 990, share: 74, orders: 1 },
      { dealId: "a", qty: 2, revenue: 3980, share: 299, orders: 1 },
    ]);
    expect(sales.get("a")).toEqual({ qty: 5, revenue: 9350, share: 702, orders: 3 });
    expect(sales.get("b")).toEqual({ qty: 1, revenue: 990, share: 74, orders: 1 });
    expect(sales.get("c")).toBeUndefined();
  });
});

describe("a farmer's quantities (issue #49)", () => {
  it("adds up per unit and never across units", () => {
    expect(quantitiesByUnit([
      { unit: "ק״ג", qty: 6 },
      { unit: "צרור", qty: 4 },
      { unit: "ק״ג", qty: 7 },
      { unit: "מארז 500 גרם", qty: 4 },
    ])).toEqual([
      { unit: "ק״ג", qty: 13 },
      { unit: "מארז 500 גרם", qty: 4 },
      { unit: "צרור", qty: 4 },
    ]);
    expect(quantitiesByUnit([])).toEqual([]);
  });

  it("lists each product to pick once, over every place, by title", () => {
    expect(pickList([
      { dealId: "t", dealTitle: "עגבניות", unit: "ק״ג", qty: 3 },
      { dealId: "b", dealTitle: "בזיליקום", unit: "צרור", qty: 2 },
      { dealId: "t", dealTitle: "עגבניות", unit: "ק״ג", qty: 5 },
    ])).toEqual([
      { dealId: "b", dealTitle: "בזיליקום", unit: "צרור", qty: 2 },
      { dealId: "t", dealTitle: "עגבניות", unit: "ק״ג", qty: 8 },
    ]);
  });
});
