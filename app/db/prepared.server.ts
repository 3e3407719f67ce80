// Hot queries of a fixed shape (a session by its hash, a community's week, the header's counts)
// run on every signed-in request. drizzle builds a query's SQL from its parts each time it runs,
// which a profile of a signed-in page put at 10-15 % of the worker's CPU (decision record 016);
// a query prepared once with placeholders (`sql.placeholder("name")`) skips that and runs on
// the same SQLite statement each time.
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
