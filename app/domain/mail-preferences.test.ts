import { describe, expect, it } from "vitest";
import { wantsMail } from "./mail-preferences";

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
