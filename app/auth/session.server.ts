// Sessions live in the `sessions` table; the cookie holds only a signed random id, and the
// table only its sha256. Bearer tokens for the API are rows of the same table.
import { eq, getTableColumns, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { getSessionSecret, isProduction, secureCookies } from "~/config.server";
import type { Db } from "~/db/client.server";
import { preparedQuery } from "~/db/prepared.server";
import { sessions, users, type User } from "~/db/schema";
import { DAY_MS } from "~/domain/time";
import { newSecret, sha256 } from "./tokens.server";

const SESSION_DAYS = 30;

// __Host- makes the browser refuse the cookie unless it is Secure, host-only and path=/.
const cookieName = isProduction && secureCookies ? "__Host-shuk_session" : "shuk_session";

let cookie: ReturnType<typeof createCookie> | undefined;
function sessionCookie() {
  cookie ??= createCookie(cookieName, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies,
    path: "/",
    maxAge: (SESSION_DAYS * DAY_MS) / 1000,
    secrets: [getSessionSecret()],
  });
  return cookie;
}

type SessionKind = "web" | "api";

function insertSession(db: Db, userId: string, kind: SessionKind, now = Date.now()): string {
  const secret = newSecret();
  db.insert(sessions)
    .values({ sid: sha256(secret), sess: { userId, kind }, expire: new Date(now + SESSION_DAYS * DAY_MS) })
    .run();
  return secret;
}

/** A fresh web session (a new id at every login); returns the Set-Cookie header value. */
export async function startWebSession(db: Db, userId: string): Promise<string> {
  return sessionCookie().serialize(insertSession(db, userId, "web"));
}

/** A new API bearer token; the caller hands it to the client once. */
export function issueApiToken(db: Db, userId: string): string {
  return insertSession(db, userId, "api");
}

/**
 * The user of a live session of this kind, by the session's hash: on every signed-in request.
 * One statement: the session's row by primary key in a subquery, then its user by primary key,
 * so the plan cannot turn around. A join on `json_extract(sess)` let SQLite scan sessions
 * whenever its statistics said the table was small (30 µs against 11 µs, decision record 016,
 * session 9); two statements cost a second read transaction (16 against 12 µs, session 19).
 */
const userOfLiveSession = preparedQuery((db) =>
  db
    .select(getTableColumns(users))
    .from(users)
    .where(
      eq(
        users.id,
        sql`(select ${sessionUserId()} from ${sessions} where ${sessions.sid} = ${sql.placeholder("sid")} and ${sessions.expire} > ${sql.placeholder("nowMs")} and json_extract(${sessions.sess}, '$.kind') = ${sql.placeholder("kind")})`,
      ),
    )
    .prepare(),
);

/** The user of a live session (not expired), by its secret. */
function userForSecret(db: Db, secret: string, kind: SessionKind): User | null {
  return userOfLiveSession(db).get({ sid: sha256(secret), nowMs: Date.now(), kind }) ?? null;
}

// The user id lives inside `sess` (the spec's sessions are sid, sess, expire).
function sessionUserId() {
  return sql<string>`json_extract(${sessions.sess}, '$.userId')`;
}

async function webSecretFrom(request: Request): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const value = await sessionCookie().parse(header);
  return typeof value === "string" && value.length > 0 ? value : null;
}

function bearerFrom(request: Request): string | null {
  const header = request.headers.get("Authorization");
  const match = header && /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export interface RequestAuth {
  user: User | null;
  /** How the user was recognised: API writes by cookie must pass an Origin check. */
  via: "cookie" | "bearer" | null;
}

/** Who is asking: a bearer token wins over the cookie. */
export async function authenticateRequest(db: Db, request: Request): Promise<RequestAuth> {
  const bearer = bearerFrom(request);
  if (bearer) {
    const user = userForSecret(db, bearer, "api");
    return { user, via: user ? "bearer" : null };
  }
  const secret = await webSecretFrom(request);
  if (!secret) return { user: null, via: null };
  const user = userForSecret(db, secret, "web");
  return { user, via: user ? "cookie" : null };
}

/** Deletes this request's web session row; returns the Set-Cookie header that clears it. */
export async function endWebSession(db: Db, request: Request): Promise<string> {
  const secret = await webSecretFrom(request);
  if (secret) db.delete(sessions).where(eq(sessions.sid, sha256(secret))).run();
  return sessionCookie().serialize("", { maxAge: 0 });
}

/** Signs a user out everywhere (password reset, account changes). */
export function endAllSessions(db: Db, userId: string) {
  db.delete(sessions).where(eq(sessionUserId(), userId)).run();
}
