// The first steps of a new install (issue #45): the admin dashboard shows them as a checklist
// until every one is done. Each step ticks itself off from what is in the database, so nobody
// has to mark anything; the service (app/services/getting-started.server.ts) reads the counts.
// Pure: no database here.

export const SETUP_STEPS = ["community", "tiers", "pickupPoint", "farmer", "firstDeal", "shareGroups"] as const;
export type SetupStep = (typeof SETUP_STEPS)[number];

export interface SetupCounts {
  communities: number;
  /** discount tiers of any community */
  tiers: number;
  /** pickup points still in use */
  pickupPoints: number;
  /** vendors who may sell (approved farmers) */
  vendors: number;
  /** deals that ever went live (active, ended or archived; a draft does not count) */
  liveDeals: number;
  /** shoppers who joined a community: the sign that its /groups link went round */
  members: number;
  /** where the community steps lead once there is one; null before the first */
  firstCommunityId: string | null;
}

export interface SetupItem {
  key: SetupStep;
  done: boolean;
  /** the page where the step is done */
  href: string;
}

export interface SetupProgress {
  steps: SetupItem[];
  doneCount: number;
  /** the first step not done yet, or null when the install is set up */
  next: SetupItem | null;
}

function hrefOf(step: SetupStep, communityId: string | null): string {
  const community = communityId ? `/admin/communities/${communityId}` : "/admin/communities";
  switch (step) {
    case "community":
      return "/admin/communities";
    case "tiers":
      return communityId ? `${community}#tiers` : community;
    case "pickupPoint":
      return communityId ? `${community}#pickup-points` : community;
    case "farmer":
      // Farmers apply on /vendor; the admin approves them here.
      return "/admin/vendor-applications";
    case "firstDeal":
      return "/admin/deals";
    case "shareGroups":
      return "/groups";
  }
}

function isDone(step: SetupStep, counts: SetupCounts): boolean {
  switch (step) {
    case "community":
      return counts.communities > 0;
    case "tiers":
      return counts.tiers > 0;
    case "pickupPoint":
      return counts.pickupPoints > 0;
    case "farmer":
      return counts.vendors > 0;
    case "firstDeal":
      return counts.liveDeals > 0;
    case "shareGroups":
      return counts.members > 0;
  }
}

/** The checklist in its fixed order, which steps are done, and the next one to do. */
export function setupProgress(counts: SetupCounts): SetupProgress {
  const steps = SETUP_STEPS.map((key) => ({ key, done: isDone(key, counts), href: hrefOf(key, counts.firstCommunityId) }));
  return { steps, doneCount: steps.filter((s) => s.done).length, next: steps.find((s) => !s.done) ?? null };
}
