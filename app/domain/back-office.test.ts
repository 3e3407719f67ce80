import { describe, expect, it } from "vitest";
import { backOfficeArea, backOfficeSection } from "./back-office";

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
