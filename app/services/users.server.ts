import { and, eq } from "drizzle-orm";
import type { Db, Queryable } from "~/db/client.server";
import { communities, users, type User } from "~/db/schema";
import { ServiceError } from "~/domain/errors";

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
    mailDeadlineReminder: user.mailDeadlineReminder,
    mailWeeklyDigest: user.mailWeeklyDigest,
    language: user.language,
    createdAt: user.createdAt.toISOString(),
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
  };
}

/** Whether a community exists and takes members (sign-up and moving community both ask). */
export function activeCommunityExists(db: Queryable, communityId: string) {
  return Boolean(
    db
      .select({ id: communities.id })
      .from(communities)
      .where(and(eq(communities.id, communityId), eq(communities.isActive, true)))
      .get(),
  );
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

/** Where a user lands after signing in: admins on their dashboard, farmers on theirs, shoppers home. */
export function homeFor(user: Pick<User, "role">): string {
  // A farmer signs in for this week's pick list (issue #49), an admin for the back office.
  if (user.role === "ADMIN") return "/admin";
  return user.role === "VENDOR" ? "/vendor/dashboard" : "/";
}
