// What the operator reads at start about the public address. Pure.

/** One line: where mailed links point and which hosts are answered, and what to set if wrong. */
export function publicAddressNotice(env: { APP_URL?: string; ALLOWED_HOSTS?: string; PORT?: string }): string {
  if (env.APP_URL?.trim()) {
    const extra = env.ALLOWED_HOSTS?.trim() ? ` and ${env.ALLOWED_HOSTS.trim()}` : "";
    return `Public address: ${new URL(env.APP_URL.trim()).origin} (APP_URL). Requests for other hosts than it${extra} and localhost are refused.`;
  }
  return `APP_URL is not set: links in mails point to http://localhost:${env.PORT ?? 3000} and only requests for localhost are answered. Set APP_URL to the address people use (for example https://shuk.example).`;
}

/**
 * A warning for the start log about plain HTTP and the session cookie (#45), or null. In
 * production cookies are Secure, which browsers keep only from https or localhost: an http://
 * APP_URL on a LAN name means nobody there can stay signed in. INSECURE_COOKIES=1 is the
 * operator's way out, and is worth a line too, since it is not for the open internet.
 */
export function cookieSecurityNotice(env: { NODE_ENV?: string; APP_URL?: string; INSECURE_COOKIES?: string }): string | null {
  if (env.NODE_ENV !== "production") return null;
  if (env.INSECURE_COOKIES === "1") {
    return "Warning: INSECURE_COOKIES=1: cookies are sent without Secure, so a sign-in works over plain HTTP. Use it only on a network you trust; behind HTTPS leave it unset.";
  }
  const appUrl = env.APP_URL?.trim() ? new URL(env.APP_URL.trim()) : null;
  if (appUrl?.protocol === "http:" && !/^(localhost|127(\.\d{1,3}){3}|\[::1\])$/.test(appUrl.hostname)) {
    return `Warning: APP_URL is plain HTTP (${appUrl.origin}): browsers drop the Secure sign-in cookie there, so signing in returns to /login. Serve it over HTTPS, or set INSECURE_COOKIES=1 on a network you trust.`;
  }
  return null;
}
