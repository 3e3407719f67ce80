// Answers server.ts gives on its own, before (or instead of) React Router: a refused method,
// host or body, or an error nothing else caught. JSON for API clients; for browsers a small
// page in both languages that says what to do, from the locale files like every other string.
import en from "../app/locales/en/common.json";
import he from "../app/locales/he/common.json";

export type RefusalReason = keyof typeof he.serverErrors;

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

function wantsJson(pathname: string, accept: string | undefined): boolean {
  return pathname.startsWith("/api/") || pathname === "/api" || (accept ?? "").includes("application/json");
}

/** The status, headers and body of a refusal, for a request to `pathname`. */
export function refusal(status: number, reason: RefusalReason, pathname: string, accept: string | undefined): { status: number; headers: Record<string, string>; body: string } {
  if (wantsJson(pathname, accept)) {
    return { status, headers: { "Content-Type": "application/json; charset=utf-8" }, body: JSON.stringify({ message: he.serverErrors[reason] }) };
  }
  const page = `<!DOCTYPE html><html lang="he" dir="rtl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(he.app.name)}</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.6"><h1>${escapeHtml(he.errors.title)}</h1><p>${escapeHtml(he.serverErrors[reason])}</p><p><a href="/">${escapeHtml(he.serverErrors.backHome)}</a></p><hr><p dir="ltr" lang="en">${escapeHtml(en.serverErrors[reason])} <a href="/">${escapeHtml(en.serverErrors.backHome)}</a></p></body></html>`;
  return { status, headers: { "Content-Type": "text/html; charset=utf-8" }, body: page };
}
