import { describe, expect, it } from "vitest";
import { readUnsubscribeToken, unsubscribeToken } from "./unsubscribe-token.server";

describe("the unsubscribe token", () => {
  const secret = "s".repeat(64);
  const userId = "0b6c1d2e-3f40-4a5b-8c6d-7e8f90a1b2c3";

  it("names its person and mail type back", () => {
    expect(readUnsubscribeToken(secret, unsubscribeToken(secret, userId, "weeklyDigest"))).toEqual({ userId, type: "weeklyDigest" });
  });

  it("refuses a token signed with another secret, for another person or type, or cut short", () => {
    const token = unsubscribeToken(secret, userId, "deadlineReminder");
    const [, , signature] = token.split(".");
    expect(readUnsubscribeToken("other", token)).toBeNull();
    expect(readUnsubscribeToken(secret, `${userId.replace("0b", "0c")}.deadlineReminder.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(secret, `${userId}.weeklyDigest.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(secret, token.slice(0, -1))).toBeNull();
    expect(readUnsubscribeToken(secret, `${userId}.orderPlaced.${signature}`)).toBeNull();
    expect(readUnsubscribeToken(secret, "")).toBeNull();
    expect(readUnsubscribeToken(secret, `${token}.more`)).toBeNull();
  });
});
