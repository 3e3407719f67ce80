// Whether external sign-in (OAuth2 / OpenID Connect) is configured, and what to call it.
// Read from the environment; no secrets leave the server.

/** The provider's name for the button, or null when external sign-in is not configured. */
export function externalSignInName(): string | null {
  if (typeof process === "undefined") return null;
  const env = process.env;
  const configured = env.OAUTH_CLIENT_ID && env.OAUTH_AUTHORIZATION_URL && env.OAUTH_TOKEN_URL && env.OAUTH_USERINFO_URL;
  return configured ? (env.OAUTH_PROVIDER_NAME ?? "OAuth") : null;
}
