// Helpers for the /api resource routes: who is calling, and one shape for every answer.
import type { Translator } from "~/translator";
import type { RouterContextProvider } from "react-router";
import type { z } from "zod";
import { dbContext, userContext } from "~/context";
import type { Db } from "~/db/client.server";
import type { User } from "~/db/schema";
import { getTranslator } from "~/web/language.server";
import type { Viewer } from "~/services/deals.server";
import { answer, apiError, readJsonObject, validationError } from "~/web/http.server";

type Ctx = Readonly<RouterContextProvider>;

export interface ApiCall {
  db: Db;
  i18n: Translator;
  user: User;
}

/**
 * Runs `handle` for a signed-in caller (bearer token or cookie, recognised by the root
 * middleware); otherwise answers 401. Writes from other sites never get here: the root's
 * origin rule (app/middleware/root.server.ts) refuses them for every route.
 */
export async function withApiUser(
  context: Ctx,
  request: Request,
  handle: (call: ApiCall) => Response | Promise<Response>,
): Promise<Response> {
  const i18n = getTranslator(context);
  const user = context.get(userContext);
  if (!user) return apiError(401, i18n.t("errors.unauthorized"));
  return answer(i18n, () => handle({ db: context.get(dbContext), i18n, user }));
}

/** The caller's view for public reads: their community's prices when signed in. */
export function viewerOf(context: Ctx): Viewer {
  const user = context.get(userContext);
  return { userId: user?.id ?? null, communityId: user?.communityId ?? null };
}

/** Parses a JSON body with a schema: the data, or the 400 answer to return. */
export async function parseJsonBody<T extends z.ZodType>(
  request: Request,
  i18n: Translator,
  schema: T,
): Promise<{ data: z.infer<T> } | { response: Response }> {
  const body = await readJsonObject(request);
  if (!body) return { response: apiError(400, i18n.t("validation.invalidJson")) };
  const parsed = schema.safeParse(body);
  if (!parsed.success) return { response: validationError(i18n, parsed.error) };
  return { data: parsed.data };
}

export function methodNotAllowed() {
  return apiError(405, "Method Not Allowed");
}
