// The search behind the admin lists (issue #17): `column LIKE %q%` on any of the columns, with
// LIKE's own wildcards in q taken literally. One helper for the dashboard's tabs and the lists.
import { or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { containsPattern } from "~/domain/list-query";

export function containsAny(q: string, columns: SQLiteColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = containsPattern(q);
  return or(...columns.map((column) => sql`${column} like ${pattern} escape '\\'`));
}
