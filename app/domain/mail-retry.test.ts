import { describe, expect, it } from "vitest";
import { afterFailure, MAIL_MAX_ATTEMPTS, retryDelayMs } from "./mail-retry";

describe("the outbox's retries", () => {
  it("waits a minute after the first refusal, then twice as long each time", () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([60_000, 120_000, 240_000, 480_000]);
  });

  it("never waits more than six hours between tries", () => {
    expect(retryDelayMs(12)).toBe(6 * 60 * 60_000);
    expect(retryDelayMs(40)).toBe(6 * 60 * 60_000);
  });

  it("tries again until the last attempt, then gives up", () => {
    expect(afterFailure(1, 1_000)).toEqual({ status: "WAITING", at: 61_000 });
    expect(afterFailure(MAIL_MAX_ATTEMPTS - 1, 0).status).toBe("WAITING");
    expect(afterFailure(MAIL_MAX_ATTEMPTS, 0)).toEqual({ status: "FAILED" });
  });

  it("keeps trying for about three days before it gives up", () => {
    let total = 0;
    for (let n = 1; n < MAIL_MAX_ATTEMPTS; n++) total += retryDelayMs(n);
    expect(total / 3_600_000).toBeGreaterThan(48);
    expect(total / 3_600_000).toBeLessThan(96);
  });
});
