// What a refused request must leave untouched: every row of every business table, hashed.
import Database from "better-sqlite3";
import { createHash } from "node:crypto";

/** A hash of every business table's rows; sign-in bookkeeping (sessions, rate limits, tokens) left out. */
export function businessFingerprint(databasePath: string): string {
  const db = new Database(databasePath, { readonly: true, fileMustExist: true });
  try {
    const hash = createHash("sha256");
    // Sessions and rate-limit rows change with every sign-in, which is not what is checked here;
    // deal_search is an index the first search after a deal's change fills (#47), not business.
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not in ('sessions', 'rate_limits', 'magic_tokens', 'deal_search') order by name")
      .pluck()
      .all() as string[];
    for (const table of tables) {
      // A mail is there or not; its sending goes on by itself after the request (the outbox).
      const columns = table === "mail_outbox" ? "id, to_address, subject, kind" : "*";
      hash.update(table).update(JSON.stringify(db.prepare(`select ${columns} from "${table}" order by rowid`).raw().all()));
    }
    return hash.digest("hex");
  } finally {
    db.close();
  }
}
