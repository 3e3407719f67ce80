// Two rules every answer of the app keeps, whichever route made it (issue #12):
// - a state-changing request must pass the one origin rule (app/web/origin-rule.ts);
// - what is rendered for a signed-in person, or sets a cookie, is never stored by a shared
//   proxy or shown again by the back button after sign-out: `Cache-Control: private, no-store`.
import { data, type MiddlewareFunction } from "react-router";
import { publicOrigin } from "~/config.server";
import { userContext } from "~/context";
import { getTranslate } from "~/web/i18next.server";
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
