import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { notifications, users } from "~/db/schema";
import { DEMO_USER } from "~/demo/seed.server";
import { useTestDatabase } from "../../tests/support/test-db";
import { headerSummary } from "./header.server";

const db = useTestDatabase();

function demo() {
  return db().select().from(users).where(eq(users.email, DEMO_USER.email)).get()!;
}

describe("headerSummary", () => {
  it("counts unread notifications and lists the newest six, newest first", () => {
    const user = demo();
    const before = headerSummary(db(), user).unreadNotifications;
    for (let n = 0; n < 8; n++) {
      db()
        .insert(notifications)
        .values({ userId: user.id, type: "GROUP_COMPLETE", title: `הודעה ${n}`, message: "…", isRead: n === 0, createdAt: new Date(Date.UTC(2030, 0, 1, 0, n)) })
        .run();
    }
    const summary = headerSummary(db(), user);
    expect(summary.unreadNotifications).toBe(before + 7);
    expect(summary.recentNotifications.map((item) => item.title)).toEqual(["הודעה 7", "הודעה 6", "הודעה 5", "הודעה 4", "הודעה 3", "הודעה 2"]);
  });

  it("follows a write of this connection and of another worker at once", () => {
    const user = demo();

    db().update(notifications).set({ isRead: true }).where(eq(notifications.userId, user.id)).run();
    expect(headerSummary(db(), user).unreadNotifications).toBe(0);

    const other = openDatabase(db().$client.name);
    try {
      other.insert(notifications).values({ userId: user.id, type: "GROUP_COMPLETE", title: "מעובד אחר", message: "…", isRead: false }).run();
    } finally {
      other.$client.close();
    }
    const after = headerSummary(db(), user);
    expect(after.unreadNotifications).toBe(1);
    expect(after.recentNotifications[0]!.title).toBe("מעובד אחר");
  });
});
