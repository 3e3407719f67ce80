// Hot queries of a fixed shape (a session by its hash, a community's week, the header's counts)
// run on every signed-in request. drizzle builds a query's SQL from its parts each time it runs,
// which a profile of a signed-in page put at 10-15 % of the worker's CPU (decision record 016);
// a query prepared once with placeholders (`sql.placeholder("name")`) skips that and runs on
// the same SQLite statement each time.
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { connectionOf, type Queryable } from "./client.server";

/**
 * `build` runs once per connection (a test's database, the worker's one) and its prepared query
 * is handed back after that. Placeholders are bound as they are: a timestamp column takes the
 * number of milliseconds, not a Date (drizzle encodes values, not placeholders).
 */
export function preparedQuery<Query>(build: (db: Queryable) => Query): (db: Queryable) => Query {
  const byConnection = new WeakMap<object, Query>();
  return (db) => {
    const connection = connectionOf(db);
    let query = byConnection.get(connection);
    if (!query) {
      query = build(db);
      byConnection.set(connection, query);
    }
    return query;
  };
}

/**
 * Prepared queries whose SQL depends on a few switches (which filters are on, the sort) and whose
 * values are all placeholders: one statement per shape, made the first time that shape is asked
 * for. `keyOf` must name everything `build` reads of the shape.
 */
export function preparedQueryByShape<Shape, Query>(keyOf: (shape: Shape) => string, build: (db: Queryable, shape: Shape) => Query): (db: Queryable, shape: Shape) => Query {
  const byKey = new Map<string, (db: Queryable) => Query>();
  return (db, shape) => {
    const key = keyOf(shape);
    let query = byKey.get(key);
    if (!query) byKey.set(key, (query = preparedQuery((connection) => build(connection, shape))));
    return query(db);
  };
}

// SQLite compiles a prepared statement again, at its next run, whenever a value is bound where
// that value could change the plan; we bind new values on every run, so such a statement is
// parsed and planned on every request however "prepared once" it is. Two places in our SQL did
// it (decision record 016, session 21), and both are now written into the statement's text:
// - LIMIT and OFFSET: SQLite reads a bound limit's value to plan the query, and drizzle binds
//   every `.limit(n)`. The header's newest notifications took 113-145 µs a signed-in page with
//   `limit ?`, 30-64 µs with `limit 6` (two runs).
// - the condition of a partial index: `weekly_cycles_one_active_per_community` covers the rows
//   with `is_active = 1`, and `is_active = ?` lets the planner use it only for the value bound
//   at the time. A checkout's read of its community's week took 40-43 µs that way.

/** An integer for `.limit()` or `.offset()`, written into the SQL's text instead of bound. */
export function inlined(count: number): number {
  if (!Number.isSafeInteger(count)) throw new RangeError(`A LIMIT or OFFSET must be an integer, not ${count}`);
  // drizzle writes an SQL chunk given as a limit or offset into the text as it is; its types
  // only name numbers and placeholders.
  return sql.raw(String(count)) as unknown as number;
}

/** `column = 1` as text, for a boolean column a partial index is conditioned on. */
export function isTrue(column: SQLiteColumn): SQL {
  return sql`${column} = 1`;
}

/** `column = 0` as text, for the same columns (a bound 0 would keep SQLite off the index). */
export function isFalse(column: SQLiteColumn): SQL {
  return sql`${column} = 0`;
}
