import { sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";

/** For the container's HEALTHCHECK: 200 when the database answers, 503 otherwise. */
export function loader() {
  try {
    getDb().get(sql`select 1`);
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("healthz: database check failed", error);
    return Response.json({ status: "error" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
