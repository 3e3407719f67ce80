// Deal search that understands Hebrew (issue #47), on the demo catalogue's real titles: what a
// shopper types (singular or plural, with ה and the other prefixes, with niqqud, in the wrong
// keyboard layout) and the deals it must and must not find, title matches first. The same
// service answers /deals and /api/deals; odd input is never a 500; the index follows every
// write of a deal's title or text, by whatever writer.
import Database from "better-sqlite3";
import { eq, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { migrateDatabase, MIGRATIONS_FOLDER, openDatabase } from "~/db/client.server";
import { deals, dealSearch } from "~/db/schema";
import { seedDeals } from "~/demo/seed-data";
import { parseDealQuery } from "~/domain/deal-query";
import { listDealCards } from "~/services/deals.server";
import { useTestDatabase } from "../support/test-db";
import { useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

const guest = { userId: null, communityId: null };
const titlesFound = (q: string) => listDealCards(db(), parseDealQuery(new URLSearchParams({ q })), guest).cards.map((card) => card.title);

const TOMATOES = ["עגבניות שרי אדומות", "עגבניות שדה"];
const APPLES = ["תפוחי עץ פינק ליידי", "תפוחי עץ גרני סמית"];
const MUSHROOMS = ["פטריות שמפיניון לבנות", "פטריות פורטובלו", "פטריות יער (פלרוטוס)", "פטריות שיטאקי", "פטריות מלך היער"];
const SPROUTS = ["נבטי אלפלפה", "נבטי מש (מונג)", "נבטי ברוקולי", "נבטי חמנייה", "נבטי אפונה", "נבטי צנונית"];

/** [what she types, deals it must find, deals it must not find]. */
const CASES: [string, string[], string[]][] = [
  ["עגבניה", TOMATOES, ["מלפפונים"]],
  ["עגבנייה", TOMATOES, []],
  ["עגבניות", TOMATOES, []],
  ["העגבניות", TOMATOES, []],
  ["ועגבניות", TOMATOES, []],
  ["עַגְבָנִיָּה", TOMATOES, []],
  ["עגב", TOMATOES, []],
  ["gdcbhv", TOMATOES, []],
  ["עגבניות שרי", ["עגבניות שרי אדומות"], ["עגבניות שדה"]],
  ["שרי עגבנייה", ["עגבניות שרי אדומות"], ["עגבניות שדה"]],
  ["מלפפון", ["מלפפונים"], ["פלפל אדום", "פלפל צהוב"]],
  ["מלפפונים", ["מלפפונים"], []],
  ["המלפפונים", ["מלפפונים"], []],
  ["nkppui", ["מלפפונים"], []],
  ["פלפל", ["פלפל אדום", "פלפל צהוב"], ["מלפפונים"]],
  ["תפוח", [...APPLES, "תפוחי אדמה"], ["אבטיח"]],
  ["תפוחים", [...APPLES, "תפוחי אדמה"], []],
  ["תפוח עץ", APPLES, ["תפוחי אדמה"]],
  ["תפוחי אדמה", ["תפוחי אדמה"], APPLES],
  ["פטריה", MUSHROOMS, ["שמפיניון חום"]],
  ["פטרייה", MUSHROOMS, []],
  ["הפטריות", MUSHROOMS, []],
  ["שמפיניון", ["פטריות שמפיניון לבנות", "שמפיניון חום"], ["פטריות שיטאקי"]],
  ["נבט", SPROUTS, []],
  ["נבטים", SPROUTS, []],
  ["תות", ["תותי שדה"], []],
  ["תותים", ["תותי שדה"], []],
  ["אבטיחים", ["אבטיח"], []],
  ["מלונים", ["מלון גליה"], []],
  ["שזיף", ["שזיפים אדומים"], []],
  ["דובדבן", ["דובדבנים"], []],
  ["תמרים", ["תמרי מג׳הול"], []],
  ["מג'הול", ["תמרי מג׳הול"], []],
  ["אגס", ["אגסי ספדונה"], []],
  ["ענב", ["ענבים ירוקים ללא חרצנים"], []],
  ["חסה", ["חסה ערבית"], ["חצילים"]],
  ["סגול", ["בצל סגול", "כרוב סגול"], []],
  ["אדום", ["פלפל אדום", "שזיפים אדומים", "עגבניות שרי אדומות"], ["פלפל צהוב"]],
  ["בָּזִילִיקוּם", ["בזיליקום"], []],
  ["שמן זית", ["עגבניות שרי אדומות", "כרוב סגול", "זעתר טרי"], ["מלפפונים"]],
];

const catalogue = new Set(seedDeals.map((deal) => deal.title));

describe("a shopper's search on the demo catalogue", () => {
  it("names only deals of the demo seed", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    for (const [, found, notFound] of CASES) for (const title of [...found, ...notFound]) expect(catalogue, title).toContain(title);
  });

  it.each(CASES)("%s", (q, found, notFound) => {
    const titles = titlesFound(q);
    for (const title of found) expect(titles, `${q} finds ${title}`).toContain(title);
    for (const title of notFound) expect(titles, `${q} does not find ${title}`).not.toContain(title);
  });

  it("lists deals found by their title before those found by their text alone", () => {
    // בצל is the title of one deal and in the text of others (ליד הבצל, עם בצל).
    const onions = titlesFound("בצל");
    expect(onions[0]).toBe("בצל סגול");
    expect(onions.length).toBeGreaterThan(1);
    // Basil's text has "סלט עגבניות": after both tomato deals.
    const tomatoes = titlesFound("עגבניה");
    expect(tomatoes.slice(0, 2).sort()).toEqual([...TOMATOES].sort());
    expect(tomatoes.slice(2)).toEqual(["בזיליקום"]);
    // A sort she chose stays hers: cheapest first, title match or not.
    const cheapest = listDealCards(db(), parseDealQuery(new URLSearchParams({ q: "בצל", sort: "price_asc" })), guest).cards;
    expect(cheapest.map((card) => card.title).sort()).toEqual([...onions].sort());
    expect(cheapest.map((card) => card.basePrice)).toEqual(cheapest.map((card) => card.basePrice).sort((a, b) => a - b));
  });

  it("finds nothing for a word no deal has", () => {
    expect(titlesFound("אננס")).toEqual([]);
    expect(titlesFound("zzz")).toEqual([]);
  });
});

describe("the index follows the deals", () => {
  it("a title or text written by any writer, even raw SQL, is searched as it is now", () => {
    const cucumbers = db().select().from(deals).where(eq(deals.title, "מלפפונים")).get()!;
    expect(titlesFound("מלפפון")).toContain("מלפפונים");
    db().update(deals).set({ title: "קולורבי", description: "קולורבי סגול ופריך" }).where(eq(deals.id, cucumbers.id)).run();
    expect(titlesFound("מלפפון")).not.toContain("קולורבי");
    expect(titlesFound("הקולורבי")).toEqual(["קולורבי"]);
    // As the bench's seeder writes: plain SQL, no service.
    db().run(sql`update deals set description = 'קולורבי עם שמנת' where id = ${cucumbers.id}`);
    expect(titlesFound("שמנת")).toEqual(["קולורבי"]);
    db().run(sql`insert into deals (id, vendor_id, title, slug, category, base_price, unit, status) values ('raw-deal', ${cucumbers.vendorId}, 'אננסים מתוקים', 'raw-pineapple', 'fruits', 1500, 'יחידה', 'ACTIVE')`);
    expect(titlesFound("אננס")).toEqual(["אננסים מתוקים"]);
    // A deleted deal leaves no row behind.
    db().delete(deals).where(eq(deals.id, "raw-deal")).run();
    expect(db().select().from(dealSearch).where(eq(dealSearch.dealId, "raw-deal")).all()).toEqual([]);
  });
});

describe("migration 0010", () => {
  it("leaves the deals that were there before it searchable", () => {
    // A database as migration 0009 left it, with a deal in it.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-migration-0010-"));
    try {
      const folder = path.join(dir, "drizzle");
      fs.mkdirSync(path.join(folder, "meta"), { recursive: true });
      const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"));
      journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= 9);
      for (const entry of journal.entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
      fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify(journal));
      const file = path.join(dir, "app.db");
      const sqlite = new Database(file);
      migrate(drizzle({ client: sqlite }), { migrationsFolder: folder });
      sqlite.exec("INSERT INTO users (id, email) VALUES ('u1', 'a@example.com'); INSERT INTO vendors (id, name, user_id) VALUES ('v1', 'משק', 'u1')");
      sqlite.exec("INSERT INTO deals (id, vendor_id, title, slug, category, base_price, unit, status) VALUES ('d1', 'v1', 'עגבניות שרי', 'cherry', 'vegetables', 990, 'ק״ג', 'ACTIVE')");
      sqlite.close();

      const migrated = openDatabase(file);
      try {
        migrateDatabase(migrated);
        const found = listDealCards(migrated, parseDealQuery(new URLSearchParams({ q: "העגבנייה" })), guest);
        expect(found.cards.map((card) => card.title)).toEqual(["עגבניות שרי"]);
      } finally {
        migrated.$client.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("over HTTP", () => {
  it("/api/deals finds what /deals finds, in the same order", async () => {
    for (const q of ["עגבנייה", "gdcbhv", "בצל", "תפוח עץ"]) {
      const response = await app.fetch(`/api/deals?q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(200);
      const body = (await response.json()) as { title: string }[];
      expect(body.map((deal) => deal.title), q).toEqual(titlesFound(q));
      expect(response.headers.get("X-Total-Count")).toBe(String(body.length));
      const page = await (await app.fetch(`/deals?q=${encodeURIComponent(q)}`)).text();
      for (const title of body.map((deal) => deal.title)) expect(page).toContain(title);
    }
  });

  it("odd input is never a 500: the empty state, or what the words in it find", async () => {
    const odd = ['"', "*", "NEAR(", "-", '"עגבניות', "עגבניות*", "a OR b", "'; drop table deals; --", "%", "_", "\\", "🍅", "\u200f", "\u0000", "()", "ע".repeat(1000), `${"עגבניות ".repeat(40)}"`];
    for (const q of odd) {
      const page = await app.fetch(`/deals?q=${encodeURIComponent(q)}`);
      expect(page.status, q.slice(0, 20)).toBe(200);
      const api = await app.fetch(`/api/deals?q=${encodeURIComponent(q)}`);
      expect(api.status, q.slice(0, 20)).toBe(200);
    }
    for (const q of ['"', "*", "NEAR(", "-", "()", "%", "אננס"]) {
      expect(await (await app.fetch(`/deals?q=${encodeURIComponent(q)}`)).text(), q).toContain('data-testid="deals-empty"');
    }
    expect(await (await app.fetch(`/deals?q=${encodeURIComponent('"עגבניות*')}`)).text()).toContain("עגבניות שדה");
  });
});
