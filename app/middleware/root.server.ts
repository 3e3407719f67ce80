// The root's middleware (app/root.tsx runs them after the language's, in this order), and the
// rules every answer of the app keeps, whichever route made it (issue #12):
// - a state-changing request must pass the one origin rule (app/web/origin-rule.ts);
// - the request knows its database and its signed-in person (if any);
// - what is rendered for a signed-in person, or sets a cookie, is never stored by a shared
//   proxy or shown again by the back button after sign-out: `Cache-Control: private, no-store`.
import { data, type MiddlewareFunction } from "react-router";
import { authenticateRequest } from "~/auth/session.server";
import { publicOrigin } from "~/config.server";
import { dbContext, dbOverrideContext, userContext } from "~/context";
import { getDb } from "~/db/client.server";
import { demoDataRequested, ensureDemoData } from "~/demo/seed.server";
import { getTranslate } from "~/web/language.server";
import { passesOriginRule, SAFE_METHODS } from "~/web/origin-rule";

/** Refuses a state-changing request from another site: 403, JSON for /api, the error page otherwise. */
export const originRuleMiddleware: MiddlewareFunction<Response> = ({ request, url, context }, next) => {
  if (SAFE_METHODS.has(request.method)) return next();
  const headers = { origin: request.headers.get("Origin"), secFetchSite: request.headers.get("Sec-Fetch-Site"), host: request.headers.get("Host") };
  if (passesOriginRule(headers, publicOrigin())) return next();
  const message = getTranslate(context)("errors.badOrigin");
  if (url.pathname.startsWith("/api/")) return Response.json({ message }, { status: 403, headers: { "Cache-Control": "no-store" } });
  throw data(message, { status: 403 });
};

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

/** Marks personal answers no-store; runs after the user is known (databaseMiddleware). */
export const personalAnswersMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  const setsCookie = response.headers.has("Set-Cookie");
  const personal = context.get(userContext) !== null || setsCookie;
  const cacheControl = response.headers.get("Cache-Control") ?? "";
  // Pictures are the same for everyone (an uploaded deal photo), and so is a file whose address
  // names its content (a translation file): let them cache.
  const sharedPicture = /^image\//.test(response.headers.get("Content-Type") ?? "") && /public/.test(cacheControl);
  const sharedFile = !setsCookie && /\bpublic\b/.test(cacheControl) && /\bimmutable\b/.test(cacheControl);
  if (personal && !sharedPicture && !sharedFile) response.headers.set("Cache-Control", "private, no-store");
  return response;
};
