// Account deletion forgets what /privacy says it forgets (issue #44), on the production server:
// a shopper who applied to sell and was mailed deletes her account; then the audit log keeps
// what was done without her name, phone or e-mail, the outbox holds no mail of hers, the
// database file and its WAL hold none of her details after a checkpoint (secure_delete), and
// the server's log never named her.
import Database from "better-sqlite3";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltServer, type BuiltServer } from "../support/built-server";

let server: BuiltServer;
const ADMIN = { email: "admin@shuk.example", password: "shuk-admin-2026" };
const DEMO = { email: "demo@shuk.example", password: "shuk-demo-2026" };
// Details nobody else in the demo data has, in plain ASCII, so their bytes are easy to look for.
const HER = { email: "zelda.quist-leaving@example.com", password: "zelda-long-password-1", firstName: "Zelda", lastName: "Quistorpova" };
const APPLICATION = { businessName: "Quistorp Orchard", contactName: "Zelda Quistorpova", phone: "050-7319468", email: "zelda.orchard@example.com", description: "Apples and pears from our orchard in the Galilee, picked the morning they are sent." };
// Her business's name is not among them: the vendor she ran stays, under its name, with its deals.
const HER_DETAILS = [HER.email, HER.lastName, APPLICATION.phone, APPLICATION.email, APPLICATION.contactName];

beforeAll(async () => {
  server = await startBuiltServer({ DEMO_DATA: "1", SESSION_SECRET: "account-forgotten-test" });
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

async function json(pathname: string, method: string, body: unknown, token?: string) {
  const text = body === undefined ? undefined : JSON.stringify(body);
  // A length of its own: Node sends a DELETE's body without one otherwise.
  const length: Record<string, string> = text === undefined ? {} : { "Content-Length": String(Buffer.byteLength(text)) };
  const answer = await server.raw(pathname, {
    method,
    headers: { "Content-Type": "application/json", Accept: "application/json", ...length, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: text,
  });
  const answerText = answer.body.toString();
  return { status: answer.status, body: answerText ? JSON.parse(answerText) : null };
}

function query<T>(sql: string, ...params: unknown[]): T[] {
  const db = new Database(server.databasePath, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

const outboxFiles = () => {
  const dir = path.join(server.dataDir, "outbox");
  return fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => fs.readFileSync(path.join(dir, name), "utf8")) : [];
};

describe("deleting an account that applied to sell and was mailed", () => {
  it("leaves no trace of her in the audit log, the outbox, the database file, its WAL or the log", async () => {
    const communityId = query<{ id: string }>("select id from communities where is_active = 1 order by name limit 1")[0].id;
    const signup = await json("/api/auth/signup", "POST", { email: HER.email, password: HER.password, firstName: HER.firstName, lastName: HER.lastName, communityId });
    expect(signup.status).toBe(201);
    const token = signup.body.token as string;
    const userId = signup.body.userId as string;

    const applied = await json("/api/vendor/applications", "POST", APPLICATION, token);
    expect(applied.status).toBe(201);
    const applicationId = applied.body.id as string;
    const admin = (await json("/api/auth/login", "POST", ADMIN)).body.token as string;
    // The approval mails her, makes her a vendor and writes audit rows about her application.
    expect((await json(`/api/admin/vendor-applications/${applicationId}/approve`, "POST", {}, admin)).status).toBe(200);
    // A sign-in link to her, and one to someone else, which must stay.
    expect((await json("/api/auth/magic-link", "POST", { email: HER.email })).status).toBeLessThan(300);
    expect((await json("/api/auth/magic-link", "POST", { email: DEMO.email })).status).toBeLessThan(300);

    // Before: the audit log shows her application to every admin, and the outbox holds her mails.
    const auditBefore = JSON.stringify(query("select payload from event_logs"));
    expect(auditBefore).toContain(APPLICATION.phone);
    const hers = () => outboxFiles().filter((mail) => HER_DETAILS.some((detail) => mail.includes(detail))).length;
    const othersMails = () => outboxFiles().filter((mail) => mail.includes(DEMO.email)).length;
    // Mails leave the outbox table for the folder after their transactions commit, in no set order.
    for (let i = 0; i < 50 && (hers() < 2 || othersMails() === 0); i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hers()).toBeGreaterThanOrEqual(2);
    expect(othersMails()).toBeGreaterThan(0);
    const othersBefore = othersMails();

    const deleted = await json("/api/user/account", "DELETE", { password: HER.password }, token);
    expect(deleted.status).toBe(204);
    expect((await server.raw("/healthz")).status).toBe(200);

    // The audit rows about her keep their ids and actions, none of her details.
    const rows = query<{ type: string; payload: string }>(
      "select type, payload from event_logs where json_extract(payload, '$.entityId') in (?, ?) order by created_at",
      userId,
      applicationId,
    );
    expect(rows.map((row) => row.type)).toEqual(expect.arrayContaining(["vendor_application.submitted", "vendor_application.approved", "user.role_changed", "account.deleted"]));
    const submitted = JSON.parse(rows.find((row) => row.type === "vendor_application.submitted")!.payload);
    expect(submitted).toMatchObject({ actorUserId: userId, entityId: applicationId, after: { id: applicationId, userId, status: "PENDING" } });
    const wholeAudit = JSON.stringify(query("select * from event_logs"));
    for (const detail of HER_DETAILS) expect(wholeAudit, detail).not.toContain(detail);
    // The admin's audit page (the API behind it) shows none of it either.
    const auditApi = await server.raw("/api/admin/audit", { headers: { Authorization: `Bearer ${admin}`, Accept: "application/json" } });
    expect(auditApi.status).toBe(200);
    for (const detail of HER_DETAILS) expect(auditApi.body.toString(), detail).not.toContain(detail);

    // Her mails left the outbox; the others' stayed.
    expect(outboxFiles().filter((mail) => HER_DETAILS.some((detail) => mail.includes(detail)))).toEqual([]);
    expect(outboxFiles().filter((mail) => mail.includes(DEMO.email)).length).toBe(othersBefore);

    // The file and its WAL, byte for byte, after a checkpoint: none of her details.
    const db = new Database(server.databasePath, { fileMustExist: true });
    try {
      db.pragma("wal_checkpoint(TRUNCATE)");
    } finally {
      db.close();
    }
    for (const file of [server.databasePath, `${server.databasePath}-wal`]) {
      if (!fs.existsSync(file)) continue;
      const bytes = fs.readFileSync(file);
      for (const detail of HER_DETAILS) expect(bytes.includes(Buffer.from(detail)), `${path.basename(file)} holds ${detail}`).toBe(false);
    }

    // The production log never named her (a mail's line names its id).
    const log = server.output();
    expect(log).toMatch(/mail \S+ written to the outbox/);
    for (const detail of HER_DETAILS) expect(log, detail).not.toContain(detail);
    expect((await server.raw("/healthz")).status).toBe(200);
  }, 60_000);
});
