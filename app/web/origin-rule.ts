// The one origin rule for every state-changing request, pages and /api alike (DESIGN.md,
// "Production defaults"). A browser names the page that sent a request in Origin; when a form
// on another site posts here, Origin says so and we refuse. Some requests carry no Origin (old
// browsers, API clients): then Sec-Fetch-Site, which a browser sets and a page cannot, decides.
// Pure.

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export interface OriginHeaders {
  origin: string | null;
  secFetchSite: string | null;
  /** The Host the request was sent to (server.ts has already refused hosts that are not ours). */
  host: string | null;
}

/** Whether a state-changing request may go on: it comes from our own pages, or from no browser page at all. */
export function passesOriginRule(headers: OriginHeaders, publicOrigin: string): boolean {
  if (headers.origin) {
    if (headers.origin === publicOrigin) return true;
    try {
      return Boolean(headers.host) && new URL(headers.origin).host.toLowerCase() === headers.host!.toLowerCase();
    } catch {
      // "null" (a sandboxed frame, a redirect chain) or garbage: not our page.
      return false;
    }
  }
  return headers.secFetchSite !== "cross-site" && headers.secFetchSite !== "same-site";
}
