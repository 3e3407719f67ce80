import { describe, expect, it } from "vitest";
import { notificationTarget } from "./notification-link";

describe("where a notification leads", () => {
  it("leads an admin alert to its admin page", () => {
    expect(notificationTarget({ type: "ADMIN_ATTENTION", data: { href: "/admin/vendor-applications" } })).toBe("/admin/vendor-applications");
  });

  it("leads a deal's notification to the deal, a review reminder to its reviews", () => {
    expect(notificationTarget({ type: "GROUP_COMPLETE", data: { dealSlug: "tomatoes" } })).toBe("/deals/tomatoes");
    expect(notificationTarget({ type: "REVIEW_REMINDER", data: { dealSlug: "tomatoes" } })).toBe("/deals/tomatoes#reviews");
  });

  it("leads nowhere without data, and never off the site", () => {
    expect(notificationTarget({ type: "DEAL_ENDING", data: {} })).toBeNull();
    expect(notificationTarget({ type: "DEAL_ENDING" })).toBeNull();
    expect(notificationTarget({ type: "ADMIN_ATTENTION", data: { href: "//evil.example/x" } })).toBeNull();
    expect(notificationTarget({ type: "ADMIN_ATTENTION", data: { href: "https://evil.example" } })).toBeNull();
  });
});
