// A deal and a group by id: read by every cart change and every checkout line, prepared once
// (db/prepared.server.ts) for both.
import { eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { deals, groups } from "~/db/schema";

const dealQuery = preparedQuery((db) => db.select().from(deals).where(eq(deals.id, sql.placeholder("id"))).prepare());
const groupQuery = preparedQuery((db) => db.select().from(groups).where(eq(groups.id, sql.placeholder("id"))).prepare());

export function dealRow(db: Queryable, id: string) {
  return dealQuery(db).get({ id });
}

export function groupRow(db: Queryable, id: string) {
  return groupQuery(db).get({ id });
}
