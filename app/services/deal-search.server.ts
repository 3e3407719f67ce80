// The deal search's index (issue #47): each deal's title and text as Hebrew-aware search terms
// (domain/hebrew-search.ts) in deal_search, and the SQL that finds a query's needles in them.
// Migration 0010's triggers drop a deal's row whenever its title or text is written, by whatever
// writer; fillDealSearch computes the rows that are missing, so a search never reads stale terms.
import { sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { deals, dealSearch } from "~/db/schema";
import { searchTermsOf } from "~/domain/hebrew-search";

const dealsWithoutTerms = preparedQuery((db) =>
  db
    .select({ id: deals.id, title: deals.title, description: deals.description })
    .from(deals)
    .where(sql`not exists (select 1 from ${dealSearch} where ${dealSearch.dealId} = ${deals.id})`)
    .prepare(),
);
const insertTerms = preparedQuery((db) =>
  db
    .insert(dealSearch)
    .values({ dealId: sql.placeholder("dealId"), titleTerms: sql.placeholder("titleTerms"), allTerms: sql.placeholder("allTerms") })
    .onConflictDoNothing()
    .prepare(),
);

/**
 * Writes the terms of every deal that has none (new, edited, or there before migration 0010).
 * Nothing to do is one read; otherwise the read and the writes share one immediate transaction,
 * so a title changed meanwhile cannot leave the terms of its old text behind.
 */
export function fillDealSearch(db: Db): number {
  if (dealsWithoutTerms(db).all().length === 0) return 0;
  return db.transaction(
    (tx) => {
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
 * True when each group of needles (a JSON array of arrays, bound to `placeholder`) has one found
 * in `terms`. One statement for any query: the words are data, not SQL.
 */
function everyGroupFound(terms: SQL, placeholder: string): SQL {
  return sql`not exists (select 1 from json_each(${sql.placeholder(placeholder)}) as word
    where not exists (select 1 from json_each(word.value) as needle where instr(${terms}, needle.value) > 0))`;
}

/** The deals whose title or text holds every word searched for. */
export function matchesSearch(placeholder: string): SQL {
  return sql`${deals.id} in (select ${dealSearch.dealId} from ${dealSearch} where ${everyGroupFound(sql`${dealSearch.allTerms}`, placeholder)})`;
}

/** 0 for a deal whose title holds every word searched for, 1 for one found by its text alone: sorts title matches first. */
export function searchRank(placeholder: string): SQL {
  return sql`(select case when ${everyGroupFound(sql`${dealSearch.titleTerms}`, placeholder)} then 0 else 1 end
    from ${dealSearch} where ${dealSearch.dealId} = ${deals.id})`;
}
