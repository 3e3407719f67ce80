// What the operator reads at start about the public address. Pure.

/** One line: where mailed links point and which hosts are answered, and what to set if wrong. */
export function publicAddressNotice(env: { APP_URL?: string; ALLOWED_HOSTS?: string; PORT?: string }): string {
  if (env.APP_URL?.trim()) {
    const extra = env.ALLOWED_HOSTS?.trim() ? ` and ${env.ALLOWED_HOSTS.trim()}` : "";
    return `Public address: ${new URL(env.APP_URL.trim()).origin} (APP_URL). Requests for other hosts than it${extra} and localhost are refused.`;
  }
  return `APP_URL is not set: links in mails point to http://localhost:${env.PORT ?? 3000} and only requests for localhost are answered. Set APP_URL to the address people use (for example https://shuk.example).`;
}
