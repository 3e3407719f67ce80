import { and, count, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { CATEGORIES, deals, type Category } from "~/db/schema";

export interface CategorySummary {
  category: Category;
  dealCount: number;
  /** An image of one of the category's deals, for the tile. */
  image: string | null;
}

/** The five categories in the spec's order, each with its number of active deals. One query. */
export function categorySummaries(db: Db): CategorySummary[] {
  const rows = db
    .select({
      category: deals.category,
      dealCount: count(),
      image: sql<string | null>`json_extract(min(${deals.images}), '$[0]')`,
    })
    .from(deals)
    .where(and(eq(deals.status, "ACTIVE")))
    .groupBy(deals.category)
    .all();
  return CATEGORIES.map((category) => {
    const row = rows.find((r) => r.category === category);
    return { category, dealCount: row?.dealCount ?? 0, image: row?.image ?? null };
  });
}
