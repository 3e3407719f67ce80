import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, users } from "~/db/schema";
import { DEMO_ADMIN, DEMO_USER } from "~/demo/seed.server";
import { notify } from "~/services/notifications.server";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

async function tokenOf(email: string, password: string) {
  return (await (await app.fetch("/api/auth/login", jsonInit("POST", { email, password }))).json()).token as string;
}
function userId(email: string) {
  return db().select().from(users).where(eq(users.email, email)).get()!.id;
}

describe("notifications API", () => {
  it("lists, counts and marks the caller's own notifications read", async () => {
    const me = userId(DEMO_USER.email);
    notify(db(), [
      { userId: me, type: "REVIEW_REMINDER", title: "איך היה?", message: "ספרו לשכנים", data: { dealSlug: "cucumbers" } },
      { userId: me, type: "GROUP_COMPLETE", title: "הקבוצה נסגרה", message: "המחיר נקבע" },
    ]);
    const token = await tokenOf(DEMO_USER.email, DEMO_USER.password);
    const list = await (await app.fetch("/api/notifications", jsonInit("GET", undefined, token))).json();
    expect(list).toHaveLength(2);
    expect(list.find((n: { type: string }) => n.type === "REVIEW_REMINDER").data.dealSlug).toBe("cucumbers");
    expect(await (await app.fetch("/api/notifications/count", jsonInit("GET", undefined, token))).json()).toEqual({ count: 2 });

    expect((await app.fetch(`/api/notifications/${list[0].id}/read`, jsonInit("PATCH", undefined, token))).status).toBe(200);
    expect(await (await app.fetch("/api/notifications/count", jsonInit("GET", undefined, token))).json()).toEqual({ count: 1 });
    expect((await app.fetch("/api/notifications/read-all", jsonInit("PATCH", undefined, token))).status).toBe(200);
    expect(await (await app.fetch("/api/notifications/count", jsonInit("GET", undefined, token))).json()).toEqual({ count: 0 });
  });

  it("never shows or changes someone else's notification, and refuses guests", async () => {
    notify(db(), [{ userId: userId(DEMO_USER.email), type: "GROUP_COMPLETE", title: "t", message: "m" }]);
    const mine = db().select().from(notifications).get()!;
    const adminToken = await tokenOf(DEMO_ADMIN.email, DEMO_ADMIN.password);
    expect(await (await app.fetch("/api/notifications", jsonInit("GET", undefined, adminToken))).json()).toEqual([]);
    expect((await app.fetch(`/api/notifications/${mine.id}/read`, jsonInit("PATCH", undefined, adminToken))).status).toBe(404);
    expect(db().select().from(notifications).get()!.isRead).toBe(false);
    expect((await app.fetch("/api/notifications")).status).toBe(401);
    expect((await app.fetch("/api/notifications/count")).status).toBe(401);
  });
});
