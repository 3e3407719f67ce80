// Demo data: communities with pickup points, tiers and an open weekly cycle; vendors; deals
// with a group per community; the site settings (each value marked as a demo); a demo shopper,
// a demo vendor and a demo admin (credentials in README.md). Only when asked for (DEMO_DATA=1,
// `npm run demo`, `npm run db:seed`): the demo admin's password is public, so a production
// database must never get it by default.
import { eq, sql } from "drizzle-orm";
import { hashPassword, verifyPassword } from "~/auth/password.server";
import { nextCycleDates } from "~/domain/cycle-schedule";
import type { Db } from "~/db/client.server";
import {
  authProviders,
  communities,
  communityTiers,
  deals,
  dealTiers,
  groups,
  pickupPoints,
  users,
  vendors,
  weeklyCycles,
} from "~/db/schema";
import { writeSettings } from "~/services/site-settings.server";
import { seedCommunities, seedDeals, seedSiteSettings, seedVendors } from "./seed-data";

export const DEMO_USER = { email: "demo@shuk.example", password: "shuk-demo-2026", firstName: "נועה", lastName: "כהן" };
export const DEMO_ADMIN = { email: "admin@shuk.example", password: "shuk-admin-2026", firstName: "אבי", lastName: "לוי" };
/** Runs the first seed vendor's shop (its `vendors` row is linked to this account). */
export const DEMO_VENDOR = { email: "vendor@shuk.example", password: "shuk-vendor-2026", firstName: "יוסי", lastName: "מזרחי" };

/** DEMO_DATA=1 asks the server to fill an empty database with the demo data at start. */
export function demoDataRequested(env: Record<string, string | undefined> = process.env): boolean {
  return env.DEMO_DATA === "1";
}

/**
 * The demo accounts that still sign in with their public passwords. A database made with demo
 * data before demo data needed asking for may carry them into production: the server warns.
 */
export async function demoAccountsWithPublicPasswords(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const account of [DEMO_ADMIN, DEMO_VENDOR, DEMO_USER]) {
    const row = db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.email, account.email)).get();
    if (row?.passwordHash && (await verifyPassword(row.passwordHash, account.password))) found.push(account.email);
  }
  return found;
}

function isEmpty(db: Db) {
  const row = db.get<{ n: number }>(sql`select count(*) as n from ${communities}`);
  return row.n === 0;
}

/** Seeds only a database that has no communities yet; safe to call at every start. */
export async function ensureDemoData(db: Db, now = new Date()) {
  if (isEmpty(db)) await seedDatabase(db, now);
}

export async function seedDatabase(db: Db, now = new Date()) {
  const [userHash, adminHash, vendorHash] = await Promise.all([
    hashPassword(DEMO_USER.password),
    hashPassword(DEMO_ADMIN.password),
    hashPassword(DEMO_VENDOR.password),
  ]);

  db.transaction(
    (tx) => {
      // Another process may have seeded while the hashes were computed.
      if (tx.get<{ n: number }>(sql`select count(*) as n from ${communities}`).n > 0) return;

      const vendorIds = new Map<string, string>();
      for (const v of seedVendors) {
        const row = tx
          .insert(vendors)
          .values({ name: v.name, email: v.email, contact: v.contact, description: v.description })
          .returning({ id: vendors.id })
          .get();
        vendorIds.set(v.key, row.id);
      }

      const dealIds: string[] = [];
      seedDeals.forEach((d, index) => {
        const vendorId = vendorIds.get(d.vendorKey);
        if (!vendorId) throw new Error(`Seed deal ${d.slug} names unknown vendor ${d.vendorKey}`);
        const row = tx
          .insert(deals)
          .values({
            vendorId,
            title: d.title,
            slug: d.slug,
            description: d.description,
            images: [d.image],
            category: d.category,
            basePrice: d.basePriceAgorot,
            unit: d.unit,
            minQty: d.minQty,
            maxQty: d.maxQty,
            status: "ACTIVE",
            startAt: now,
            // Spread creation times so "newest first" has a stable, meaningful order.
            createdAt: new Date(now.getTime() - index * 60_000),
          })
          .returning({ id: deals.id })
          .get();
        dealIds.push(row.id);
        for (const tier of d.tiers) {
          tx.insert(dealTiers).values({ dealId: row.id, thresholdQty: tier.thresholdQty, unitPrice: tier.unitPriceAgorot }).run();
        }
      });

      let firstCommunityId: string | undefined;
      for (const c of seedCommunities) {
        const community = tx
          .insert(communities)
          .values({
            name: c.name,
            description: c.description,
            contactPhone: c.contactPhone,
            deadlineDay: c.deadlineWeekday,
            deadlineTime: c.deadlineTime,
            weeklyTargetRevenue: c.targetRevenueAgorot,
          })
          .returning()
          .get();
        firstCommunityId ??= community.id;
        for (const tier of c.tiers) {
          tx.insert(communityTiers)
            .values({ communityId: community.id, minRevenue: tier.minRevenueAgorot, discountPercent: tier.discountPercent, tierName: tier.tierName })
            .run();
        }
        // One after another, a millisecond apart: the first listed is the community's first point.
        c.pickupPoints.forEach((p, index) => {
          tx.insert(pickupPoints).values({ communityId: community.id, ...p, createdAt: new Date(now.getTime() + index) }).run();
        });
        const dates = nextCycleDates({ ...community, points: c.pickupPoints }, now);
        if (!dates) throw new Error(`demo community ${c.key} has no pickup day`);
        const cycle = tx
          .insert(weeklyCycles)
          .values({ communityId: community.id, ...dates, targetRevenue: c.targetRevenueAgorot })
          .returning({ id: weeklyCycles.id })
          .get();
        for (const dealId of dealIds) {
          tx.insert(groups)
            .values({ communityId: community.id, weeklyCycleId: cycle.id, dealId, region: c.city, targetRevenue: c.targetRevenueAgorot })
            .run();
        }
      }

      for (const [person, passwordHash, role] of [
        [DEMO_USER, userHash, "USER"],
        [DEMO_ADMIN, adminHash, "ADMIN"],
        [DEMO_VENDOR, vendorHash, "VENDOR"],
      ] as const) {
        const user = tx
          .insert(users)
          .values({
            email: person.email,
            passwordHash,
            firstName: person.firstName,
            lastName: person.lastName,
            name: `${person.firstName} ${person.lastName}`,
            role,
            communityId: firstCommunityId,
          })
          .returning({ id: users.id })
          .get();
        tx.insert(authProviders).values({ userId: user.id, type: "password", providerId: person.email }).run();
        if (role === "VENDOR") {
          tx.update(vendors).set({ userId: user.id }).where(eq(vendors.id, vendorIds.get(seedVendors[0]!.key)!)).run();
        }
      }
      // The demo market's own details, each saying it is a demo (a real install starts empty).
      writeSettings(tx, seedSiteSettings, now);
    },
    { behavior: "immediate" },
  );
}
