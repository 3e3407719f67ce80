// The admin dashboard's first-steps checklist (issue #45): the counts it ticks off from. The
// rule that turns them into steps is app/domain/getting-started.ts.
import { and, asc, count, eq, inArray, isNotNull } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { inlined, isTrue } from "~/db/prepared.server";
import { communities, communityTiers, deals, pickupPoints, users, vendors } from "~/db/schema";
import { setupProgress, type SetupCounts, type SetupProgress } from "~/domain/getting-started";

function countOf(db: Queryable, table: typeof communities | typeof communityTiers | typeof vendors) {
  return db.select({ n: count() }).from(table).get()?.n ?? 0;
}

/** What the install holds so far, as the checklist asks. */
export function setupCounts(db: Queryable): SetupCounts {
  return {
    communities: countOf(db, communities),
    tiers: countOf(db, communityTiers),
    pickupPoints: db.select({ n: count() }).from(pickupPoints).where(isTrue(pickupPoints.isActive)).get()?.n ?? 0,
    vendors: countOf(db, vendors),
    liveDeals: db.select({ n: count() }).from(deals).where(inArray(deals.status, ["ACTIVE", "ENDED", "ARCHIVED"])).get()?.n ?? 0,
    members: db.select({ n: count() }).from(users).where(and(eq(users.role, "USER"), isNotNull(users.communityId))).get()?.n ?? 0,
    firstCommunityId: db.select({ id: communities.id }).from(communities).orderBy(asc(communities.createdAt), asc(communities.id)).limit(inlined(1)).get()?.id ?? null,
  };
}

/** The checklist as the dashboard shows it. */
export function gettingStarted(db: Queryable): SetupProgress {
  return setupProgress(setupCounts(db));
}
