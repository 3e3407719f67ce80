import { describe, expect, it } from "vitest";
import { SETUP_STEPS, setupProgress, type SetupCounts } from "./getting-started";

const empty: SetupCounts = { communities: 0, tiers: 0, pickupPoints: 0, vendors: 0, liveDeals: 0, members: 0, firstCommunityId: null };

describe("the getting-started checklist", () => {
  it("has nothing done on an empty install, and starts with the community", () => {
    const progress = setupProgress(empty);
    expect(progress.steps.map((s) => s.key)).toEqual([...SETUP_STEPS]);
    expect(progress.steps.every((s) => !s.done)).toBe(true);
    expect(progress.doneCount).toBe(0);
    expect(progress.next).toMatchObject({ key: "community", href: "/admin/communities" });
  });

  it("ticks each step off from its own count", () => {
    const done = (counts: Partial<SetupCounts>) =>
      setupProgress({ ...empty, ...counts })
        .steps.filter((s) => s.done)
        .map((s) => s.key);
    expect(done({ communities: 1 })).toEqual(["community"]);
    expect(done({ tiers: 3 })).toEqual(["tiers"]);
    expect(done({ pickupPoints: 1 })).toEqual(["pickupPoint"]);
    expect(done({ vendors: 2 })).toEqual(["farmer"]);
    expect(done({ liveDeals: 1 })).toEqual(["firstDeal"]);
    expect(done({ members: 5 })).toEqual(["shareGroups"]);
  });

  it("leads the community steps to the first community's sections once there is one", () => {
    const before = setupProgress(empty).steps;
    expect(before.find((s) => s.key === "tiers")!.href).toBe("/admin/communities");
    const after = setupProgress({ ...empty, communities: 1, firstCommunityId: "c1" }).steps;
    expect(after.find((s) => s.key === "tiers")!.href).toBe("/admin/communities/c1#tiers");
    expect(after.find((s) => s.key === "pickupPoint")!.href).toBe("/admin/communities/c1#pickup-points");
    expect(after.find((s) => s.key === "shareGroups")!.href).toBe("/groups");
  });

  it("names the first step not done as the next, in order, whatever was done out of order", () => {
    const progress = setupProgress({ ...empty, communities: 1, firstCommunityId: "c1", tiers: 1, vendors: 1 });
    expect(progress.doneCount).toBe(3);
    expect(progress.next?.key).toBe("pickupPoint");
  });

  it("has no next step once everything is done", () => {
    const progress = setupProgress({ communities: 1, tiers: 1, pickupPoints: 1, vendors: 1, liveDeals: 1, members: 1, firstCommunityId: "c1" });
    expect(progress.doneCount).toBe(SETUP_STEPS.length);
    expect(progress.next).toBeNull();
  });
});
