// Why a sign-in over plain HTTP on a LAN address "does nothing" (#45). In production the session
// cookie is Secure (and __Host-), and a browser keeps a Secure cookie only from https or from
// localhost: on http://192.168.1.20 the sign-in succeeds, the cookie is dropped, and the person
// is back on /login with no word. This tells the page so it can say why. Pure.

/** Host names a browser counts as secure even over http (localhost and the loopback range). */
function isLoopbackHost(hostname: string): boolean {
  const name = hostname.toLowerCase();
  return name === "localhost" || name.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(name) || name === "[::1]" || name === "::1";
}

/**
 * True when a Secure cookie set in answer to this request would be dropped: cookies are Secure,
 * the request came over plain http, and the host is not a loopback name. A TLS proxy that says
 * `X-Forwarded-Proto: https` is believed here: the header only decides whether a hint is shown.
 */
export function secureCookieWillBeDropped(url: URL, forwardedProto: string | null, secureCookies: boolean): boolean {
  if (!secureCookies || url.protocol !== "http:") return false;
  if (forwardedProto?.split(",")[0]?.trim().toLowerCase() === "https") return false;
  return !isLoopbackHost(url.hostname);
}
