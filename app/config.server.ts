// Settings from the environment, read in one place. README.md lists them.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { defaultDatabasePath } from "~/db/client.server";

export const isProduction = process.env.NODE_ENV === "production";

/**
 * Cookies are Secure in production. Browsers accept Secure cookies on http://localhost, so the
 * demo works; a self-hoster serving plain HTTP on a LAN address sets INSECURE_COOKIES=1.
 */
export const secureCookies = isProduction && process.env.INSECURE_COOKIES !== "1";

let sessionSecret: string | undefined;

/**
 * SESSION_SECRET signs cookies. Unset, a random one is made once and kept beside the database,
 * so a self-hosted container needs no setup and sessions survive restarts.
 */
export function getSessionSecret(): string {
  if (sessionSecret) return sessionSecret;
  if (process.env.SESSION_SECRET) return (sessionSecret = process.env.SESSION_SECRET);
  const file = path.join(path.dirname(path.resolve(defaultDatabasePath())), "session-secret");
  try {
    sessionSecret = fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      // "wx": several workers may get here at once; exactly one writes, the others read it.
      const made = randomBytes(32).toString("hex");
      fs.writeFileSync(file, made, { mode: 0o600, flag: "wx" });
      sessionSecret = made;
    } catch {
      sessionSecret = fs.readFileSync(file, "utf8").trim();
    }
  }
  return sessionSecret;
}

/**
 * The site's public address: APP_URL when set, otherwise the local address the server listens
 * on. Mailed links, setup links and the OAuth redirect use it, never the request's Host header,
 * which any client can forge.
 */
export function publicOrigin(): string {
  const configured = process.env.APP_URL?.trim();
  if (configured) return new URL(configured).origin;
  return `http://localhost:${process.env.PORT ?? 3000}`;
}

/**
 * The operator's business registration number (licensed dealer or company number) for receipts, from BUSINESS_ID.
 * Unset, receipts print no number rather than one that is not theirs.
 */
export function businessId(): string | null {
  return process.env.BUSINESS_ID?.trim() || null;
}

/**
 * Whether Litestream replicates the database (REPLICA_URL; the supervisor runs it, issue #48).
 * The app then leaves the WAL's resets to Litestream: see app/db/client.server.ts.
 */
export function replicaConfigured(): boolean {
  return Boolean(process.env.REPLICA_URL?.trim());
}
