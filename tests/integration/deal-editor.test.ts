import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { createHash } from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { hashPassword } from "~/auth/password.server";
import { communities, dealPictures, deals, dealTiers, eventLogs, groups, users, vendors, weeklyCycles } from "~/db/schema";
import { DEMO_ADMIN, DEMO_USER, DEMO_VENDOR } from "~/demo/seed.server";
import { MAX_IMAGE_BYTES, MAX_UPLOAD_BODY_BYTES } from "~/domain/image-upload";
import { cookieOf, tokenOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

// A real 1x1 PNG.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

/** A second VENDOR account with its own linked vendors row. */
async function otherVendor() {
  const person = { email: `grower-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "another-vendor-password" };
  const user = db()
    .insert(users)
    .values({ email: person.email, passwordHash: await hashPassword(person.password), role: "VENDOR", firstName: "דנה", lastName: "פרץ" })
    .returning()
    .get();
  db().insert(vendors).values({ name: "משק פרץ", userId: user.id }).run();
  return person;
}

function dealBody(overrides: Record<string, unknown> = {}) {
  return {
    title: "עגבניות שרי מהחממה",
    description: "עגבניות שרי מתוקות, נקטפות בבוקר ומגיעות אליכם באותו שבוע.",
    category: "vegetables",
    unit: "קילו",
    basePrice: "14.90",
    minQty: 1,
    maxQty: 30,
    tiers: [
      { thresholdQty: 5, unitPrice: "13.50" },
      { thresholdQty: 10, unitPrice: "12.00" },
    ],
    ...overrides,
  };
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function auditRows(dealId: string) {
  return db()
    .select()
    .from(eventLogs)
    .where(sql`json_extract(${eventLogs.payload}, '$.entityId') = ${dealId}`)
    .orderBy(asc(eventLogs.createdAt))
    .all();
}

function dealRow(id: string) {
  return db().select().from(deals).where(eq(deals.id, id)).get()!;
}

/** Every stored picture row, as `<hash>-<width>` (width 0: the original). */
function uploadsNow(): string[] {
  return db()
    .select({ hash: dealPictures.hash, width: dealPictures.width })
    .from(dealPictures)
    .all()
    .map((row) => `${row.hash}-${row.width}`)
    .sort();
}

/** The stored bytes behind one of our picture names (`<hash>.jpg`, `<hash>-400.webp`), or undefined. */
function storedPicture(name: string): Buffer | undefined {
  const match = /^([a-f0-9]{32})(?:-(\d+))?\./.exec(name)!;
  return db()
    .select({ bytes: dealPictures.bytes })
    .from(dealPictures)
    .where(and(eq(dealPictures.hash, match[1]!), eq(dealPictures.width, Number(match[2] ?? 0))))
    .get()?.bytes;
}

async function upload(token: string, dealId: string, files: { name: string; bytes: Buffer | Uint8Array; type: string }[]) {
  const form = new FormData();
  for (const file of files) form.append("images", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return app.fetch(`/api/vendor/deals/${dealId}/images`, { method: "POST", body: form, headers: bearer(token) });
}

async function createDraft(token: string, overrides: Record<string, unknown> = {}) {
  const response = await app.fetch("/api/vendor/deals", jsonInit("POST", dealBody(overrides), token));
  expect(response.status).toBe(201);
  return response.json();
}

describe("a deal's life through the API", () => {
  it("vendor creates, edits, submits; admin sends back; vendor fixes and resubmits; admin activates; shoppers can buy; end; archive", async () => {
    const vendorToken = await tokenOf(app, DEMO_VENDOR);
    const adminToken = await tokenOf(app, DEMO_ADMIN);
    const vendorUser = db().select().from(users).where(eq(users.email, DEMO_VENDOR.email)).get()!;
    const adminUser = db().select().from(users).where(eq(users.email, DEMO_ADMIN.email)).get()!;

    // Create: always a DRAFT of the caller's own vendor, money as decimal strings.
    const created = await createDraft(vendorToken, { status: "ACTIVE" });
    expect(created).toMatchObject({
      title: "עגבניות שרי מהחממה",
      slug: "עגבניות-שרי-מהחממה",
      basePrice: "14.90",
      status: "DRAFT",
      inReview: false,
      tiers: [
        { thresholdQty: 5, unitPrice: "13.50" },
        { thresholdQty: 10, unitPrice: "12.00" },
      ],
      canEdit: true,
      actions: ["submit"],
    });
    const id = created.id as string;
    expect(dealRow(id).basePrice).toBe(1490);
    expect(dealRow(id).vendorId).toBe(db().select().from(vendors).where(eq(vendors.userId, vendorUser.id)).get()!.id);

    // Edit: new price and one tier.
    const edited = await app.fetch(`/api/vendor/deals/${id}`, jsonInit("PUT", dealBody({ basePrice: 13, tiers: [{ thresholdQty: 6, unitPrice: 11 }] }), vendorToken));
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ basePrice: "13.00", tiers: [{ thresholdQty: 6, unitPrice: "11.00" }], slug: "עגבניות-שרי-מהחממה" });
    expect(db().select().from(dealTiers).where(eq(dealTiers.dealId, id)).all()).toHaveLength(1);

    // Submit: in review, no longer editable by the vendor.
    const submitted = await app.fetch(`/api/vendor/deals/${id}/submit`, jsonInit("POST", undefined, vendorToken));
    expect(submitted.status).toBe(200);
    expect(await submitted.json()).toMatchObject({ status: "DRAFT", inReview: true, canEdit: false, actions: [] });
    const locked = await app.fetch(`/api/vendor/deals/${id}`, jsonInit("PUT", dealBody({ title: "שינוי בזמן בדיקה" }), vendorToken));
    expect(locked.status).toBe(409);
    expect((await locked.json()).message).toBe("אי אפשר לערוך את המבצע במצב הנוכחי שלו");

    // The admin's queue lists it; send back needs a note.
    const queue = await (await app.fetch("/api/admin/deals", jsonInit("GET", undefined, adminToken))).json();
    expect(queue.queue.map((d: { id: string }) => d.id)).toContain(id);
    const noNote = await app.fetch(`/api/admin/deals/${id}/sendBack`, jsonInit("POST", { note: " " }, adminToken));
    expect(noNote.status).toBe(422);
    expect((await noNote.json()).message).toBe("כתבו לספק מה לתקן (לפחות 3 תווים)");
    expect(dealRow(id).submittedAt).not.toBeNull();
    const sentBack = await app.fetch(`/api/admin/deals/${id}/sendBack`, jsonInit("POST", { note: "חסרה תמונה של המוצר" }, adminToken));
    expect(sentBack.status).toBe(200);
    expect(await sentBack.json()).toMatchObject({ inReview: false, reviewNote: "חסרה תמונה של המוצר" });

    // The vendor reads the note, edits, resubmits.
    const mine = await (await app.fetch(`/api/vendor/deals/${id}`, jsonInit("GET", undefined, vendorToken))).json();
    expect(mine).toMatchObject({ reviewNote: "חסרה תמונה של המוצר", canEdit: true, actions: ["submit"] });
    expect((await upload(vendorToken, id, [{ name: "tomatoes.png", bytes: PNG, type: "image/png" }])).status).toBe(201);
    expect((await app.fetch(`/api/vendor/deals/${id}/submit`, jsonInit("POST", undefined, vendorToken))).status).toBe(200);
    expect(dealRow(id).reviewNote).toBeNull();

    // A vendor cannot activate its own deal.
    expect((await app.fetch(`/api/vendor/deals/${id}/activate`, jsonInit("POST", undefined, vendorToken))).status).toBe(404);

    // Activate: a group in every active community's open cycle, on sale at once.
    const activated = await app.fetch(`/api/admin/deals/${id}/activate`, jsonInit("POST", undefined, adminToken));
    expect(activated.status).toBe(200);
    expect(await activated.json()).toMatchObject({ status: "ACTIVE", actions: ["end"] });
    const openCycles = db()
      .select({ id: weeklyCycles.id })
      .from(weeklyCycles)
      .innerJoin(communities, eq(communities.id, weeklyCycles.communityId))
      .where(and(eq(weeklyCycles.isActive, true), eq(communities.isActive, true)))
      .all();
    expect(openCycles.length).toBeGreaterThan(0);
    const dealGroups = db().select().from(groups).where(eq(groups.dealId, id)).all();
    expect(dealGroups.map((g) => g.weeklyCycleId).sort()).toEqual(openCycles.map((c) => c.id).sort());
    expect(dealGroups.every((g) => g.status === "OPEN")).toBe(true);

    const shopperToken = await tokenOf(app, DEMO_USER);
    const listed = await (await app.fetch(`/api/deals?q=${encodeURIComponent("שרי מהחממה")}`, jsonInit("GET", undefined, shopperToken))).json();
    const onSale = listed.find((d: { id: string }) => d.id === id);
    expect(onSale).toBeTruthy();
    expect(onSale.groups.length).toBeGreaterThan(0);
    const added = await app.fetch("/api/cart", jsonInit("POST", { dealId: id, groupId: onSale.groups[0].id, qty: 2 }, shopperToken));
    expect(added.status).toBe(201);

    // End: shoppers can no longer add it.
    expect((await app.fetch(`/api/vendor/deals/${id}/end`, jsonInit("POST", { confirmed: "yes" }, vendorToken))).status).toBe(200);
    expect(dealRow(id).status).toBe("ENDED");
    expect(dealRow(id).endAt).not.toBeNull();
    const refused = await app.fetch("/api/cart", jsonInit("POST", { dealId: id, groupId: onSale.groups[0].id, qty: 1 }, shopperToken));
    expect(refused.status).toBe(404);

    // Archive: admins only.
    expect((await app.fetch(`/api/vendor/deals/${id}/archive`, jsonInit("POST", { confirmed: "yes" }, vendorToken))).status).toBe(404);
    const archived = await app.fetch(`/api/admin/deals/${id}/archive`, jsonInit("POST", { confirmed: "yes" }, adminToken));
    expect(archived.status).toBe(200);
    expect(dealRow(id).status).toBe("ARCHIVED");
    // Nothing more can happen to an archived deal.
    expect((await app.fetch(`/api/admin/deals/${id}/end`, jsonInit("POST", { confirmed: "yes" }, adminToken))).status).toBe(409);
    expect((await app.fetch(`/api/admin/deals/${id}`, jsonInit("PUT", dealBody(), adminToken))).status).toBe(409);

    // Every step left its audit row, with the actor and the record before and after.
    const log = auditRows(id);
    expect(log.map((row) => row.type)).toEqual([
      "deal.created",
      "deal.updated",
      "deal.submitted",
      "deal.sent_back",
      "deal.updated",
      "deal.submitted",
      "deal.activated",
      "deal.ended",
      "deal.archived",
    ]);
    const actors = log.map((row) => row.actorUserId);
    expect(actors).toEqual([vendorUser.id, vendorUser.id, vendorUser.id, adminUser.id, vendorUser.id, vendorUser.id, adminUser.id, vendorUser.id, adminUser.id]);
    const payload = (i: number) => log[i].payload as { before?: { basePrice?: number; status?: string; submittedAt?: string | null }; after: { basePrice?: number; status: string }; note?: string };
    expect(payload(0).before).toBeUndefined();
    expect(payload(0).after).toMatchObject({ status: "DRAFT", basePrice: 1490 });
    expect(payload(1).before).toMatchObject({ basePrice: 1490 });
    expect(payload(1).after).toMatchObject({ basePrice: 1300 });
    expect(payload(3)).toMatchObject({ note: "חסרה תמונה של המוצר", after: { status: "DRAFT" } });
    expect(payload(6)).toMatchObject({ before: { status: "DRAFT" }, after: { status: "ACTIVE" } });
    expect(payload(8)).toMatchObject({ before: { status: "ENDED" }, after: { status: "ARCHIVED" } });
  });

  it("gives a clashing title's slug -2, -3, and keeps an edited slug unique too", async () => {
    const token = await tokenOf(app, DEMO_VENDOR);
    const first = await createDraft(token, { title: "תפוחי עץ ירוקים" });
    const second = await createDraft(token, { title: "תפוחי עץ ירוקים!" });
    const third = await createDraft(token, { title: "תפוחי  עץ  ירוקים" });
    expect([first.slug, second.slug, third.slug]).toEqual(["תפוחי-עץ-ירוקים", "תפוחי-עץ-ירוקים-2", "תפוחי-עץ-ירוקים-3"]);
    const renamed = await app.fetch(`/api/vendor/deals/${third.id}`, jsonInit("PUT", dealBody({ title: "תפוחי עץ ירוקים", slug: "Granny Smith Crate" }), token));
    expect((await renamed.json()).slug).toBe("granny-smith-crate");
    const clash = await app.fetch(`/api/vendor/deals/${second.id}`, jsonInit("PUT", dealBody({ title: "תפוחי עץ ירוקים", slug: "granny smith crate" }), token));
    expect((await clash.json()).slug).toBe("granny-smith-crate-2");
  });

  it("refuses bad input with 4xx and a Hebrew message, never 500, and changes nothing", async () => {
    const token = await tokenOf(app, DEMO_VENDOR);
    const before = db().select({ n: sql<number>`count(*)` }).from(deals).get()!.n;
    const cases: [Record<string, unknown>, string][] = [
      [dealBody({ title: "" }), "כתבו שם למבצע (לפחות 2 אותיות)"],
      [dealBody({ basePrice: "12.345" }), "המחיר צריך להיות מספר בשקלים, עם עד שתי ספרות אחרי הנקודה (למשל 12.90)"],
      [dealBody({ category: "meat" }), "בחרו קטגוריה מהרשימה"],
      [dealBody({ minQty: 10, maxQty: 5, tiers: [] }), "הכמות המקסימלית צריכה להיות לפחות כמו המינימלית"],
      [dealBody({ maxQty: 5000 }), "הכמות יכולה להיות עד 1000"],
      [dealBody({ tiers: [{ thresholdQty: 5, unitPrice: "20" }] }), "המחיר במדרגה צריך להיות נמוך מהמחיר הרגיל ליחידה"],
      [dealBody({ tiers: [{ thresholdQty: 5, unitPrice: "12" }, { thresholdQty: 4, unitPrice: "11" }] }), "כל מדרגה צריכה להתחיל בכמות גדולה מהמדרגה שלפניה"],
      [dealBody({ tiers: [{ thresholdQty: 5, unitPrice: "12" }, { thresholdQty: 8, unitPrice: "12.50" }] }), "המחיר במדרגה צריך להיות נמוך מהמחיר במדרגה שלפניה"],
    ];
    for (const [body, message] of cases) {
      const response = await app.fetch("/api/vendor/deals", jsonInit("POST", body, token));
      expect(response.status, message).toBe(400);
      const answer = await response.json();
      expect(answer.errors.map((e: { message: string }) => e.message)).toContain(message);
    }
    const notJson = await app.fetch("/api/vendor/deals", { method: "POST", body: "{oops", headers: { ...bearer(token), "Content-Type": "application/json" } });
    expect(notJson.status).toBe(400);
    expect((await app.fetch("/api/vendor/deals/no-such-deal", jsonInit("GET", undefined, token))).status).toBe(404);
    expect((await app.fetch("/api/vendor/deals/no-such-deal/submit", jsonInit("POST", undefined, token))).status).toBe(404);
    expect((await app.fetch("/api/vendor/deals/no-such-deal/dance", jsonInit("POST", undefined, token))).status).toBe(404);
    expect(db().select({ n: sql<number>`count(*)` }).from(deals).get()!.n).toBe(before);
  });
});

describe("who may touch a deal", () => {
  it("a second vendor can neither read nor change the first vendor's deal, and nothing changes", async () => {
    const ownerToken = await tokenOf(app, DEMO_VENDOR);
    const deal = await createDraft(ownerToken, { title: "מלפפונים בלדי" });
    const stranger = await otherVendor();
    const strangerToken = await tokenOf(app, stranger);
    const before = dealRow(deal.id);
    const logBefore = auditRows(deal.id).length;

    const attempts = [
      app.fetch(`/api/vendor/deals/${deal.id}`, jsonInit("GET", undefined, strangerToken)),
      app.fetch(`/api/vendor/deals/${deal.id}`, jsonInit("PUT", dealBody({ title: "נגנב" }), strangerToken)),
      app.fetch(`/api/vendor/deals/${deal.id}/submit`, jsonInit("POST", undefined, strangerToken)),
      upload(strangerToken, deal.id, [{ name: "x.png", bytes: PNG, type: "image/png" }]),
      app.fetch(`/api/vendor/deals/${deal.id}/images`, jsonInit("DELETE", { url: "/uploads/deals/x.png" }, strangerToken)),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.status).toBe(404);
      expect((await response.json()).message).toBe("המבצע לא נמצא");
    }
    const list = await (await app.fetch("/api/vendor/deals", jsonInit("GET", undefined, strangerToken))).json();
    expect(list).toEqual([]);

    // Through the pages too.
    const cookie = await cookieOf(app, stranger);
    expect((await app.fetch(`/vendor/deals/${deal.id}/edit`, { headers: { Cookie: cookie } })).status).toBe(404);
    const form = new FormData();
    form.set("intent", "action");
    form.set("action", "submit");
    const posted = await app.fetch(`/vendor/deals/${deal.id}/edit`, { method: "POST", body: form, headers: { Cookie: cookie } });
    expect(posted.status).toBe(302);

    expect(dealRow(deal.id)).toEqual(before);
    expect(auditRows(deal.id)).toHaveLength(logBefore);
  });

  it("a USER gets 403 on every vendor and admin deal page and API, a guest 401 on the API", async () => {
    const ownerToken = await tokenOf(app, DEMO_VENDOR);
    const deal = await createDraft(ownerToken);
    const token = await tokenOf(app, DEMO_USER);
    const cookie = await cookieOf(app, DEMO_USER);

    for (const path of ["/vendor/new-deal", `/vendor/deals/${deal.id}/edit`, "/admin/deals", `/admin/deals/${deal.id}/edit`]) {
      expect((await app.fetch(path, { headers: { Cookie: cookie } })).status, path).toBe(403);
      const post = await app.fetch(path, { method: "POST", body: new URLSearchParams({ intent: "action", action: "activate", dealId: deal.id }), headers: { Cookie: cookie } });
      expect(post.status, `POST ${path}`).toBe(403);
    }
    const api: [string, string, unknown?][] = [
      ["GET", "/api/vendor/deals"],
      ["POST", "/api/vendor/deals", dealBody()],
      ["GET", `/api/vendor/deals/${deal.id}`],
      ["PUT", `/api/vendor/deals/${deal.id}`, dealBody()],
      ["POST", `/api/vendor/deals/${deal.id}/submit`],
      ["DELETE", `/api/vendor/deals/${deal.id}/images`, { url: "x" }],
      ["GET", "/api/admin/deals"],
      ["GET", `/api/admin/deals/${deal.id}`],
      ["PUT", `/api/admin/deals/${deal.id}`, dealBody()],
      ["POST", `/api/admin/deals/${deal.id}/activate`],
    ];
    for (const [method, path, body] of api) {
      expect((await app.fetch(path, jsonInit(method, body, token))).status, `${method} ${path}`).toBe(403);
      expect((await app.fetch(path, jsonInit(method, body))).status, `guest ${method} ${path}`).toBe(401);
    }
    expect(dealRow(deal.id).status).toBe("DRAFT");
    expect(dealRow(deal.id).submittedAt).toBeNull();
  });
});

describe("deal pictures", () => {
  it("stores a real PNG in the database under its content hash and serves it with its type, a year's cache, a strong ETag and nosniff", async () => {
    const token = await tokenOf(app, DEMO_VENDOR);
    const deal = await createDraft(token);
    const response = await upload(token, deal.id, [{ name: "לא-משנה.jpg", bytes: PNG, type: "image/jpeg" }]);
    expect(response.status).toBe(201);
    const [url] = (await response.json()).images as string[];
    expect(url).toMatch(/^\/uploads\/deals\/[a-f0-9]{32}\.png$/);
    expect(dealRow(deal.id).images).toEqual([url]);
    expect(storedPicture(url.split("/").pop()!)).toBeDefined();

    const served = await app.fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    // Stored as decoded and written again (no metadata can ride along), still a 1x1 PNG.
    const servedBytes = Buffer.from(await served.arrayBuffer());
    const storedMeta = await sharp(servedBytes).metadata();
    expect([storedMeta.format, storedMeta.width, storedMeta.height]).toEqual(["png", 1, 1]);
    // Its name is its content: the SHA-256 of the stored bytes.
    const hash = url.split("/").pop()!.slice(0, 32);
    expect(createHash("sha256").update(servedBytes).digest("hex").slice(0, 32)).toBe(hash);
    const etag = served.headers.get("etag")!;
    expect(etag).toMatch(/^"[a-f0-9]{32}-0"$/);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await app.fetch(url, { headers: { "If-None-Match": ifNoneMatch } });
      expect(again.status, ifNoneMatch).toBe(304);
      expect(again.headers.get("etag")).toBe(etag);
      expect((await again.arrayBuffer()).byteLength).toBe(0);
    }
    expect((await app.fetch(url, { headers: { "If-None-Match": '"other"' } })).status).toBe(200);

    // The same picture sent again (to this deal or another) is the same row and the same URL.
    const other = await createDraft(token);
    const twice = await upload(token, other.id, [{ name: "again.png", bytes: PNG, type: "image/png" }]);
    expect((await twice.json()).images).toEqual([url]);
    expect(uploadsNow().filter((row) => row.startsWith(hash))).toHaveLength(3);

    for (const bad of ["/uploads/deals/..%2F..%2Fsession-secret", "/uploads/deals/abc.png", `/uploads/deals/${"a".repeat(32)}.svg`, `/uploads/deals/${"b".repeat(32)}.png`]) {
      expect((await app.fetch(bad)).status, bad).toBe(404);
    }

    // Removing it takes it off the deal; the picture stays while the other deal shows it...
    const removed = await app.fetch(`/api/vendor/deals/${deal.id}/images`, jsonInit("DELETE", { url }, token));
    expect(removed.status).toBe(200);
    expect(dealRow(deal.id).images).toEqual([]);
    expect((await app.fetch(url)).status).toBe(200);
    // ...and goes, copies and all, with the last deal that showed it.
    expect((await app.fetch(`/api/vendor/deals/${other.id}/images`, jsonInit("DELETE", { url }, token))).status).toBe(200);
    expect((await app.fetch(url)).status).toBe(404);
    expect(uploadsNow().filter((row) => row.startsWith(hash))).toEqual([]);
  });

  it("keeps 400 and 800 px WebP copies beside a picture, serves them and removes them with it", async () => {
    const token = await tokenOf(app, DEMO_VENDOR);
    const deal = await createDraft(token);
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: "#c0392b" } }).jpeg({ quality: 90 }).toBuffer();
    const response = await upload(token, deal.id, [{ name: "tomatoes.jpg", bytes: photo, type: "image/jpeg" }]);
    expect(response.status).toBe(201);
    const [url] = (await response.json()).images as string[];
    const base = url!.split("/").pop()!.replace(/\.jpg$/, "");
    for (const width of [400, 800]) {
      const copy = `/uploads/deals/${base}-${width}.webp`;
      expect(storedPicture(`${base}-${width}.webp`), copy).toBeDefined();
      const served = await app.fetch(copy);
      expect(served.status).toBe(200);
      expect(served.headers.get("content-type")).toBe("image/webp");
      expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(["webp", width, (width * 3) / 4]);
    }
    // A width we do not make, or a copy of a picture we do not have: 404.
    expect((await app.fetch(`/uploads/deals/${base}-300.webp`)).status).toBe(404);
    expect((await app.fetch(`/uploads/deals/${"c".repeat(32)}-400.webp`)).status).toBe(404);

    const removed = await app.fetch(`/api/vendor/deals/${deal.id}/images`, jsonInit("DELETE", { url }, token));
    expect(removed.status).toBe(200);
    expect(uploadsNow().filter((row) => row.startsWith(base))).toEqual([]);
  });

  it("refuses a file that starts like a PNG but is no picture (it does not decode), storing nothing", async () => {
    const token = await tokenOf(app, DEMO_VENDOR);
    const deal = await createDraft(token);
    const files = uploadsNow();
    const broken = Buffer.concat([PNG.subarray(0, 16), Buffer.from("then nothing a picture decoder can read")]);
    const response = await upload(token, deal.id, [{ name: "broken.png", bytes: broken, type: "image/png" }]);
    expect(response.status).toBe(422);
    expect((await response.json()).message).toContain("broken.png");
    expect(uploadsNow()).toEqual(files);
    expect(dealRow(deal.id).images).toEqual([]);
  });

  it("refuses a small file that declares more pixels than a camera makes, from its header, storing nothing", async () => {
    const token = await tokenOf(app, DEMO_VENDOR);
    const deal = await createDraft(token);
    const files = uploadsNow();
    // A grey PNG of 20,000 x 20,000 px (400 megapixels, gigabytes once decoded) in a few dozen bytes.
    const chunk = (type: string, data: Buffer) => {
      const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(zlib.crc32(body));
      return Buffer.concat([length, body, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(20_000, 0);
    header.writeUInt32BE(20_000, 4);
    header.set([8, 0, 0, 0, 0], 8);
    const bomb = Buffer.concat([PNG.subarray(0, 8), chunk("IHDR", header), chunk("IDAT", zlib.deflateSync(Buffer.alloc(20_001))), chunk("IEND", Buffer.alloc(0))]);
    const response = await upload(token, deal.id, [{ name: "bomb.png", bytes: bomb, type: "image/png" }]);
    expect(response.status).toBe(422);
    const { message } = await response.json();
    expect(message).toContain("bomb.png");
    expect(message).toContain("50");
    expect(uploadsNow()).toEqual(files);
    expect(dealRow(deal.id).images).toEqual([]);
  });

  it("refuses an oversized picture and a text file named .png, naming the file, storing nothing", async () => {
    const token = await tokenOf(app, DEMO_VENDOR);
    const deal = await createDraft(token);
    const first = await upload(token, deal.id, [{ name: "good.png", bytes: PNG, type: "image/png" }]);
    const images = (await first.json()).images as string[];
    const files = uploadsNow();
    const updatedAt = dealRow(deal.id).updatedAt;

    const big = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)]);
    const tooBig = await upload(token, deal.id, [{ name: "huge.png", bytes: big, type: "image/png" }]);
    expect(tooBig.status).toBe(422);
    expect((await tooBig.json()).message).toBe('הקובץ "huge.png" גדול מ-12MB. בחרו תמונה קטנה יותר (למשל צילום מסך שלה) ונסו שוב.');

    // A good file beside a bad one: the whole upload is refused.
    const fake = await upload(token, deal.id, [
      { name: "fine.png", bytes: PNG, type: "image/png" },
      { name: "photo.png", bytes: Buffer.from("just some text, not a picture"), type: "image/png" },
    ]);
    expect(fake.status).toBe(422);
    expect((await fake.json()).message).toBe('הקובץ "photo.png" אינו תמונה מסוג JPEG, PNG או WebP. אפשר להעלות רק תמונות כאלה.');

    expect(uploadsNow()).toEqual(files);
    expect(dealRow(deal.id).images).toEqual(images);
    expect(dealRow(deal.id).updatedAt).toEqual(updatedAt);
  });

  it("refuses a body whose declared length is too big before reading it", async () => {
    const token = await tokenOf(app, DEMO_VENDOR);
    const deal = await createDraft(token);
    const files = uploadsNow();
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(app.url(`/api/vendor/deals/${deal.id}/images`), {
        method: "POST",
        headers: { ...bearer(token), "Content-Type": "multipart/form-data; boundary=x", "Content-Length": String(MAX_UPLOAD_BODY_BYTES + 1) },
      });
      request.on("response", (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => {
          resolve({ status: response.statusCode ?? 0, body: text });
          request.destroy();
        });
      });
      request.on("error", reject);
      // A few bytes only: the server must answer without waiting for the rest.
      request.write("--x\r\n");
    });
    expect(status).toBe(413);
    expect(JSON.parse(body).message).toBe("הקבצים ששלחתם גדולים מדי יחד. שלחו עד 6 תמונות של עד 12MB כל אחת.");
    expect(uploadsNow()).toEqual(files);
    expect(dealRow(deal.id).images).toEqual([]);
  });

  it("allows at most six pictures on a deal", async () => {
    const token = await tokenOf(app, DEMO_VENDOR);
    const deal = await createDraft(token);
    // Six different pictures: the same one sent twice is kept (and listed) once.
    const pictures = await Promise.all(Array.from({ length: 7 }, (_, i) => sharp({ create: { width: 2, height: 2, channels: 3, background: { r: i * 30, g: 0, b: 0 } } }).png().toBuffer()));
    const six = pictures.slice(0, 6).map((bytes, i) => ({ name: `p${i}.png`, bytes, type: "image/png" }));
    expect((await upload(token, deal.id, six)).status).toBe(201);
    const files = uploadsNow();
    const seventh = await upload(token, deal.id, [{ name: "p7.png", bytes: pictures[6]!, type: "image/png" }]);
    expect(seventh.status).toBe(422);
    expect((await seventh.json()).message).toBe("אפשר עד 6 תמונות למבצע. הסירו תמונה לפני שמוסיפים חדשה.");
    expect(uploadsNow()).toEqual(files);
    expect(dealRow(deal.id).images).toHaveLength(6);
  });
});

/** The tag numbers in a picture's EXIF IFD0 (0x0112 orientation, 0x8825 the GPS block's pointer). */
function exifIfd0Tags(exif: Buffer): number[] {
  const start = exif.indexOf("Exif\0\0") === 0 ? 6 : 0;
  const tiff = exif.subarray(start);
  const little = tiff[0] === 0x49;
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  return Array.from({ length: u16(ifd) }, (_, i) => u16(ifd + 2 + i * 12));
}

/** A JPEG padded with comment segments to exactly `size` bytes: still a picture that decodes. */
function jpegOfSize(jpeg: Buffer, size: number): Buffer {
  const segments: Buffer[] = [];
  let missing = size - jpeg.length;
  while (missing > 0) {
    const body = Math.min(65_533, missing - 4);
    // A segment is marker (2) + length (2, counting itself) + body; never leave 1-3 bytes over.
    const take = missing - (body + 4) > 0 && missing - (body + 4) < 5 ? body - 5 : body;
    const segment = Buffer.alloc(take + 4, 0x20);
    segment.writeUInt16BE(0xfffe, 0);
    segment.writeUInt16BE(take + 2, 2);
    segments.push(segment);
    missing -= segment.length;
  }
  return Buffer.concat([jpeg.subarray(0, 2), ...segments, jpeg.subarray(2)]);
}

describe("a phone camera's photo (#45)", () => {
  it("accepts a 12 MB camera JPEG and keeps it only as the largest size served, never the 12 MB file", async () => {
    const token = await tokenOf(app, DEMO_VENDOR);
    const deal = await createDraft(token);
    const camera = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#e67e22" } }).jpeg({ quality: 95 }).toBuffer();
    const photo = jpegOfSize(camera, MAX_IMAGE_BYTES);
    expect(photo.length).toBe(12 * 1024 * 1024);
    const response = await upload(token, deal.id, [{ name: "IMG_20261127.jpg", bytes: photo, type: "image/jpeg" }]);
    expect(response.status).toBe(201);
    const [url] = (await response.json()).images as string[];
    const stored = storedPicture(url!.split("/").pop()!)!;
    expect(stored.length).toBeLessThan(200_000);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 800, 600]);
  });

  it("refuses a 13 MB file with the size message, storing nothing", async () => {
    const token = await tokenOf(app, DEMO_VENDOR);
    const deal = await createDraft(token);
    const files = uploadsNow();
    const camera = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#e67e22" } }).jpeg().toBuffer();
    const response = await upload(token, deal.id, [{ name: "big.jpg", bytes: jpegOfSize(camera, 13 * 1024 * 1024), type: "image/jpeg" }]);
    expect(response.status).toBe(422);
    expect((await response.json()).message).toBe('הקובץ "big.jpg" גדול מ-12MB. בחרו תמונה קטנה יותר (למשל צילום מסך שלה) ונסו שוב.');
    expect(uploadsNow()).toEqual(files);
    expect(dealRow(deal.id).images).toEqual([]);
    expect((await app.fetch("/healthz")).status).toBe(200);
  });

  it("turns a photo upright by its EXIF orientation and keeps no EXIF, GPS or other metadata in any stored copy", async () => {
    const token = await tokenOf(app, DEMO_VENDOR);
    const deal = await createDraft(token);
    // 1200 x 600 as the sensor saw it: red on the left half, blue on the right; orientation 6
    // says "turn 90 degrees clockwise to show", so upright it is 600 x 1200, red on top.
    const red = await sharp({ create: { width: 600, height: 600, channels: 3, background: "#ff0000" } }).png().toBuffer();
    const photo = await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#0000ff" } })
      .composite([{ input: red, left: 0, top: 0 }])
      .jpeg({ quality: 95 })
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: "PhoneCam" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "32/1 47/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "35/1 0/1 0/1" } })
      .toBuffer();
    const sent = await sharp(photo).metadata();
    expect(sent.orientation).toBe(6);
    expect(exifIfd0Tags(sent.exif!)).toEqual(expect.arrayContaining([0x0112, 0x8825]));

    const response = await upload(token, deal.id, [{ name: "farm.jpg", bytes: photo, type: "image/jpeg" }]);
    expect(response.status).toBe(201);
    const [url] = (await response.json()).images as string[];
    const base = url!.split("/").pop()!.replace(/\.jpg$/, "");
    for (const name of [`${base}.jpg`, `${base}-400.webp`, `${base}-800.webp`]) {
      const bytes = storedPicture(name)!;
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, name).toBeUndefined();
      expect(meta.xmp, name).toBeUndefined();
      expect(meta.icc, name).toBeUndefined();
      expect(meta.orientation, name).toBeUndefined();
      expect(bytes.includes(Buffer.from("PhoneCam")), name).toBe(false);
      expect(meta.height! / meta.width!, name).toBe(2);
      // Upright: the top is red, the bottom blue.
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
      const [topR, , topB] = pixel(Math.floor(info.width / 2), 5);
      const [bottomR, , bottomB] = pixel(Math.floor(info.width / 2), info.height - 5);
      expect(topR! > 200 && topB! < 60, `${name} top`).toBe(true);
      expect(bottomB! > 200 && bottomR! < 60, `${name} bottom`).toBe(true);
    }
  });

  it("refuses an iPhone HEIC file with a message that says how to send it, storing nothing", async () => {
    const token = await tokenOf(app, DEMO_VENDOR);
    const deal = await createDraft(token);
    const files = uploadsNow();
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"), Buffer.alloc(2000)]);
    const response = await upload(token, deal.id, [{ name: "IMG_0042.HEIC", bytes: heic, type: "image/heic" }]);
    expect(response.status).toBe(422);
    const { message } = await response.json();
    expect(message).toContain("IMG_0042.HEIC");
    expect(message).toContain("JPEG");
    expect(message).toContain("HEIC");
    expect(uploadsNow()).toEqual(files);
    expect(dealRow(deal.id).images).toEqual([]);
  });
});

describe("the pages' forms (no script)", () => {
  it("creates a deal with a picture through /vendor/new-deal and lands on its edit page", async () => {
    const cookie = await cookieOf(app, DEMO_VENDOR);
    const title = `קישואים ${crypto.randomUUID().slice(0, 6)}`;
    const form = new FormData();
    const fields = { intent: "save", title, slug: "", description: "קישואים טריים מהשדה, קטנים ומתוקים.", category: "vegetables", unit: "קילו", basePrice: "9.90", minQty: "1", maxQty: "20", "tiers[0].thresholdQty": "5", "tiers[0].unitPrice": "8.5", "tiers[1].thresholdQty": "", "tiers[1].unitPrice": "" };
    for (const [key, value] of Object.entries(fields)) form.set(key, value);
    form.append("images", new Blob([new Uint8Array(PNG)], { type: "image/png" }), "zucchini.png");
    const response = await app.fetch("/vendor/new-deal", { method: "POST", body: form, headers: { Cookie: cookie } });
    expect(response.status).toBe(302);
    const created = db().select().from(deals).where(eq(deals.title, title)).get()!;
    expect(response.headers.get("location")).toBe(`/vendor/deals/${created.id}/edit`);
    expect(created).toMatchObject({ status: "DRAFT", basePrice: 990, maxQty: 20 });
    expect(created.images).toHaveLength(1);
    expect(db().select().from(dealTiers).where(eq(dealTiers.dealId, created.id)).all()).toMatchObject([{ thresholdQty: 5, unitPrice: 850 }]);

    const page = await app.fetch(`/vendor/deals/${created.id}/edit`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(created.images[0]);
    expect(html).toContain("שליחה לבדיקה");
  });

  it("answers a bad form with 400 and its messages, and a wrong file with 422 naming it; nothing stored", async () => {
    const cookie = await cookieOf(app, DEMO_VENDOR);
    const before = db().select({ n: sql<number>`count(*)` }).from(deals).get()!.n;
    const files = uploadsNow();
    const bad = new FormData();
    bad.set("intent", "save");
    bad.set("title", "");
    const invalid = await app.fetch("/vendor/new-deal", { method: "POST", body: bad, headers: { Cookie: cookie, Accept: "text/html" } });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("כתבו שם למבצע (לפחות 2 אותיות)");

    const good = new FormData();
    for (const [key, value] of Object.entries({ intent: "save", title: "ענבים", description: "ענבים ירוקים בלי חרצנים, מתוקים.", category: "fruits", unit: "קילו", basePrice: "18", minQty: "1", maxQty: "10" })) good.set(key, value);
    good.append("images", new Blob(["not a picture at all"], { type: "image/png" }), "grapes.png");
    const wrong = await app.fetch("/vendor/new-deal", { method: "POST", body: good, headers: { Cookie: cookie, Accept: "text/html" } });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain("grapes.png");
    expect(db().select({ n: sql<number>`count(*)` }).from(deals).get()!.n).toBe(before);
    expect(uploadsNow()).toEqual(files);
  });

  it("lets an admin send back with a note and activate from /admin/deals", async () => {
    const vendorToken = await tokenOf(app, DEMO_VENDOR);
    const deal = await createDraft(vendorToken, { title: "חסה ערבית" });
    await app.fetch(`/api/vendor/deals/${deal.id}/submit`, jsonInit("POST", undefined, vendorToken));
    const cookie = await cookieOf(app, DEMO_ADMIN);

    const page = await (await app.fetch("/admin/deals", { headers: { Cookie: cookie } })).text();
    expect(page).toContain("חסה ערבית");

    const post = (fields: Record<string, string>) => app.fetch("/admin/deals", { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie } });
    const withoutNote = await post({ intent: "action", action: "sendBack", dealId: deal.id, note: "", redirectTo: "/admin/deals" });
    expect(withoutNote.status).toBe(302);
    expect(dealRow(deal.id).submittedAt).not.toBeNull();
    // The page's form has the API's limit too: a note past 1000 characters sends nothing back.
    expect((await post({ intent: "action", action: "sendBack", dealId: deal.id, note: "א".repeat(1001), redirectTo: "/admin/deals" })).status).toBe(302);
    expect(dealRow(deal.id)).toMatchObject({ reviewNote: null });
    expect(dealRow(deal.id).submittedAt).not.toBeNull();
    expect((await post({ intent: "action", action: "sendBack", dealId: deal.id, note: "הוסיפו תמונה", redirectTo: "/admin/deals?status=DRAFT" })).headers.get("location")).toBe("/admin/deals?status=DRAFT");
    expect(dealRow(deal.id)).toMatchObject({ submittedAt: null, reviewNote: "הוסיפו תמונה" });

    await app.fetch(`/api/vendor/deals/${deal.id}/submit`, jsonInit("POST", undefined, vendorToken));
    expect((await post({ intent: "action", action: "activate", dealId: deal.id })).status).toBe(302);
    expect(dealRow(deal.id).status).toBe("ACTIVE");
    expect(db().select().from(groups).where(inArray(groups.dealId, [deal.id])).all().length).toBeGreaterThan(0);
  });
});
