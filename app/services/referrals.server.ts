// Inviting neighbours: a member's links (one for their community, one per deal, reused), what a
// link says to the visitor, the sign-up it brings, and what those neighbours have bought.
// /profile, /invite, /signup, the deal page and /api/referrals all come here.
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Db, Queryable, Tx } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { communities, deals, orders, referrals, referralSignups, users, type User } from "~/db/schema";
import { activeCycle, communityTiersOf } from "./community-pricing.server";
import { ServiceError } from "~/domain/errors";
import { toDecimalString } from "~/domain/money";
import { generateRefCode, inviteUrl, nextTierGap, parseRefCode } from "~/domain/referral-code";

type Referral = typeof referrals.$inferSelect;

// /profile and every deal page a member opens read these: prepared once (db/prepared.server.ts).
const ownLink = (db: Queryable, dealCondition: ReturnType<typeof isNull>) =>
  db
    .select()
    .from(referrals)
    .where(and(eq(referrals.createdByUserId, sql.placeholder("userId")), eq(referrals.communityId, sql.placeholder("communityId")), dealCondition))
    .prepare();
const communityLinkQuery = preparedQuery((db) => ownLink(db, isNull(referrals.dealId)));
const dealLinkQuery = preparedQuery((db) => ownLink(db, eq(referrals.dealId, sql.placeholder("dealId"))));
const joinedQuery = preparedQuery((db) =>
  db
    .select({ joined: count() })
    .from(referralSignups)
    .innerJoin(referrals, eq(referrals.id, referralSignups.referralId))
    .where(eq(referrals.createdByUserId, sql.placeholder("userId")))
    .prepare(),
);
const broughtRevenueQuery = preparedQuery((db) =>
  db
    .select({ revenue: sql<number>`coalesce(sum(${orders.originalTotal}), 0)` })
    .from(orders)
    .where(
      sql`${orders.weeklyCycleId} = ${sql.placeholder("cycleId")} and ${orders.status} != 'CANCELED'
        and ${orders.userId} in (
          select ${referralSignups.userId} from ${referralSignups}
          join ${referrals} on ${referrals.id} = ${referralSignups.referralId}
          where ${referrals.createdByUserId} = ${sql.placeholder("userId")}
        )`,
    )
    .prepare(),
);
const linksQuery = preparedQuery((db) =>
  db
    .select({ refCode: referrals.refCode, dealId: referrals.dealId, dealTitle: deals.title, dealSlug: deals.slug })
    .from(referrals)
    .leftJoin(deals, eq(deals.id, referrals.dealId))
    .where(and(eq(referrals.createdByUserId, sql.placeholder("userId")), eq(referrals.communityId, sql.placeholder("communityId"))))
    .prepare(),
);

export interface InviteLink {
  refCode: string;
  url: string;
}

function memberCommunity(user: Pick<User, "communityId">): string {
  // A link invites to a community: a member without one has nowhere to invite to yet.
  if (!user.communityId) throw new ServiceError(409, "referrals.errors.noCommunity");
  return user.communityId;
}

function findLink(db: Queryable, userId: string, communityId: string, dealId: string | null): Referral | undefined {
  return dealId ? dealLinkQuery(db).get({ userId, communityId, dealId }) : communityLinkQuery(db).get({ userId, communityId });
}

function uniqueCode(tx: Tx): string {
  // 31^9 codes: a clash is all but impossible, but cheap to rule out.
  for (;;) {
    const code = generateRefCode();
    if (!tx.select({ id: referrals.id }).from(referrals).where(eq(referrals.refCode, code)).get()) return code;
  }
}

/**
 * The member's link for their community, or for a deal when `dealId` is given: made on first
 * use, the same one every time after (one per member and community, one per member and deal).
 */
export function getOrCreateInviteLink(db: Db, user: User, origin: string, dealId?: string | null): InviteLink {
  const communityId = memberCommunity(user);
  const referral = db.transaction(
    (tx) => {
      if (dealId) {
        const deal = tx.select({ status: deals.status }).from(deals).where(eq(deals.id, dealId)).get();
        if (!deal || deal.status !== "ACTIVE") throw new ServiceError(404, "referrals.errors.dealNotFound");
      }
      const existing = findLink(tx, user.id, communityId, dealId ?? null);
      if (existing) return existing;
      return tx
        .insert(referrals)
        .values({ refCode: uniqueCode(tx), createdByUserId: user.id, communityId, dealId: dealId ?? null })
        .returning()
        .get();
    },
    { behavior: "immediate" },
  );
  return { refCode: referral.refCode, url: inviteUrl(origin, referral.refCode) };
}

/** The member's existing link (no new one), for screens that only show it. */
export function findInviteLink(db: Queryable, user: User, origin: string, dealId?: string | null): InviteLink | null {
  const { communityId } = user;
  if (!communityId) return null;
  const refCode = findLink(db, user.id, communityId, dealId ?? null)?.refCode ?? null;
  return refCode ? { refCode, url: inviteUrl(origin, refCode) } : null;
}

export interface ResolvedInvite {
  refCode: string;
  community: { id: string; name: string };
  deal: { id: string; title: string; slug: string } | null;
  inviterFirstName: string;
}

/** What a link tells the visitor (public): who invites, to which community and deal. Null if unknown. */
export function resolveInvite(db: Queryable, code: unknown): ResolvedInvite | null {
  const refCode = parseRefCode(code);
  if (!refCode) return null;
  const row = db
    .select({
      refCode: referrals.refCode,
      communityId: communities.id,
      communityName: communities.name,
      communityActive: communities.isActive,
      dealId: deals.id,
      dealTitle: deals.title,
      dealSlug: deals.slug,
      dealStatus: deals.status,
      firstName: users.firstName,
      name: users.name,
    })
    .from(referrals)
    .innerJoin(communities, eq(communities.id, referrals.communityId))
    .innerJoin(users, eq(users.id, referrals.createdByUserId))
    .leftJoin(deals, eq(deals.id, referrals.dealId))
    .where(eq(referrals.refCode, refCode))
    .get();
  if (!row || !row.communityActive) return null;
  return {
    refCode: row.refCode,
    community: { id: row.communityId, name: row.communityName },
    // A deal that went back to draft or to the archive is not shown to strangers.
    deal: row.dealId && row.dealStatus !== "DRAFT" && row.dealStatus !== "ARCHIVED" ? { id: row.dealId, title: row.dealTitle!, slug: row.dealSlug! } : null,
    inviterFirstName: row.firstName ?? row.name?.split(" ")[0] ?? "",
  };
}

/**
 * Inside the sign-up's transaction: counts the new account for the link's owner. A code that
 * is malformed or unknown is ignored: an invitation never stands in the way of joining.
 */
export function recordReferralSignup(tx: Tx, code: unknown, userId: string): boolean {
  const refCode = parseRefCode(code);
  if (!refCode) return false;
  const referral = tx.select({ id: referrals.id, owner: referrals.createdByUserId }).from(referrals).where(eq(referrals.refCode, refCode)).get();
  if (!referral || referral.owner === userId) return false;
  const inserted = tx.insert(referralSignups).values({ referralId: referral.id, userId }).onConflictDoNothing().run();
  return inserted.changes > 0;
}

export interface InviteStats {
  /** people who signed up through any of the member's links */
  joined: number;
  /** agorot: base totals of their non-canceled orders in the community's open cycle */
  revenue: number;
  /** what the community still needs for its next tier this week, null when none is left */
  nextTier: { tierName: string; level: number; discountPercent: number; gap: number } | null;
}

/** How the member's invitations are doing: two indexed queries and the community's tiers. */
export function inviteStats(db: Queryable, user: User): InviteStats {
  const joined = joinedQuery(db).get({ userId: user.id })?.joined ?? 0;
  const cycle = user.communityId ? activeCycle(db, user.communityId) : null;
  const revenue = cycle ? (broughtRevenueQuery(db).get({ cycleId: cycle.id, userId: user.id })?.revenue ?? 0) : 0;
  const nextTier = cycle && user.communityId ? nextTierGap(communityTiersOf(db, user.communityId), cycle.currentRevenue) : null;
  return { joined, revenue, nextTier };
}

/** /profile's card and GET /api/referrals: the community link (if made yet), the deal links, the numbers. */
export function myInvitations(db: Queryable, user: User, origin: string) {
  const links = user.communityId ? linksQuery(db).all({ userId: user.id, communityId: user.communityId }) : [];
  const community = links.find((l) => !l.dealId);
  return {
    communityLink: community ? { refCode: community.refCode, url: inviteUrl(origin, community.refCode) } : null,
    dealLinks: links
      .filter((l) => l.dealId)
      .map((l) => ({ refCode: l.refCode, url: inviteUrl(origin, l.refCode), deal: { id: l.dealId!, title: l.dealTitle ?? "", slug: l.dealSlug ?? "" } })),
    stats: inviteStats(db, user),
    hasCommunity: Boolean(user.communityId),
  };
}
export type MyInvitations = ReturnType<typeof myInvitations>;

/** GET /api/referrals: the same, money as decimal strings. */
export function myInvitationsJson(invitations: MyInvitations) {
  const { stats } = invitations;
  return {
    ...invitations,
    stats: {
      joined: stats.joined,
      revenue: toDecimalString(stats.revenue),
      nextTier: stats.nextTier ? { ...stats.nextTier, gap: toDecimalString(stats.nextTier.gap) } : null,
    },
  };
}
