// SQLite compiles a prepared statement again at every run when a bound value could change its
// plan (db/prepared.server.ts, decision record 016, session 21). Two such places are kept out of
// every query of the app by writing them into the SQL's text; these tests walk the source for
// them, so a new query cannot bring the cost back unseen.
import { desc, eq } from "drizzle-orm";
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { openDatabase } from "./client.server";
import { inlined, isTrue } from "./prepared.server";
import { notifications, weeklyCycles } from "./schema";

const appDir = path.resolve(__dirname, "..");
const migrationsDir = path.resolve(__dirname, "../../drizzle");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The text between the parentheses that open at `open`. */
function argumentAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

/** A source file without its comments (they may name `.limit(n)` in prose). */
const codeOf = (file: string) =>
  fs
    .readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/(^|[^:])\/\/.*$/gm, "$1");

const camel = (snake: string) => snake.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

describe("statements compiled once", () => {
  it("writes inlined limits and partial-index conditions into the SQL's text", () => {
    const db = openDatabase(":memory:");
    const newest = db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, "u")).orderBy(desc(notifications.createdAt)).limit(inlined(6)).offset(inlined(12)).toSQL();
    expect(newest.sql).toMatch(/ limit 6 offset 12$/);
    expect(newest.params).toEqual(["u"]);
    const open = db.select({ id: weeklyCycles.id }).from(weeklyCycles).where(isTrue(weeklyCycles.isActive)).toSQL();
    expect(open.sql).toMatch(/"is_active" = 1$/);
    expect(open.params).toEqual([]);
    db.$client.close();
  });

  it("refuses anything but an integer as an inlined limit", () => {
    for (const bad of [2.5, Number.NaN, Infinity, 2 ** 60]) expect(() => inlined(bad)).toThrow(RangeError);
    expect(() => inlined(-1)).not.toThrow();
  });

  it("gives every .limit() and .offset() of the app an inlined integer or the one limit placeholder", () => {
    const bound: string[] = [];
    for (const file of sourceFiles(appDir)) {
      const text = codeOf(file);
      for (const match of text.matchAll(/\.(limit|offset)\(/g)) {
        const argument = argumentAt(text, match.index + match[0].length - 1).trim();
        // A placeholder is allowed for a limit a client chooses (the deal lists, a deal's
        // reviews): one statement per number asked for would be a statement per number.
        if (argument.startsWith("inlined(") || argument === 'sql.placeholder("limit")') continue;
        bound.push(`${path.relative(appDir, file)}: .${match[1]}(${argument})`);
      }
    }
    expect(bound).toEqual([]);
  });

  it("never binds the value a partial index is conditioned on", () => {
    const partialIndexes = fs
      .readdirSync(migrationsDir)
      .filter((name) => name.endsWith(".sql"))
      .flatMap((name) => [...fs.readFileSync(path.join(migrationsDir, name), "utf8").matchAll(/CREATE (?:UNIQUE )?INDEX `\w+` ON `(\w+)` \([^)]*\) WHERE (\w+) = /g)])
      .map(([, table, column]) => `eq(${camel(table)}.${camel(column)},`);
    expect(partialIndexes).toContain("eq(weeklyCycles.isActive,");
    const bound: string[] = [];
    for (const file of sourceFiles(appDir)) {
      const text = codeOf(file);
      for (const condition of partialIndexes) if (text.includes(condition)) bound.push(`${path.relative(appDir, file)}: ${condition}`);
    }
    expect(bound).toEqual([]);
  });
});
