import type { MiddlewareFunction } from "react-router";
import { authenticateRequest } from "~/auth/session.server";
import { dbContext, dbOverrideContext, userContext } from "~/context";
import { getDb } from "~/db/client.server";
import { demoDataRequested, ensureDemoData } from "~/demo/seed.server";

let ready: Promise<void> | undefined;

/** Puts the database and the signed-in user (if any) on the request context. */
export const databaseMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  let db = context.get(dbOverrideContext);
  if (!db) {
    db = getDb();
    // First request after start (`react-router dev` never calls prepareServer): the demo
    // catalogue, only when DEMO_DATA=1 asks for it.
    ready ??= demoDataRequested() ? ensureDemoData(db) : Promise.resolve();
    await ready;
  }
  context.set(dbContext, db);
  const { user } = await authenticateRequest(db, request);
  context.set(userContext, user);
  return next();
};
