// The vendor an account runs. The vendor guard (app/auth) and the vendor pages ask it.
import { eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { vendors, type User } from "~/db/schema";

export type Vendor = typeof vendors.$inferSelect;

/** The vendor an account runs, or null (not a VENDOR, or not linked yet). */
export function vendorOfUser(db: Queryable, user: Pick<User, "id" | "role">): Vendor | null {
  if (user.role !== "VENDOR") return null;
  return db.select().from(vendors).where(eq(vendors.userId, user.id)).get() ?? null;
}
