import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authProviders, communities, rateLimits, sessions, users } from "~/db/schema";
import { DEMO_ADMIN, DEMO_USER } from "~/demo/seed.server";
import { cookieOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

function firstCommunityId() {
  return db().select({ id: communities.id }).from(communities).limit(1).get()!.id;
}
function userCount() {
  return db().get<{ n: number }>(sql`select count(*) as n from users`).n;
}
function newSignup(overrides: Record<string, unknown> = {}) {
  return {
    email: `dana-${crypto.randomUUID()}@example.com`,
    password: "a-long-password",
    firstName: "דנה",
    lastName: "לוי",
    communityId: firstCommunityId(),
    ...overrides,
  };
}

describe("POST /api/auth/signup", () => {
  it("refuses a 10,000-character password with 400 and the message, and creates nothing", async () => {
    const before = userCount();
    const body = newSignup({ password: HUGE_PASSWORD });
    const response = await app.fetch("/api/auth/signup", jsonInit("POST", body));
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual([{ path: ["password"], message: "ארוך מדי: אפשר עד 128 תווים" }]);
    expect(userCount()).toBe(before);
    expect(db().select().from(users).where(eq(users.email, body.email)).get()).toBeUndefined();
    expect(db().select().from(rateLimits).all()).toHaveLength(0);
  });

  it("registers the user, answers token, userId, user and needsCommunitySetup", async () => {
    const body = newSignup({ email: "  Dana.Levi@Example.com " });
    const response = await app.fetch("/api/auth/signup", jsonInit("POST", body));
    expect(response.status).toBe(201);
    const json = await response.json();
    expect(json).toMatchObject({
      userId: expect.any(String),
      token: expect.any(String),
      needsCommunitySetup: false,
      user: { email: "dana.levi@example.com", role: "USER", firstName: "דנה", communityId: body.communityId },
    });
    expect(json.user).not.toHaveProperty("passwordHash");
    expect(json.token.length).toBeGreaterThanOrEqual(43);
    const stored = db().select().from(users).where(eq(users.id, json.userId)).get()!;
    expect(stored.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(db().select().from(authProviders).where(eq(authProviders.userId, json.userId)).get()?.type).toBe("password");
    // The token works at once, and only its hash is stored.
    const me = await app.fetch("/api/auth/user", jsonInit("GET", undefined, json.token));
    expect(me.status).toBe(200);
    expect((await me.json()).id).toBe(json.userId);
    expect(db().select().from(sessions).all().some((s) => s.sid === json.token)).toBe(false);
  });

  it.each([
    ["a bad e-mail", { email: "not-an-email" }, "email", "כתובת מייל לא תקינה"],
    ["a short password", { password: "short" }, "password", "סיסמה חייבת להכיל לפחות 10 תווים"],
    ["a one-letter first name", { firstName: "ד" }, "firstName", "שם פרטי חייב להכיל לפחות 2 תווים"],
    ["a one-letter last name", { lastName: "ל" }, "lastName", "שם משפחה חייב להכיל לפחות 2 תווים"],
    ["no community", { communityId: "" }, "communityId", "יש לבחור קהילה"],
  ])("refuses %s with 400, the spec's message, and writes nothing", async (_, override, field, message) => {
    const before = userCount();
    const response = await app.fetch("/api/auth/signup", jsonInit("POST", newSignup(override)));
    expect(response.status).toBe(400);
    const json = await response.json();
    expect(json.errors).toContainEqual({ path: [field], message });
    expect(userCount()).toBe(before);
  });

  it("refuses a taken e-mail with 409 and an unknown community with 422", async () => {
    const before = userCount();
    const taken = await app.fetch("/api/auth/signup", jsonInit("POST", newSignup({ email: DEMO_USER.email })));
    expect(taken.status).toBe(409);
    expect((await taken.json()).errors[0].path).toEqual(["email"]);
    const unknown = await app.fetch("/api/auth/signup", jsonInit("POST", newSignup({ communityId: "no-such-community" })));
    expect(unknown.status).toBe(422);
    expect((await unknown.json()).errors[0]).toEqual({ path: ["communityId"], message: expect.stringContaining("קהילה") });
    expect(userCount()).toBe(before);
  });

  it("refuses a body that is not JSON with 400", async () => {
    const response = await app.fetch("/api/auth/signup", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{nope" });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBe("גוף הבקשה אינו JSON תקין");
  });
});

const HUGE_PASSWORD = "p".repeat(10_000);
const TOO_LONG_PASSWORD = "ארוך מדי: אפשר עד 128 תווים";

/** Rate limits count an attempt after the body is checked and before any password is hashed. */
function attemptsCounted() {
  return db().select().from(rateLimits).all().length;
}

describe("POST /api/auth/login", () => {
  it("refuses a 10,000-character password with 400 and the message, before hashing anything", async () => {
    const response = await app.fetch("/api/auth/login", jsonInit("POST", { email: DEMO_USER.email, password: HUGE_PASSWORD }));
    expect(response.status).toBe(400);
    const json = await response.json();
    expect(json.message).toBe(TOO_LONG_PASSWORD);
    expect(json.errors).toEqual([{ path: ["password"], message: TOO_LONG_PASSWORD }]);
    // Not even counted: the request stopped at the schema, so argon2 never saw the password.
    expect(attemptsCounted()).toBe(0);
    expect(db().select().from(sessions).all()).toHaveLength(0);
  });

  it("shows the same message on the login page's form, without JavaScript", async () => {
    const body = new URLSearchParams({ email: DEMO_USER.email, password: HUGE_PASSWORD, redirectTo: "" });
    const response = await app.fetch("/login?tab=password", { method: "POST", body, headers: { Accept: "text/html" } });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(TOO_LONG_PASSWORD);
    expect(attemptsCounted()).toBe(0);
  });

  it("answers token, userId and user (email, role) for the right password", async () => {
    const response = await app.fetch("/api/auth/login", jsonInit("POST", { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }));
    expect(response.status).toBe(200);
    const json = await response.json();
    expect(json).toMatchObject({ token: expect.any(String), userId: expect.any(String), user: { email: DEMO_ADMIN.email, role: "ADMIN" } });
    const lastLogin = db().select().from(users).where(eq(users.id, json.userId)).get()!.lastLoginAt;
    expect(lastLogin!.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it("refuses a wrong password or unknown e-mail with 401 and issues no token", async () => {
    const sessionsBefore = db().select().from(sessions).all().length;
    for (const body of [
      { email: DEMO_USER.email, password: "wrong-password" },
      { email: "nobody@example.com", password: "whatever-password" },
    ]) {
      const response = await app.fetch("/api/auth/login", jsonInit("POST", body));
      expect(response.status).toBe(401);
      expect((await response.json()).message).toBe("שם משתמש או סיסמה שגויים");
    }
    expect(db().select().from(sessions).all()).toHaveLength(sessionsBefore);
  });

  it("refuses missing fields with 400 and the spec's messages", async () => {
    const response = await app.fetch("/api/auth/login", jsonInit("POST", { email: "x" }));
    expect(response.status).toBe(400);
    const { errors } = await response.json();
    expect(errors).toContainEqual({ path: ["email"], message: "כתובת מייל לא תקינה" });
    expect(errors).toContainEqual({ path: ["password"], message: "סיסמה נדרשת" });
  });
});

describe("/api/auth/user", () => {
  async function demoToken() {
    const response = await app.fetch("/api/auth/login", jsonInit("POST", { email: DEMO_USER.email, password: DEMO_USER.password }));
    return (await response.json()).token as string;
  }

  it("answers 401 without a token, with a bad token, and after the token's session is gone", async () => {
    expect((await app.fetch("/api/auth/user")).status).toBe(401);
    expect((await app.fetch("/api/auth/user", jsonInit("GET", undefined, "made-up-token"))).status).toBe(401);
    const token = await demoToken();
    db().delete(sessions).run();
    expect((await app.fetch("/api/auth/user", jsonInit("GET", undefined, token))).status).toBe(401);
  });

  it("changes the community with PATCH and refuses an unknown one", async () => {
    const token = await demoToken();
    const other = db().select().from(communities).all().at(-1)!;
    const changed = await app.fetch("/api/auth/user", jsonInit("PATCH", { communityId: other.id }, token));
    expect(changed.status).toBe(200);
    expect((await changed.json()).communityId).toBe(other.id);

    const refused = await app.fetch("/api/auth/user", jsonInit("PATCH", { communityId: "nope" }, token));
    expect(refused.status).toBe(422);
    const missing = await app.fetch("/api/auth/user", jsonInit("PATCH", {}, token));
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors[0].message).toBe("יש לבחור קהילה");
    expect(db().select().from(users).where(eq(users.email, DEMO_USER.email)).get()!.communityId).toBe(other.id);
  });

  it("refuses PATCH without sign-in (401)", async () => {
    expect((await app.fetch("/api/auth/user", jsonInit("PATCH", { communityId: firstCommunityId() }))).status).toBe(401);
  });
});

describe("signing out", () => {
  it("ends the session for good: the old cookie replayed afterwards gets 401 from the API and the login page from a page", async () => {
    const cookie = await cookieOf(app, DEMO_USER);
    expect((await app.fetch("/api/auth/user", { headers: { Cookie: cookie } })).status).toBe(200);
    expect((await app.fetch("/profile", { headers: { Cookie: cookie } })).status).toBe(200);

    const out = await app.fetch("/logout", { method: "POST", headers: { Cookie: cookie, Accept: "text/html" } });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/login");

    // The browser drops the cookie; whoever copied it before (a shared computer, a leaked
    // header) replays it, and it opens nothing.
    expect((await app.fetch("/api/auth/user", { headers: { Cookie: cookie } })).status).toBe(401);
    const cart = await app.fetch("/api/cart", { headers: { Cookie: cookie } });
    expect(cart.status).toBe(401);
    expect((await cart.json()).message).toBe("יש להתחבר למערכת");
    const page = await app.fetch("/profile", { headers: { Cookie: cookie } });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/login?redirect=%2Fprofile");
  });
});

describe("GET /api/communities", () => {
  it("lists the active communities with their pickup points", async () => {
    const response = await app.fetch("/api/communities");
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list.length).toBe(db().select().from(communities).all().length);
    for (const community of list) {
      expect(community).toMatchObject({ id: expect.any(String), name: expect.any(String) });
      // Where and when is the pickup points' alone (issue #45).
      expect(community).not.toHaveProperty("pickupDay");
      expect(community).not.toHaveProperty("pickupAddress");
      expect(community.pickupPoints.length).toBeGreaterThan(0);
      expect(community.pickupPoints[0]).toMatchObject({ address: expect.any(String), pickupStartTime: expect.any(String), pickupEndTime: expect.any(String) });
    }
  });

  it("leaves out an inactive community", async () => {
    const hidden = db().select().from(communities).limit(1).get()!;
    db().update(communities).set({ isActive: false }).where(eq(communities.id, hidden.id)).run();
    const list: { id: string }[] = await (await app.fetch("/api/communities")).json();
    expect(list.map((c) => c.id)).not.toContain(hidden.id);
  });
});

describe("unknown API paths", () => {
  it("answer JSON 404", async () => {
    const response = await app.fetch("/api/no-such-thing");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toContain("application/json");
  });
});
