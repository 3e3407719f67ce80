import { describe, expect, it } from "vitest";
import { readUnsubscribeToken, unsubscribeToken, wantsMail } from "./mail-preferences";

const on = { emailNotifications: true, mailDeadlineReminder: true, mailWeeklyDigest: true };

describe("optional mail switches", () => {
  it("sends a type only when the e-mail switch and its own switch are both on", () => {
    expect(wantsMail(on, "deadlineReminder")).toBe(true);
    expect(wantsMail({ ...on, emailNotifications: false }, "deadlineReminder")).toBe(false);
    expect(wantsMail({ ...on, mailDeadlineReminder: false }, "deadlineReminder")).toBe(false);
    expect(wantsMail({ ...on, mailDeadlineReminder: false }, "weeklyDigest")).toBe(true);
    expect(wantsMail({ ...on, mailWeeklyDigest: false }, "weeklyDigest")).toBe(false);
  });
});

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
