// External sign-in through any OAuth2 / OpenID Connect provider, set by environment variables
// (README.md): OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET, OAUTH_AUTHORIZATION_URL, OAUTH_TOKEN_URL,
// OAUTH_USERINFO_URL, optional OAUTH_SCOPES, OAUTH_PROVIDER (auth_providers type, default
// google), OAUTH_PROVIDER_NAME (for the button). remix-auth only verifies; sessions are ours.
import { Authenticator } from "remix-auth";
import { OAuth2Strategy } from "remix-auth-oauth2";
import { secureCookies } from "~/config.server";
import type { Db } from "~/db/client.server";
import { AUTH_PROVIDER_TYPES, type User } from "~/db/schema";
import { ServiceError } from "~/domain/errors";
import { externalSignInName } from "~/auth/external-sign-in.server";
import { signInExternal } from "~/auth/external-accounts.server";

export const OAUTH_CALLBACK_PATH = "/api/login/callback";

export function isExternalSignInConfigured() {
  return externalSignInName() !== null;
}

function providerType(): (typeof AUTH_PROVIDER_TYPES)[number] {
  const value = process.env.OAUTH_PROVIDER ?? "google";
  return (AUTH_PROVIDER_TYPES as readonly string[]).includes(value) ? (value as (typeof AUTH_PROVIDER_TYPES)[number]) : "google";
}

interface UserInfo {
  sub?: string;
  id?: string | number;
  email?: string;
  given_name?: string;
  family_name?: string;
  name?: string;
}

/** The authenticator for this request; `origin` builds the callback URL when none is set. */
export function createExternalAuthenticator(db: Db, origin: string) {
  const env = process.env;
  const authenticator = new Authenticator<{ user: User; created: boolean }>();
  authenticator.use(
    new OAuth2Strategy(
      {
        clientId: env.OAUTH_CLIENT_ID!,
        clientSecret: env.OAUTH_CLIENT_SECRET ?? null,
        authorizationEndpoint: env.OAUTH_AUTHORIZATION_URL!,
        tokenEndpoint: env.OAUTH_TOKEN_URL!,
        redirectURI: env.OAUTH_REDIRECT_URI ?? `${origin}${OAUTH_CALLBACK_PATH}`,
        scopes: (env.OAUTH_SCOPES ?? "openid email profile").split(/[\s,]+/).filter(Boolean),
        cookie: { name: "shuk_oauth", httpOnly: true, sameSite: "Lax", path: "/", ...(secureCookies ? { secure: true as const } : {}) },
      },
      async ({ tokens }) => {
        const response = await fetch(env.OAUTH_USERINFO_URL!, { headers: { Authorization: `Bearer ${tokens.accessToken()}` } });
        if (!response.ok) throw new ServiceError(401, "auth.externalFailed");
        const info = (await response.json()) as UserInfo;
        const subject = String(info.sub ?? info.id ?? "");
        if (!subject || !info.email) throw new ServiceError(401, "auth.externalFailed");
        const [first, ...rest] = (info.name ?? "").split(" ");
        return signInExternal(db, {
          provider: providerType(),
          subject,
          email: info.email,
          firstName: info.given_name ?? (first || null),
          lastName: info.family_name ?? (rest.join(" ") || null),
        });
      },
    ),
    "oauth2",
  );
  return authenticator;
}
