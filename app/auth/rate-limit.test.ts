import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../../tests/support/test-db";
import { clearRateLimit, hitRateLimit, RATE_LIMITS } from "./rate-limit.server";

const db = useTestDatabase();

describe("hitRateLimit", () => {
  it("allows the limit, blocks the next attempt and lifts the block after it expires", () => {
    const rule = RATE_LIMITS.login;
    const start = new Date("2026-11-22T10:00:00Z");
    for (let i = 0; i < rule.max; i++) expect(hitRateLimit(db(), "login", ["email:a@x.com"], start).allowed).toBe(true);
    const blocked = hitRateLimit(db(), "login", ["email:a@x.com"], start);
    expect(blocked).toEqual({ allowed: false, retryAfterMinutes: 15 });
    expect(hitRateLimit(db(), "login", ["email:a@x.com"], new Date(start.getTime() + 14 * 60_000)).allowed).toBe(false);
    expect(hitRateLimit(db(), "login", ["email:a@x.com"], new Date(start.getTime() + 16 * 60_000)).allowed).toBe(true);
  });

  it("counts per identifier and per action, and forgets on clear", () => {
    const now = new Date();
    for (let i = 0; i < RATE_LIMITS.signup.max; i++) hitRateLimit(db(), "signup", ["ip:1.2.3.4"], now);
    expect(hitRateLimit(db(), "signup", ["ip:1.2.3.4"], now).allowed).toBe(false);
    expect(hitRateLimit(db(), "signup", ["ip:5.6.7.8"], now).allowed).toBe(true);
    expect(hitRateLimit(db(), "login", ["ip:1.2.3.4"], now).allowed).toBe(true);
    clearRateLimit(db(), "signup", "ip:1.2.3.4");
    expect(hitRateLimit(db(), "signup", ["ip:1.2.3.4"], now).allowed).toBe(true);
  });

  it("starts counting afresh once the window has passed", () => {
    const start = new Date("2026-11-22T10:00:00Z");
    for (let i = 0; i < RATE_LIMITS["magic-link"].max; i++) hitRateLimit(db(), "magic-link", ["email:b@x.com"], start);
    expect(hitRateLimit(db(), "magic-link", ["email:b@x.com"], new Date(start.getTime() + 16 * 60_000)).allowed).toBe(true);
  });
});
