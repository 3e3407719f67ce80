import { and, eq } from "drizzle-orm";
import { dummyPasswordHash, hashPassword, verifyPassword } from "~/auth/password.server";
import type { Db, Queryable } from "~/db/client.server";
import { authProviders, communities, users, type User } from "~/db/schema";
import type { SignupInput } from "./account-schemas";
import { ServiceError } from "./errors";
import { recordReferralSignup } from "./referrals.server";

/** The user as the API shows it: never the password hash. */
export function publicUser(user: User) {
  return {
    id: user.id,
    userId: user.id,
    email: user.email,
    role: user.role,
    firstName: user.firstName,
    lastName: user.lastName,
    name: user.name,
    phone: user.phone,
    profileImageUrl: user.profileImageUrl,
    communityId: user.communityId,
    emailNotifications: user.emailNotifications,
    smsNotifications: user.smsNotifications,
    pushNotifications: user.pushNotifications,
    language: user.language,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}
export type PublicUser = ReturnType<typeof publicUser>;

function activeCommunityExists(db: Queryable, communityId: string) {
  return Boolean(
    db
      .select({ id: communities.id })
      .from(communities)
      .where(and(eq(communities.id, communityId), eq(communities.isActive, true)))
      .get(),
  );
}

/**
 * Registers a shopper. The e-mail must be free and the community must exist. A neighbour's
 * invitation code (`refCode`) is counted for them in the same transaction; a bad one is ignored.
 */
export async function registerUser(db: Db, input: SignupInput, options: { refCode?: unknown } = {}): Promise<User> {
  // Hashing is slow and async, so it happens before the (synchronous) transaction.
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(
    (tx) => {
      const taken = tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
      if (taken) throw new ServiceError(409, "validation.emailTaken", "email");
      if (!activeCommunityExists(tx, input.communityId)) {
        throw new ServiceError(422, "validation.communityUnknown", "communityId");
      }
      const user = tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          firstName: input.firstName,
          lastName: input.lastName,
          name: `${input.firstName} ${input.lastName}`,
          communityId: input.communityId,
          lastLoginAt: new Date(),
        })
        .returning()
        .get();
      if (passwordHash) {
        tx.insert(authProviders).values({ userId: user.id, type: "password", providerId: user.email }).run();
      }
      if (options.refCode) recordReferralSignup(tx, options.refCode, user.id);
      return user;
    },
    { behavior: "immediate" },
  );
}

/** The user whose password this is, or null. Takes the same time whether the e-mail exists. */
export async function verifyLogin(db: Db, email: string, password: string): Promise<User | null> {
  const user = db.select().from(users).where(eq(users.email, email)).get();
  if (!user?.passwordHash) {
    await verifyPassword(await dummyPasswordHash(), password);
    return null;
  }
  if (!(await verifyPassword(user.passwordHash, password))) return null;
  const lastLoginAt = new Date();
  db.update(users).set({ lastLoginAt }).where(eq(users.id, user.id)).run();
  return { ...user, lastLoginAt };
}

export function getUserById(db: Db, id: string): User | null {
  return db.select().from(users).where(eq(users.id, id)).get() ?? null;
}

/** A user joins (or moves to) a community. */
export function setUserCommunity(db: Db, userId: string, communityId: string): User {
  return db.transaction(
    (tx) => {
      if (!activeCommunityExists(tx, communityId)) {
        throw new ServiceError(422, "validation.communityUnknown", "communityId");
      }
      const user = tx
        .update(users)
        .set({ communityId, updatedAt: new Date() })
        .where(eq(users.id, userId))
        .returning()
        .get();
      if (!user) throw new ServiceError(404, "errors.userNotFound");
      return user;
    },
    { behavior: "immediate" },
  );
}

/** Where a user lands after signing in: admins on their dashboard, everyone else home. */
export function homeFor(user: Pick<User, "role">): string {
  return user.role === "ADMIN" ? "/admin" : "/";
}
