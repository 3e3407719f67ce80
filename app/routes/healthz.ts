import { sql } from "drizzle-orm";
import { dbContext } from "~/context";
import type { Route } from "./+types/healthz";

/** For the container's HEALTHCHECK: 200 when the database answers, 503 otherwise. */
export function loader({ context }: Route.LoaderArgs) {
  try {
    context.get(dbContext).get(sql`select 1`);
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("healthz: database check failed", error);
    return Response.json({ status: "error" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
