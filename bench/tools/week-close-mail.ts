// A week's close with many shoppers (issue #46): how long the close holds the database's write
// lock, and how long until the last of its mails has reached a real SMTP peer on loopback.
// Measures and prints; asserts nothing.
//
//   npx tsx bench/tools/week-close-mail.ts            (WEEK_SHOPPERS=2000 by default)
//
// An empty database in a temporary folder gets the demo catalogue; WEEK_SHOPPERS new shoppers
// of its first community each place one pickup order through the checkout's service (their
// order mails are sent and set aside first); the week's deadline then passes and the clock's
// own function closes it.
import { and, eq } from "drizzle-orm";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

const SHOPPERS = Number.parseInt(process.env.WEEK_SHOPPERS ?? "", 10) || 2_000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "shuk-week-close-"));
process.env.DATABASE_PATH = path.join(dir, "shuk.db");

let received = 0;
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => {
      received += 1;
      callback();
    });
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

const { migrateDatabase, openDatabase } = await import("~/db/client.server");
const { communities, groups, mailOutbox, pickupPoints, users, weeklyCycles } = await import("~/db/schema");
const { ensureDemoData } = await import("~/demo/seed.server");
const { placeOrder } = await import("~/services/orders.server");
const { runCycleEngine } = await import("~/services/cycle-engine.server");
const { sendDueMail } = await import("~/services/mail-outbox.server");
const { closeMailTransport } = await import("~/services/mail.server");

const db = openDatabase(process.env.DATABASE_PATH);
migrateDatabase(db);
await ensureDemoData(db);
const community = db.select().from(communities).where(eq(communities.isActive, true)).get()!;
const cycle = db.select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, community.id), eq(weeklyCycles.isActive, true))).get()!;
const group = db.select().from(groups).where(eq(groups.weeklyCycleId, cycle.id)).get()!;
const point = db.select().from(pickupPoints).where(eq(pickupPoints.communityId, community.id)).get()!;

async function drained() {
  while (db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.status, "WAITING")).all().length > 0) await sendDueMail(db);
  await sendDueMail(db);
}

let started = Date.now();
for (let n = 0; n < SHOPPERS; n++) {
  const user = db.insert(users).values({ email: `week-${n}@example.com`, firstName: "נועה", communityId: community.id }).returning().get();
  placeOrder(db, user, { dealId: group.dealId!, groupId: group.id, qty: 1 }, { deliveryType: "PICKUP", pickupPointId: point.id });
}
const placing = Date.now() - started;
await drained();
const orderMails = received;

// The deadline passes; no minimum, so the week goes ahead and every order is repriced.
db.update(weeklyCycles).set({ orderDeadline: new Date(Date.now() - 60_000), targetRevenue: 0 }).where(eq(weeklyCycles.id, cycle.id)).run();
received = 0;
started = Date.now();
runCycleEngine(db, new Date());
const lockMs = Date.now() - started;
const queued = db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.kind, "week-closed")).all().length;
await drained();
const lastMailMs = Date.now() - started;

console.log(`shoppers: ${SHOPPERS} (orders placed in ${(placing / 1000).toFixed(1)} s; their ${orderMails} order mails sent first)`);
console.log(`the close's transaction (write lock held): ${lockMs} ms, ${queued} week-closed mails queued in it`);
console.log(`the last of the close's ${received} mails at the SMTP peer: ${(lastMailMs / 1000).toFixed(1)} s after the close began (${((lastMailMs - lockMs) / received).toFixed(1)} ms a mail, over one kept connection)`);

db.$client.close();
closeMailTransport();
await new Promise<void>((resolve) => smtp.close(() => resolve()));
fs.rmSync(dir, { recursive: true, force: true });
