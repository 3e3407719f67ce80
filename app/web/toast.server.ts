// Flash toasts: set by an action, shown once by the next page, with or without JavaScript.
// They travel in a signed cookie (not the sessions table) so a guest's toast costs no write.
import { createCookie, redirect } from "react-router";
import { getSessionSecret, secureCookies } from "~/config.server";
import { MAX_TOASTS, type Toast } from "~/domain/toast";

let cookie: ReturnType<typeof createCookie> | undefined;
function toastCookie() {
  cookie ??= createCookie("shuk_toast", {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies,
    path: "/",
    maxAge: 60,
    secrets: [getSessionSecret()],
  });
  return cookie;
}

async function readToasts(request: Request): Promise<Toast[]> {
  const value = await toastCookie().parse(request.headers.get("Cookie"));
  return Array.isArray(value) ? (value as Toast[]) : [];
}

/** Adds a toast to those already waiting; returns the Set-Cookie value. */
export async function flashToast(request: Request, toast: Omit<Toast, "id">): Promise<string> {
  const waiting = await readToasts(request);
  const next = [...waiting, { ...toast, id: crypto.randomUUID() }].slice(-MAX_TOASTS);
  return toastCookie().serialize(next);
}

/** A redirect that shows a toast on the page it lands on. */
export async function redirectWithToast(
  request: Request,
  url: string,
  toast: Omit<Toast, "id">,
  init: ResponseInit = {},
) {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await flashToast(request, toast));
  return redirect(url, { ...init, headers });
}

/** The waiting toasts, and the header that clears them once shown. */
export async function takeToasts(request: Request): Promise<{ toasts: Toast[]; setCookie: string | null }> {
  const toasts = await readToasts(request);
  if (toasts.length === 0) return { toasts, setCookie: null };
  return { toasts, setCookie: await toastCookie().serialize([], { maxAge: 0 }) };
}
