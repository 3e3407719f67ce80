import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { hitRateLimit } from "~/auth/rate-limit.server";
import { magicTokens, rateLimits, sessions } from "~/db/schema";
import { useTestDatabase } from "../../tests/support/test-db";
import { deleteExpiredRows, EMAIL_TOKEN_GRACE_MS, HOUSEKEEPING_EVERY_MS, startHousekeeping, stopHousekeeping } from "./housekeeping.server";

const db = useTestDatabase();
const NOW = new Date("2026-11-23T12:00:00Z");
const MINUTE = 60_000;
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const later = (ms: number) => new Date(NOW.getTime() + ms);

beforeEach(() => {
  // Start from empty auth tables, whatever the template holds.
  db().delete(sessions).run();
  db().delete(magicTokens).run();
  db().delete(rateLimits).run();
});

function addSession(sid: string, expire: Date) {
  db().insert(sessions).values({ sid, sess: { userId: "u", kind: "web" }, expire }).run();
}

function addToken(tokenHash: string, expiresAt: Date, usedAt: Date | null = null) {
  db().insert(magicTokens).values({ tokenHash, email: "noa@example.com", userId: null, expiresAt, usedAt, meta: { purpose: "magic" } }).run();
}

function addLimit(identifier: string, action: string, lastAttemptAt: Date, blockedUntil: Date | null = null) {
  db().insert(rateLimits).values({ identifier, action, attempts: 3, lastAttemptAt, blockedUntil }).run();
}

const left = {
  sessions: () => db().select({ sid: sessions.sid }).from(sessions).all().map((r) => r.sid).sort(),
  tokens: () => db().select({ hash: magicTokens.tokenHash }).from(magicTokens).all().map((r) => r.hash).sort(),
  limits: () => db().select({ id: rateLimits.identifier }).from(rateLimits).all().map((r) => r.id).sort(),
};

describe("deleteExpiredRows", () => {
  it("deletes expired sessions and keeps live ones", () => {
    addSession("expired", ago(MINUTE));
    addSession("expires-now", NOW);
    addSession("live", later(30 * 24 * 60 * MINUTE));
    expect(deleteExpiredRows(db(), NOW).sessions).toBe(2);
    expect(left.sessions()).toEqual(["live"]);
  });

  it("deletes e-mail tokens used or expired more than the grace period ago, and keeps the rest", () => {
    addToken("expired-long-ago", ago(EMAIL_TOKEN_GRACE_MS + MINUTE));
    addToken("used-long-ago", ago(EMAIL_TOKEN_GRACE_MS + 2 * MINUTE), ago(EMAIL_TOKEN_GRACE_MS + 5 * MINUTE));
    addToken("expired-recently", ago(60 * MINUTE));
    addToken("used-recently", later(5 * MINUTE), ago(10 * MINUTE));
    addToken("live", later(10 * MINUTE));
    expect(deleteExpiredRows(db(), NOW).emailTokens).toBe(2);
    expect(left.tokens()).toEqual(["expired-recently", "live", "used-recently"]);
  });

  it("deletes rate-limit rows whose window has passed or whose block has lifted, and keeps those still counting", () => {
    addLimit("login-window-passed", "login", ago(16 * MINUTE)); // login counts 15 minutes
    addLimit("login-counting", "login", ago(5 * MINUTE));
    addLimit("signup-counting", "signup", ago(16 * MINUTE)); // signup counts an hour
    addLimit("signup-window-passed", "signup", ago(61 * MINUTE));
    addLimit("login-blocked", "login", ago(20 * MINUTE), later(MINUTE));
    addLimit("login-block-lifted", "login", ago(20 * MINUTE), ago(MINUTE));
    addLimit("retired-action-old", "no-longer-limited", ago(61 * MINUTE));
    addLimit("retired-action-recent", "no-longer-limited", ago(30 * MINUTE));
    expect(deleteExpiredRows(db(), NOW).rateLimits).toBe(4);
    expect(left.limits()).toEqual(["login-blocked", "login-counting", "retired-action-recent", "signup-counting"]);
  });

  it("answers every count at once, and changes nothing a second time", () => {
    addSession("expired", ago(MINUTE));
    addToken("expired-long-ago", ago(EMAIL_TOKEN_GRACE_MS + MINUTE));
    addLimit("login-window-passed", "login", ago(16 * MINUTE));
    expect(deleteExpiredRows(db(), NOW)).toEqual({ sessions: 1, emailTokens: 1, rateLimits: 1, mails: 0 });
    expect(deleteExpiredRows(db(), NOW)).toEqual({ sessions: 0, emailTokens: 0, rateLimits: 0, mails: 0 });
  });

  it("leaves a blocked address blocked", () => {
    const keys = ["ip:192.0.2.9"];
    for (let i = 0; i < 6; i++) hitRateLimit(db(), "magic-link", keys, NOW);
    expect(hitRateLimit(db(), "magic-link", keys, later(MINUTE)).allowed).toBe(false);
    deleteExpiredRows(db(), later(2 * MINUTE));
    expect(hitRateLimit(db(), "magic-link", keys, later(3 * MINUTE)).allowed).toBe(false);
  });
});

describe("startHousekeeping", () => {
  afterEach(() => {
    stopHousekeeping();
    vi.useRealTimers();
  });

  it("cleans at once, then every hour, on a timer that does not hold the process open", () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    addSession("expired-at-start", new Date(Date.now() - MINUTE));
    const interval = vi.spyOn(globalThis, "setInterval");
    startHousekeeping(db());
    expect(left.sessions()).toEqual([]);
    expect(info).toHaveBeenCalledWith(expect.stringContaining("deleted 1 sessions"));
    expect(interval).toHaveBeenCalledWith(expect.any(Function), HOUSEKEEPING_EVERY_MS);
    expect((interval.mock.results[0]!.value as NodeJS.Timeout).hasRef()).toBe(false);

    addSession("expired-later", new Date(Date.now() - MINUTE));
    vi.advanceTimersByTime(HOUSEKEEPING_EVERY_MS - 1);
    expect(left.sessions()).toEqual(["expired-later"]);
    vi.advanceTimersByTime(1);
    expect(left.sessions()).toEqual([]);
  });
});
