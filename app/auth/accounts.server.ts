// Accounts with a password: signing up and checking a password at sign-in. Both hash with
// argon2 (password.server.ts) before any synchronous transaction.
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { authProviders, users, type User } from "~/db/schema";
import type { SignupInput } from "~/domain/account-schemas";
import { ServiceError } from "~/domain/errors";
import { recordReferralSignup } from "~/services/referrals.server";
import { activeCommunityExists } from "~/services/users.server";
import { dummyPasswordHash, hashPassword, verifyPassword } from "./password.server";

/**
 * Registers a shopper. The e-mail must be free and the community must exist. A neighbour's
 * invitation code (`refCode`) is counted for them in the same transaction; a bad one is ignored.
 */
/**
 * A new account. `communityId` null is a farmer signing up to apply as a vendor (#45): she
 * belongs to no shoppers' community, and may choose one later like anyone.
 */
export async function registerUser(db: Db, input: Omit<SignupInput, "communityId"> & { communityId: string | null }, options: { refCode?: unknown } = {}): Promise<User> {
  // Hashing is slow and async, so it happens before the (synchronous) transaction.
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  return db.transaction(
    (tx) => {
      const taken = tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).get();
      if (taken) throw new ServiceError(409, "validation.emailTaken", "email");
      if (input.communityId !== null && !activeCommunityExists(tx, input.communityId)) {
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
