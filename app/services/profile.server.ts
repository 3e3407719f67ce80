// A person's own account: their numbers, their profile and their preferences. The /profile,
// /profile/edit, /settings and /onboarding/community pages and the /api/user* routes all come here.
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { authProviders, communities, orders, users, type User } from "~/db/schema";
import type { CommunityWithPickupPoints } from "./communities.server";
import type { Language } from "~/domain/enums";
import { ServiceError } from "~/domain/errors";
import type { ProfileUpdate, SettingsUpdate } from "~/domain/profile-schemas";

export interface UserStats {
  /** orders that were not cancelled */
  totalOrders: number;
  /** agorot saved against base prices, over orders neither cancelled nor refunded */
  totalSavings: number;
  /** distinct purchase groups the person's non-cancelled orders joined */
  joinedGroups: number;
}

// /profile runs both of these on every visit: prepared once (db/prepared.server.ts).
const userStatsQuery = preparedQuery((db) =>
  db
    .select({
      totalOrders: sql<number>`count(*)`,
      totalSavings: sql<number>`coalesce(sum(case when ${orders.status} != 'REFUNDED'
        then ${orders.originalTotal} - (${orders.total} - ${orders.deliveryFee}) else 0 end), 0)`,
      joinedGroups: sql<number>`count(distinct ${orders.groupId})`,
    })
    .from(orders)
    .where(sql`${orders.userId} = ${sql.placeholder("userId")} and ${orders.status} != 'CANCELED'`)
    .prepare(),
);
const communityNameQuery = preparedQuery((db) =>
  db.select({ id: communities.id, name: communities.name }).from(communities).where(eq(communities.id, sql.placeholder("communityId"))).prepare(),
);

/**
 * GET /api/users/stats and the /profile cards: one query. Savings follow the platform stats'
 * rule (base total minus what was paid for the goods, delivery fee aside); a refund gives the
 * money back, so a refunded order saved nothing, but it was an order in a group all the same.
 */
export function userStats(db: Db, userId: string): UserStats {
  const row = userStatsQuery(db).get({ userId });
  return { totalOrders: row?.totalOrders ?? 0, totalSavings: Math.max(0, row?.totalSavings ?? 0), joinedGroups: row?.joinedGroups ?? 0 };
}

/** The community a person belongs to (id and name), or null before they choose one. */
export function communityOf(db: Db, user: Pick<User, "communityId">) {
  if (!user.communityId) return null;
  return communityNameQuery(db).get({ communityId: user.communityId }) ?? null;
}

/** What /profile shows beside the person: their numbers and their community. */
export function profileOverview(db: Db, user: User) {
  return { stats: userStats(db, user.id), community: communityOf(db, user) };
}

// Sign-in methods keyed by the e-mail address follow it when it changes.
const EMAIL_KEYED_PROVIDERS = ["password", "magic"] as const;

/**
 * PUT /api/user/profile and /profile/edit. The e-mail must not belong to another account (409
 * on the e-mail field); an absent phone or picture clears it; `name` defaults to first + last.
 */
export function updateProfile(db: Db, userId: string, input: ProfileUpdate): User {
  return db.transaction(
    (tx) => {
      const current = tx.select().from(users).where(eq(users.id, userId)).get();
      if (!current) throw new ServiceError(404, "errors.userNotFound");
      const taken = tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.email, input.email), ne(users.id, userId)))
        .get();
      if (taken) throw new ServiceError(409, "account.validation.emailTaken", "email");
      const user = tx
        .update(users)
        .set({
          firstName: input.firstName,
          lastName: input.lastName,
          name: input.name ?? `${input.firstName} ${input.lastName}`,
          email: input.email,
          phone: input.phone ?? null,
          profileImageUrl: input.profileImageUrl ?? null,
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning()
        .get();
      if (current.email !== input.email) {
        tx.update(authProviders)
          .set({ providerId: input.email })
          .where(
            and(
              eq(authProviders.userId, userId),
              eq(authProviders.providerId, current.email),
              inArray(authProviders.type, [...EMAIL_KEYED_PROVIDERS]),
            ),
          )
          .run();
      }
      return user;
    },
    { behavior: "immediate" },
  );
}

const OPTIONAL_SWITCHES = ["smsNotifications", "pushNotifications", "mailDeadlineReminder", "mailWeeklyDigest"] as const;

/** PUT /api/user/settings and /settings: the notification switches given, and the language. */
export function updateSettings(db: Db, userId: string, input: SettingsUpdate): User {
  // A switch the caller did not send stays as it is (the form has no SMS switch, an old API client no mail types).
  const switches: Partial<Record<(typeof OPTIONAL_SWITCHES)[number], boolean>> = {};
  for (const key of OPTIONAL_SWITCHES) {
    const value = (input as Partial<Record<(typeof OPTIONAL_SWITCHES)[number], boolean>>)[key];
    if (value !== undefined) switches[key] = value;
  }
  const user = db
    .update(users)
    .set({
      emailNotifications: input.emailNotifications,
      ...switches,
      language: input.language,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning()
    .get();
  if (!user) throw new ServiceError(404, "errors.userNotFound");
  return user;
}

/**
 * The header's and footer's language switch (issue #47): her saved language follows the choice,
 * so the next sign-in (which sets the cookie from it) does not bring the other one back. One
 * UPDATE, nothing read first: the other settings stay as they are.
 */
export function updateLanguage(db: Db, userId: string, language: Language): void {
  const changed = db.update(users).set({ language, updatedAt: new Date() }).where(eq(users.id, userId)).run();
  if (changed.changes === 0) throw new ServiceError(404, "errors.userNotFound");
}

/**
 * The onboarding search: communities whose name, description or a pickup point's address
 * contains the text, ignoring case. An empty search keeps them all.
 */
export function searchCommunities<T extends CommunityWithPickupPoints>(list: T[], q: string | null | undefined): T[] {
  const needle = q?.trim().toLocaleLowerCase() ?? "";
  if (!needle) return list;
  return list.filter((c) =>
    [c.name, c.description, ...c.pickupPoints.map((p) => p.address)].some((text) =>
      text?.toLocaleLowerCase().includes(needle),
    ),
  );
}
