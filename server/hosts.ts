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

/** Whether a request with this Host header is ours to answer. */
export function isAllowedHost(hostHeader: string | undefined, allowed: Set<string>): boolean {
  if (!hostHeader) return false;
  return allowed.has(hostName(hostHeader));
}
