// JSON answers for the /api routes: one shape for every refusal, messages translated.
import type { Translator } from "~/translator";
import type { z } from "zod";
import { ServiceError } from "~/domain/errors";
import { translateMessage } from "~/domain/text-limits";

export interface ApiFieldError {
  path: (string | number)[];
  message: string;
}

export function apiError(status: number, message: string, errors?: ApiFieldError[]) {
  return Response.json(errors ? { message, errors } : { message }, { status });
}

/** A zod failure as the spec's "list of items with path and message", translated. */
export function validationError(i18n: Translator, error: z.ZodError, status = 400) {
  const errors = error.issues.flatMap((issue) => {
    const path = issue.path.map((p) => (typeof p === "symbol" ? String(p) : p));
    const message = translateMessage(i18n.t, issue.message);
    // zod reports a strict object's unknown keys once, on the object: name each key instead,
    // so the caller sees which field to drop.
    if (issue.code === "unrecognized_keys") return issue.keys.map((key) => ({ path: [...path, key], message }));
    return [{ path, message }];
  });
  return apiError(status, errors[0]?.message ?? i18n.t("validation.invalidInput"), errors);
}

export function serviceErrorResponse(i18n: Translator, error: ServiceError) {
  const message = i18n.t(error.messageKey, error.values);
  return apiError(error.status, message, error.field ? [{ path: [error.field], message }] : undefined);
}

/** The request's JSON object body, or null when it is missing or not an object. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown> | null> {
  try {
    const body: unknown = await request.json();
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A destructive /api call without its confirmation (app/domain/confirm.ts): 400, nothing done.
 * The message says what to send.
 */
export function confirmationRequired(i18n: Translator) {
  return apiError(400, i18n.t("destructiveConfirm.required"));
}

/** Runs a service call and turns a ServiceError into its 4xx answer. */
export async function answer(i18n: Translator, run: () => Response | Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof ServiceError) return serviceErrorResponse(i18n, error);
    throw error;
  }
}
