// The deal search's index (issue #47): each deal's title and text as Hebrew-aware search terms
// (domain/hebrew-search.ts) in deal_search, and the SQL that finds a query's needles in them.
// Migration 0010's triggers drop a deal's row whenever its title or text is written, by whatever
// writer; fillDealSearch computes the rows that are missing, so a search never reads stale terms.
// A search reads the terms once (searchDeals) and hands the ids it found to the list statements.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { deals, dealSearch } from "~/db/schema";
import { searchNeedlesOf, searchTermsOf } from "~/domain/hebrew-search";

const dealsWithoutTerms = preparedQuery((db) =>
  db
    .select({ id: deals.id, title: deals.title, description: deals.description })
    .from(deals)
    .where(sql`not exists (select 1 from ${dealSearch} where ${dealSearch.dealId} = ${deals.id})`)
    .prepare(),
);
const dropOrphanTerms = preparedQuery((db) => db.delete(dealSearch).where(sql`${dealSearch.dealId} not in (select ${deals.id} from ${deals})`).prepare());
const insertTerms = preparedQuery((db) =>
  db
    .insert(dealSearch)
    .values({ dealId: sql.placeholder("dealId"), titleTerms: sql.placeholder("titleTerms"), allTerms: sql.placeholder("allTerms") })
    .onConflictDoNothing()
    .prepare(),
);

/** How many deals have no terms: the triggers keep deal_search's rows a subset of the deals'. */
const dealsLeftToFill = preparedQuery((db) => db.select({ n: sql<number>`(select count(*) from ${deals}) - (select count(*) from ${dealSearch})` }).from(sql`(select 1)`).prepare());

/**
 * Writes the terms of every deal that has none (new, edited, or there before migration 0010).
 * Nothing to do is two counts; otherwise the read and the writes share one immediate
 * transaction, so a title changed meanwhile cannot leave the terms of its old text behind.
 */
export function fillDealSearch(db: Db): number {
  if ((dealsLeftToFill(db).get()?.n ?? 0) === 0) return 0;
  return db.transaction(
    (tx) => {
      // The triggers leave no row of a deleted deal; one left anyway would make the counts lie.
      dropOrphanTerms(tx).run();
      const missing = dealsWithoutTerms(tx).all();
      for (const deal of missing) {
        insertTerms(tx).run({ dealId: deal.id, titleTerms: searchTermsOf(deal.title), allTerms: searchTermsOf(deal.title, deal.description) });
      }
      return missing.length;
    },
    { behavior: "immediate" },
  );
}

/**
 * True when each group of needles (a JSON array of arrays) has one found in `terms`. One
 * statement for any query: the words are data, not SQL.
 */
function everyGroupFound(terms: SQL): SQL {
  return sql`not exists (select 1 from json_each(${sql.placeholder("needles")}) as word
    where not exists (select 1 from json_each(word.value) as needle where instr(${terms}, needle.value) > 0))`;
}

const dealsFound = preparedQuery((db) =>
  db
    .select({ dealId: dealSearch.dealId, inTitle: sql<number>`${everyGroupFound(sql`${dealSearch.titleTerms}`)}` })
    .from(dealSearch)
    .where(everyGroupFound(sql`${dealSearch.allTerms}`))
    .prepare(),
);

/** What a search found, as the JSON arrays of ids a list statement takes (see matchesSearch). */
export interface SearchFound {
  /** every deal whose title or text holds every word */
  found: string;
  /** those whose title alone does */
  foundInTitle: string;
}

/**
 * The deals a search text finds, by one pass over the terms (the bench's 500 deals: well under a
 * millisecond), filling any missing terms first. The list and its count then read these ids.
 */
export function searchDeals(db: Db, q: string): SearchFound {
  fillDealSearch(db);
  const rows = dealsFound(db).all({ needles: JSON.stringify(searchNeedlesOf(q)) });
  return { found: JSON.stringify(rows.map((r) => r.dealId)), foundInTitle: JSON.stringify(rows.filter((r) => r.inTitle).map((r) => r.dealId)) };
}

/** The deals a search found (`found` bound to the statement). */
export function matchesSearch(): SQL {
  return sql`${deals.id} in (select value from json_each(${sql.placeholder("found")}))`;
}

/** 0 for a deal found by its title, 1 for one found by its text alone: sorts title matches first. */
export function searchRank(): SQL {
  return sql`(${deals.id} not in (select value from json_each(${sql.placeholder("foundInTitle")})))`;
}
