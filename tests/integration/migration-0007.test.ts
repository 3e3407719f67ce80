// Migration 0007 (issue #45) on a database as migration 0006 left it, with communities, pickup
// points, cycles, groups, orders and the rest: each community's own address and time become its
// first pickup point (unless a point has that address), pickup orders without a point get it, the
// community's pickup columns go, and no other row is lost on the way (the communities table is
// rebuilt, and every child table must keep its rows).
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { migrateDatabase, MIGRATIONS_FOLDER, openDatabase } from "~/db/client.server";

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A folder with migrations 0000-0006 only, and a database file migrated to there. */
function databaseAt0006() {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-migration-0007-"));
  const folder = path.join(dir, "drizzle");
  fs.mkdirSync(path.join(folder, "meta"), { recursive: true });
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= 6);
  for (const entry of journal.entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
  const file = path.join(dir, "app.db");
  const sqlite = new Database(file);
  sqlite.pragma("foreign_keys = OFF");
  migrate(drizzle({ client: sqlite }), { migrationsFolder: folder });
  sqlite.pragma("foreign_keys = ON");
  return { file, sqlite };
}

const DAY = 24 * 60 * 60 * 1000;

/** Three communities: one with no point, one whose point has its address, one with other points. */
function populate(sqlite: Database.Database) {
  const run = (statement: string, ...values: unknown[]) => sqlite.prepare(statement).run(...values);
  const t0 = Date.UTC(2026, 0, 1);
  run("INSERT INTO communities (id, name, pickup_day, pickup_time, pickup_address, contact_phone, created_at) VALUES ('c-bare', 'Bare', 5, '09:00', 'Community centre, Herzl 1', '050-1111111', ?)", t0);
  run("INSERT INTO communities (id, name, pickup_day, pickup_time, pickup_address, created_at) VALUES ('c-same', 'Same', 3, '16:00', 'Garden, Oak 5', ?)", t0);
  run("INSERT INTO communities (id, name, pickup_day, pickup_time, pickup_address, created_at) VALUES ('c-late', 'Late', 4, '22:30', 'Hall, Pine 9', ?)", t0);
  // c-same already has a point at its address (other case and spacing): no second one.
  run("INSERT INTO pickup_points (id, community_id, address, pickup_days, pickup_start_time, pickup_end_time, created_at) VALUES ('p-same', 'c-same', ' garden, OAK 5 ', '[3]', '16:00', '19:00', ?)", t0 + DAY);
  // c-late has another point, and a retired one at its address (retired does not count).
  run("INSERT INTO pickup_points (id, community_id, address, pickup_days, pickup_start_time, pickup_end_time, created_at) VALUES ('p-other', 'c-late', 'Library, Elm 2', '[5]', '08:30', '13:00', ?)", t0 + DAY);
  run("INSERT INTO pickup_points (id, community_id, address, pickup_days, pickup_start_time, pickup_end_time, is_active, created_at) VALUES ('p-retired', 'c-late', 'Hall, Pine 9', '[4]', '10:00', '11:00', 0, ?)", t0 + 2 * DAY);
  for (const c of ["c-bare", "c-same", "c-late"]) {
    run("INSERT INTO community_tiers (id, community_id, min_revenue, discount_percent) VALUES (?, ?, 100000, 5)", `tier-${c}`, c);
    run("INSERT INTO weekly_cycles (id, community_id, week_start_date, order_deadline, pickup_date) VALUES (?, ?, '2026-11-22', ?, ?)", `cycle-${c}`, c, t0 + 10 * DAY, t0 + 12 * DAY);
  }
  run("INSERT INTO users (id, email, community_id) VALUES ('u1', 'a@example.com', 'c-bare'), ('u2', 'b@example.com', 'c-late'), ('u3', 'c@example.com', 'c-same')");
  run("INSERT INTO vendors (id, name, user_id) VALUES ('v1', 'Farm', 'u1')");
  run("INSERT INTO deals (id, vendor_id, title, slug, category, base_price, unit) VALUES ('d1', 'v1', 'Tomatoes', 'tomatoes', 'vegetables', 4000, 'kg')");
  run("INSERT INTO deal_tiers (id, deal_id, threshold_qty, unit_price) VALUES ('dt1', 'd1', 5, 3500)");
  for (const c of ["c-bare", "c-same", "c-late"]) run("INSERT INTO groups (id, community_id, weekly_cycle_id, deal_id) VALUES (?, ?, ?, 'd1')", `g-${c}`, c, `cycle-${c}`);
  const order = (id: string, user: string, community: string, type: string, point: string | null) =>
    run(
      "INSERT INTO orders (id, user_id, deal_id, group_id, community_id, weekly_cycle_id, pickup_point_id, qty, unit_price_at_purchase, original_total, total, delivery_type) VALUES (?, ?, 'd1', ?, ?, ?, ?, 1, 4000, 4000, 4000, ?)",
      id, user, `g-${community}`, community, `cycle-${community}`, point, type,
    );
  order("o-bare", "u1", "c-bare", "PICKUP", null);
  order("o-bare-home", "u1", "c-bare", "DELIVERY", null);
  order("o-late", "u2", "c-late", "PICKUP", null);
  order("o-late-point", "u2", "c-late", "PICKUP", "p-other");
  order("o-same", "u3", "c-same", "PICKUP", null);
  run("INSERT INTO cart_items (id, user_id, deal_id, group_id) VALUES ('ci1', 'u2', 'd1', 'g-c-late')");
  run("INSERT INTO reviews (id, user_id, deal_id, order_id, rating) VALUES ('r1', 'u1', 'd1', 'o-bare', 5)");
  run("INSERT INTO referrals (id, ref_code, created_by_user_id, deal_id, community_id) VALUES ('ref1', 'ABC123', 'u1', 'd1', 'c-bare')");
  run("INSERT INTO notifications (id, user_id, type, title, message) VALUES ('n1', 'u1', 'GROUP_COMPLETE', 't', 'm')");
  run("INSERT INTO favorites (id, user_id, deal_id) VALUES ('f1', 'u3', 'd1')");
  run("INSERT INTO addresses (id, user_id, city, street) VALUES ('a1', 'u1', 'Haifa', 'Herzl 1')");
}

function rowCounts(sqlite: Database.Database): Record<string, number> {
  const tables = sqlite.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY name").pluck().all() as string[];
  return Object.fromEntries(tables.map((t) => [t, sqlite.prepare(`SELECT count(*) FROM "${t}"`).pluck().get() as number]));
}

describe("migration 0007: one pickup concept", () => {
  it("makes each community's own place its first pickup point, points its pickup orders there, drops the columns and loses no row", () => {
    const { file, sqlite } = databaseAt0006();
    populate(sqlite);
    const before = rowCounts(sqlite);
    const cyclesBefore = sqlite.prepare("SELECT * FROM weekly_cycles ORDER BY id").all();
    sqlite.close();

    const db = openDatabase(file);
    migrateDatabase(db);
    const after = db.$client;

    // Every table keeps its rows; pickup_points gains one each for c-bare and c-late only.
    // (The later migrations' new tables start empty.)
    expect(rowCounts(after)).toEqual({ ...before, pickup_points: before.pickup_points + 2, mail_outbox: 0, deal_search: 0, vendor_payouts: 0, deal_pictures: 0 });
    expect(after.pragma("foreign_key_check")).toEqual([]);
    // The columns the weeks had; later migrations may add more (0009: digest_mailed_at).
    const columnsBefore = Object.keys(cyclesBefore[0] as object);
    const cyclesAfter = (after.prepare("SELECT * FROM weekly_cycles ORDER BY id").all() as Record<string, unknown>[]).map((row) => Object.fromEntries(columnsBefore.map((column) => [column, row[column]])));
    expect(cyclesAfter).toEqual(cyclesBefore);
    expect(after.prepare("SELECT community_id FROM users ORDER BY id").pluck().all()).toEqual(["c-bare", "c-late", "c-same"]);

    const columns = (after.prepare("PRAGMA table_info(communities)").all() as { name: string }[]).map((c) => c.name);
    expect(columns).not.toContain("pickup_day");
    expect(columns).not.toContain("pickup_time");
    expect(columns).not.toContain("pickup_address");

    const pointsOf = (community: string) =>
      after.prepare("SELECT id, address, pickup_days, pickup_start_time, pickup_end_time, contact_phone, is_active FROM pickup_points WHERE community_id = ? ORDER BY created_at, id").all(community) as Record<string, unknown>[];
    const [bare] = pointsOf("c-bare");
    expect(bare).toMatchObject({ address: "Community centre, Herzl 1", pickup_days: "[5]", pickup_start_time: "09:00", pickup_end_time: "12:00", contact_phone: "050-1111111", is_active: 1 });
    expect(bare!.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(pointsOf("c-same").map((p) => p.id)).toEqual(["p-same"]);
    // The new point comes first, before the community's older points; a late start ends at 23:59.
    const late = pointsOf("c-late");
    expect(late.map((p) => p.address)).toEqual(["Hall, Pine 9", "Library, Elm 2", "Hall, Pine 9"]);
    expect(late[0]).toMatchObject({ pickup_days: "[4]", pickup_start_time: "22:30", pickup_end_time: "23:59", is_active: 1 });

    const pointOf = (order: string) => after.prepare("SELECT pickup_point_id FROM orders WHERE id = ?").pluck().get(order);
    expect(pointOf("o-bare")).toBe(bare!.id);
    expect(pointOf("o-bare-home")).toBeNull();
    expect(pointOf("o-late")).toBe(late[0]!.id);
    expect(pointOf("o-late-point")).toBe("p-other");
    expect(pointOf("o-same")).toBe("p-same");
    db.$client.close();
  });
});
