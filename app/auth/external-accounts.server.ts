import { and, eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { AUTH_PROVIDER_TYPES, authProviders, users, type User } from "~/db/schema";

export interface ExternalProfile {
  provider: (typeof AUTH_PROVIDER_TYPES)[number];
  /** the provider's stable id for the person ("sub") */
  subject: string;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * The account an external sign-in belongs to: the one already linked to this provider id,
 * else the account with the same e-mail (now linked), else a new account (no community yet).
 */
export function signInExternal(db: Db, profile: ExternalProfile): { user: User; created: boolean } {
  const email = profile.email.trim().toLowerCase();
  return db.transaction(
    (tx) => {
      const linked = tx
        .select({ user: users })
        .from(authProviders)
        .innerJoin(users, eq(users.id, authProviders.userId))
        .where(and(eq(authProviders.type, profile.provider), eq(authProviders.providerId, profile.subject)))
        .get();
      const now = new Date();
      if (linked) {
        return { user: tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, linked.user.id)).returning().get()!, created: false };
      }
      let user = tx.select().from(users).where(eq(users.email, email)).get();
      const created = !user;
      if (!user) {
        const name = [profile.firstName, profile.lastName].filter(Boolean).join(" ") || null;
        user = tx.insert(users).values({ email, firstName: profile.firstName ?? null, lastName: profile.lastName ?? null, name, lastLoginAt: now }).returning().get();
      } else {
        user = tx.update(users).set({ lastLoginAt: now }).where(eq(users.id, user.id)).returning().get()!;
      }
      tx.insert(authProviders).values({ userId: user.id, type: profile.provider, providerId: profile.subject, meta: { email } }).run();
      return { user, created };
    },
    { behavior: "immediate" },
  );
}
