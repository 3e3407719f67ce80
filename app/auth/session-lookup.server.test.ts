// Who a request is (authenticateRequest): the session row found by its hash, still live, of the
// kind the request presents (a browser's cookie or an API bearer token), and its user. It runs
// on every signed-in request and has been rewritten for speed twice: each rule is checked here.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import { useTestDatabase } from "../../tests/support/test-db";
import { authenticateRequest, issueApiToken, startWebSession } from "./session.server";
import { newSecret, sha256 } from "./tokens.server";

const db = useTestDatabase();

const someUser = () => db().select().from(users).where(eq(users.role, "USER")).limit(1).get()!;
const withCookie = (setCookie: string) => new Request("http://shuk.test/deals", { headers: { Cookie: setCookie.split(";")[0]! } });
const withBearer = (token: string) => new Request("http://shuk.test/api/cart", { headers: { Authorization: `Bearer ${token}` } });
/** The secret a Set-Cookie header carries, as the session row's hash knows it. */
const rowOf = (secret: string) => db().select().from(sessions).where(eq(sessions.sid, sha256(secret))).get();

describe("authenticateRequest", () => {
  it("finds the user of a live browser session by its cookie and of a live token by its bearer header", async () => {
    const user = someUser();
    const cookie = await startWebSession(db(), user.id);
    const token = issueApiToken(db(), user.id);
    expect(await authenticateRequest(db(), withCookie(cookie))).toMatchObject({ via: "cookie", user: { id: user.id, email: user.email } });
    expect(await authenticateRequest(db(), withBearer(token))).toMatchObject({ via: "bearer", user: { id: user.id } });
  });

  it("refuses a token of the other kind, an expired one, an unknown one and one whose user is gone", async () => {
    const user = someUser();
    const token = issueApiToken(db(), user.id);
    // An API token is no cookie's session (and a cookie's secret no bearer token).
    const row = rowOf(token)!;
    db().update(sessions).set({ sess: { userId: user.id, kind: "web" } }).where(eq(sessions.sid, row.sid)).run();
    expect(await authenticateRequest(db(), withBearer(token))).toEqual({ user: null, via: null });
    db().update(sessions).set({ sess: { userId: user.id, kind: "api" } }).where(eq(sessions.sid, row.sid)).run();
    expect((await authenticateRequest(db(), withBearer(token))).user?.id).toBe(user.id);

    db().update(sessions).set({ expire: new Date(Date.now() - 1_000) }).where(eq(sessions.sid, row.sid)).run();
    expect(await authenticateRequest(db(), withBearer(token))).toEqual({ user: null, via: null });

    expect(await authenticateRequest(db(), withBearer("no-such-token"))).toEqual({ user: null, via: null });

    const other = issueApiToken(db(), "a-user-that-does-not-exist");
    expect(await authenticateRequest(db(), withBearer(other))).toEqual({ user: null, via: null });
  });

  it("follows a change of its user at once, and a sign-out by another worker", async () => {
    const user = someUser();
    const token = issueApiToken(db(), user.id);
    expect((await authenticateRequest(db(), withBearer(token))).user?.id).toBe(user.id);

    // This connection's own write shows at once.
    db().update(users).set({ firstName: "שם חדש" }).where(eq(users.id, user.id)).run();
    expect((await authenticateRequest(db(), withBearer(token))).user?.firstName).toBe("שם חדש");

    // Another worker signs the session out: the next request is a guest's.
    const other = openDatabase(db().$client.name);
    try {
      other.delete(sessions).where(eq(sessions.sid, sha256(token))).run();
    } finally {
      other.$client.close();
    }
    expect(await authenticateRequest(db(), withBearer(token))).toEqual({ user: null, via: null });
  });

  it("refuses a session once it has run out, with nothing written in between", async () => {
    const user = someUser();
    const secret = newSecret();
    db().insert(sessions).values({ sid: sha256(secret), sess: { userId: user.id, kind: "api" }, expire: new Date(Date.now() + 150) }).run();
    expect((await authenticateRequest(db(), withBearer(secret))).user?.id).toBe(user.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await authenticateRequest(db(), withBearer(secret))).toEqual({ user: null, via: null });
  });
});
