// Which Host headers the server answers. A request for any other host is refused (421), so a
// forged Host can never reach the app: not its pages, not its guest cache, not its links (which
// come from publicOrigin() anyway). Ports are not compared: behind Docker or a proxy the port the
// browser used is not the one we listen on. Pure.

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/** The host name of a Host header or URL host, lower-cased, without its port. */
export function hostName(host: string): string {
  const lower = host.trim().toLowerCase();
  if (lower.startsWith("[")) {
    const end = lower.indexOf("]");
    return end === -1 ? lower : lower.slice(0, end + 1);
  }
  const colon = lower.indexOf(":");
  return colon === -1 ? lower : lower.slice(0, colon);
}

/**
 * The names this server answers to: the loopback names (the health check and the operator's own
 * browser), APP_URL's host and every name in ALLOWED_HOSTS (comma-separated).
 */
export function allowedHostNames(env: { APP_URL?: string; ALLOWED_HOSTS?: string }): Set<string> {
  const names = new Set(LOOPBACK_NAMES);
  if (env.APP_URL?.trim()) names.add(hostName(new URL(env.APP_URL.trim()).host));
  for (const name of (env.ALLOWED_HOSTS ?? "").split(",")) {
    if (name.trim()) names.add(hostName(name));
  }
  return names;
}

/** A bare host name or address and an optional port, and nothing else (no user, path or query). */
const BARE_HOST = /^(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9.])?)(?::[0-9]{1,5})?$/;

/**
 * The Host header as the URL parser reads it, when it is a bare host[:port]; null for anything
 * else (`localhost:1@evil.com`, a path, a space, a port out of range, an empty value), which
 * the server answers with 400 before any URL is built from it. A name the parser would rewrite
 * (`127.1` for 127.0.0.1, an IPv6 address not in its short form) is refused too: the host we
 * compare is the host the app would see.
 */
export function parseHostHeader(value: string | undefined): string | null {
  if (!value) return null;
  const lower = value.toLowerCase();
  if (!BARE_HOST.test(lower)) return null;
  let url: URL;
  try {
    url = new URL(`http://${lower}/`);
  } catch {
    return null;
  }
  if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) return null;
  const name = hostName(lower);
  if (url.hostname !== name) return null;
  const port = lower.slice(name.length + 1);
  if (port && Number(port) > 65_535) return null;
  return lower;
}

/** Whether a request with this Host header is ours to answer. */
export function isAllowedHost(hostHeader: string | undefined, allowed: Set<string>): boolean {
  if (!hostHeader) return false;
  return allowed.has(hostName(hostHeader));
}
