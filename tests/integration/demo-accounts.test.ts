// A database made with demo data keeps accounts whose passwords README.md prints; started
// without DEMO_DATA the server names them so the operator can close them.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hashPassword } from "~/auth/password.server";
import { users } from "~/db/schema";
import { DEMO_ADMIN, DEMO_USER, DEMO_VENDOR, demoAccountsWithPublicPasswords } from "~/demo/seed.server";
import { useTestDatabase } from "../support/test-db";

const db = useTestDatabase();

describe("demo accounts with public passwords", () => {
  it("finds every demo account that still signs in with its README password, and none once changed", async () => {
    expect((await demoAccountsWithPublicPasswords(db())).sort()).toEqual([DEMO_ADMIN.email, DEMO_USER.email, DEMO_VENDOR.email].sort());
    db().update(users).set({ passwordHash: await hashPassword("a-new-private-password") }).where(eq(users.email, DEMO_ADMIN.email)).run();
    db().delete(users).where(eq(users.email, DEMO_USER.email)).run();
    expect(await demoAccountsWithPublicPasswords(db())).toEqual([DEMO_VENDOR.email]);
  });
});
