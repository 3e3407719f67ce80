// The admin's "replace the set" endpoints refuse a body that is not exactly their shape: an
// unknown key, a missing key, a wrong type, an empty or non-object body all get 400 with a field
// message, and the database stays as it was (once, rows of unknown keys wiped every tier).
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { communities, communityTiers, pickupPoints } from "~/db/schema";
import { DEMO_ADMIN } from "~/demo/seed.server";
import { cookieOf, tokenOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

/** Every row these endpoints could touch, in a fixed order. */
function snapshot() {
  return ["communities", "community_tiers", "pickup_points", "weekly_cycles", "groups", "event_logs"].map((table) =>
    db().all(sql`select * from ${sql.identifier(table)} order by id`),
  );
}

/** The first active community that has tiers and a pickup point (the demo data's). */
function seeded() {
  const community = db()
    .select()
    .from(communities)
    .where(eq(communities.isActive, true))
    .orderBy(communities.name)
    .all()
    .find((c) => db().select().from(pickupPoints).where(eq(pickupPoints.communityId, c.id)).get())!;
  const point = db().select().from(pickupPoints).where(eq(pickupPoints.communityId, community.id)).get()!;
  return { communityId: community.id, pointId: point.id };
}

const TIER = { minRevenue: "0", discountPercent: 5, tierName: "פתיחה" };
const SETTINGS = { deadlineDay: 3, deadlineTime: "20:00", weeklyTargetRevenue: "1500.00" };
const POINT = { address: "מרכז קהילתי, הוורד 5", pickupDays: [5], pickupStartTime: "09:00", pickupEndTime: "12:00" };
const without = <T extends object>(value: T, key: keyof T) => Object.fromEntries(Object.entries(value).filter(([k]) => k !== key));

const UNKNOWN = "השדה הזה לא שייך לכאן. הסירו אותו ושלחו שוב";
const NOT_JSON_OBJECT = "גוף הבקשה אינו JSON תקין";

interface Endpoint {
  name: string;
  method: string;
  path: (ids: { communityId: string; pointId: string }) => string;
}
const TIERS: Endpoint = { name: "PUT tiers", method: "PUT", path: ({ communityId }) => `/api/admin/communities/${communityId}/tiers` };
const CYCLE: Endpoint = { name: "PUT cycle-settings", method: "PUT", path: ({ communityId }) => `/api/admin/communities/${communityId}/cycle-settings` };
const ADD_POINT: Endpoint = { name: "POST pickup-points", method: "POST", path: ({ communityId }) => `/api/admin/communities/${communityId}/pickup-points` };
const EDIT_POINT: Endpoint = { name: "PUT pickup-point", method: "PUT", path: ({ pointId }) => `/api/admin/pickup-points/${pointId}` };

type Case = [string, Endpoint, unknown, { path: (string | number)[]; message: string }[] | string];
const cases: Case[] = [
  // The bug that started it: rows of unknown keys read as blank rows, so the set was emptied.
  ["rows of unknown keys", TIERS, { tiers: [{ min: "0", discount: 5, name: "פתיחה" }] }, [
    { path: ["tiers", 0, "minRevenue"], message: "מאיזה סכום המדרגה מתחילה? כתבו סכום בשקלים" },
    { path: ["tiers", 0, "discountPercent"], message: "כמה אחוז הנחה נותנת המדרגה?" },
    { path: ["tiers", 0, "tierName"], message: "תנו למדרגה שם, למשל 'כסף' או 'זהב'" },
    { path: ["tiers", 0, "min"], message: UNKNOWN },
    { path: ["tiers", 0, "discount"], message: UNKNOWN },
    { path: ["tiers", 0, "name"], message: UNKNOWN },
  ]],
  ["an unknown key beside good rows", TIERS, { tiers: [TIER], replace: true }, [{ path: ["replace"], message: UNKNOWN }]],
  ["an extra key in a row", TIERS, { tiers: [{ ...TIER, colour: "gold" }] }, [{ path: ["tiers", 0, "colour"], message: UNKNOWN }]],
  ["a row without its name", TIERS, { tiers: [without(TIER, "tierName")] }, [{ path: ["tiers", 0, "tierName"], message: "תנו למדרגה שם, למשל 'כסף' או 'זהב'" }]],
  ["a row of the wrong type", TIERS, { tiers: ["gold"] }, [{ path: ["tiers", 0], message: "לכל מדרגה צריך סכום התחלה, אחוז הנחה ושם" }]],
  ["a discount of the wrong type", TIERS, { tiers: [{ ...TIER, discountPercent: true }] }, [{ path: ["tiers", 0, "discountPercent"], message: "הנחה היא מספר שלם של אחוזים, למשל 10" }]],
  ["tiers that are not a list", TIERS, { tiers: { 0: TIER } }, [{ path: ["tiers"], message: "רשימת המדרגות לא תקינה" }]],
  ["an empty object", TIERS, {}, [{ path: ["tiers"], message: "רשימת המדרגות לא תקינה" }]],
  ["a bare list", TIERS, [TIER], NOT_JSON_OBJECT],
  ["no body", TIERS, undefined, NOT_JSON_OBJECT],

  ["an unknown key", CYCLE, { ...SETTINGS, weeklyTarget: "900" }, [{ path: ["weeklyTarget"], message: UNKNOWN }]],
  // The pickup day is the pickup points' (issue #45): an old client's is refused, not ignored.
  ["the old pickup day", CYCLE, { ...SETTINGS, pickupDay: 5 }, [{ path: ["pickupDay"], message: UNKNOWN }]],
  ["a missing key", CYCLE, without(SETTINGS, "deadlineTime"), [{ path: ["deadlineTime"], message: "כתבו שעת סגירה בפורמט 20:00" }]],
  ["a wrong type", CYCLE, { ...SETTINGS, deadlineDay: "Wednesday" }, [{ path: ["deadlineDay"], message: "בחרו את יום סגירת ההזמנות" }]],
  ["an empty object", CYCLE, {}, [
    { path: ["deadlineDay"], message: "בחרו את יום סגירת ההזמנות" },
    { path: ["deadlineTime"], message: "כתבו שעת סגירה בפורמט 20:00" },
    { path: ["weeklyTargetRevenue"], message: "כתבו מינימום שבועי בשקלים: 0 אם אין מינימום, או לפחות 1 ₪, למשל 5000" },
  ]],
  ["a bare list", CYCLE, [SETTINGS], NOT_JSON_OBJECT],

  ["an unknown key", ADD_POINT, { ...POINT, days: [1] }, [{ path: ["days"], message: UNKNOWN }]],
  ["a missing key", ADD_POINT, without(POINT, "pickupDays"), [{ path: ["pickupDays"], message: "סמנו לפחות יום איסוף אחד" }]],
  ["a wrong type", ADD_POINT, { ...POINT, pickupDays: "5" }, [{ path: ["pickupDays"], message: "סמנו לפחות יום איסוף אחד" }]],
  ["an empty object", ADD_POINT, {}, "כתבו את כתובת הנקודה"],
  ["a bare list", ADD_POINT, [POINT], NOT_JSON_OBJECT],

  ["an unknown key", EDIT_POINT, { ...POINT, isActive: false }, [{ path: ["isActive"], message: UNKNOWN }]],
  ["a missing key", EDIT_POINT, without(POINT, "address"), [{ path: ["address"], message: "כתבו את כתובת הנקודה" }]],
  ["a wrong type", EDIT_POINT, { ...POINT, pickupStartTime: 900 }, [{ path: ["pickupStartTime"], message: "כתבו שעת התחלה בפורמט 16:00" }]],
  ["an empty object", EDIT_POINT, {}, "כתבו את כתובת הנקודה"],
  ["a bare list", EDIT_POINT, [POINT], NOT_JSON_OBJECT],
];

describe("the admin's replace-the-set endpoints refuse a body that is not their shape", () => {
  it.each(cases.map(([label, endpoint, body, expected]) => [`${endpoint.name}, ${label},`, endpoint, body, expected] as const))("%s gets 400 and changes nothing", async (_, endpoint, body, expected) => {
    const token = await tokenOf(app, DEMO_ADMIN);
    const before = snapshot();
    const response = await app.fetch(endpoint.path(seeded()), jsonInit(endpoint.method, body, token));
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { message: string; errors?: { path: (string | number)[]; message: string }[] };
    if (typeof expected === "string") expect(answer.message).toBe(expected);
    else {
      expect(answer.errors).toEqual(expected);
      expect(answer.message).toBe(expected[0]!.message);
    }
    expect(snapshot()).toEqual(before);
  });

  it("still takes a good body on each of them", async () => {
    const token = await tokenOf(app, DEMO_ADMIN);
    const ids = seeded();
    const good: [Endpoint, unknown, number][] = [
      [TIERS, { tiers: [TIER, { minRevenue: 1000.5, discountPercent: "10", tierName: "כסף" }] }, 200],
      [CYCLE, SETTINGS, 200],
      [ADD_POINT, { ...POINT, instructions: "בכניסה האחורית", contactPhone: "0521234567" }, 201],
      [EDIT_POINT, POINT, 200],
    ];
    for (const [endpoint, body, status] of good) {
      expect((await app.fetch(endpoint.path(ids), jsonInit(endpoint.method, body, token))).status, endpoint.name).toBe(status);
    }
    // An explicit empty list is how an admin clears the tiers on purpose.
    const cleared = await app.fetch(TIERS.path(ids), jsonInit("PUT", { tiers: [] }, token));
    expect(cleared.status).toBe(200);
    expect(await cleared.json()).toEqual({ tiers: [] });
  });
});

describe("the community page's forms, which share these schemas", () => {
  it("still save the week, a pickup point edit and tiers with a blank spare row, hidden fields and all", async () => {
    const cookie = await cookieOf(app, DEMO_ADMIN);
    const { communityId, pointId } = seeded();
    const post = (fields: [string, string][]) =>
      app.fetch(`/admin/communities/${communityId}`, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie, Accept: "text/html" } });

    const week = await post([["intent", "cycle"], ["deadlineDay", "2"], ["deadlineTime", "19:30"], ["minimumChoice", "amount"], ["weeklyTargetRevenue", "2500"]]);
    expect(week.status).toBe(302);
    expect(db().select().from(communities).where(eq(communities.id, communityId)).get()).toMatchObject({ deadlineDay: 2, deadlineTime: "19:30", weeklyTargetRevenue: 250000 });

    const point = await post([
      ["intent", "pickup-edit"],
      ["pointId", pointId],
      ["address", "ספריית השכונה"],
      ["pickupDays", "1"],
      ["pickupDays", "4"],
      ["pickupStartTime", "16:00"],
      ["pickupEndTime", "19:00"],
      ["instructions", ""],
      ["contactPhone", ""],
    ]);
    expect(point.status).toBe(302);
    expect(db().select().from(pickupPoints).where(eq(pickupPoints.id, pointId)).get()).toMatchObject({ address: "ספריית השכונה", pickupDays: [1, 4], instructions: null });

    const tiers = await post([
      ["intent", "tiers"],
      ["tiers[0].minRevenue", "0"],
      ["tiers[0].discountPercent", "3"],
      ["tiers[0].tierName", "בסיס"],
      ["tiers[1].minRevenue", ""],
      ["tiers[1].discountPercent", ""],
      ["tiers[1].tierName", ""],
    ]);
    expect(tiers.status).toBe(302);
    const saved = db().select().from(communityTiers).where(eq(communityTiers.communityId, communityId)).all();
    expect(saved.map((t) => [t.minRevenue, t.discountPercent, t.tierName])).toEqual([[0, 3, "בסיס"]]);

    // A field the form does not have is refused there too, and nothing changes.
    const before = snapshot();
    const odd = await post([["intent", "cycle"], ["deadlineDay", "2"], ["deadlineTime", "19:30"], ["minimumChoice", "amount"], ["weeklyTargetRevenue", "2500"], ["isActive", "0"]]);
    expect(odd.status).toBe(400);
    expect(snapshot()).toEqual(before);
  });
});
