// Issue #46: every mail goes through the outbox table. A mail exists exactly when its event
// does, an outage of the mail server delays mail and loses none, two workers never send one
// mail twice, and a deleted account's mails leave the table. Against a real SMTP peer.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/db/client.server";
import { mailOutbox, users } from "~/db/schema";
import { MAIL_MAX_ATTEMPTS, retryDelayMs } from "~/domain/mail-retry";
import { deleteAccount } from "~/services/account-deletion.server";
import { outboxView, queueMail, sendDueMail, type QueuedMail } from "~/services/mail-outbox.server";
import { useMailCatcher } from "../support/use-mail-catcher";
import { DEMO_ADMIN, DEMO_USER } from "~/demo/seed.server";
import { getPageAs, tokenOf } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { useTestServer } from "../support/test-server";

let refusing = false;
const db = useTestDatabase();
const app = useTestServer(db);
const mail = useMailCatcher({ refusing: () => refusing });

beforeEach(() => {
  refusing = false;
  mail.inbox.length = 0;
});

const letter = (to: string, n = 1): QueuedMail => ({ kind: "test", to, subject: `Subject ${n}`, text: `Text ${n}`, html: `<p>Text ${n}</p>` });
const rows = () => db().select().from(mailOutbox).all();
/** Lets the send queued after a commit (setImmediate) run to its end. */
const settle = async () => {
  await new Promise((resolve) => setImmediate(resolve));
  await sendDueMail(db());
};

describe("the outbox", () => {
  it("sends a mail queued in a transaction once it commits, and empties its bodies", async () => {
    db().transaction((tx) => void queueMail(tx, letter("noa@example.com")), { behavior: "immediate" });
    await settle();
    expect(mail.inbox.map((m) => m.to)).toEqual([["noa@example.com"]]);
    expect(mail.inbox[0]!.raw).toContain("Subject 1");
    expect(rows()).toMatchObject([{ status: "SENT", attempts: 1, textBody: "", htmlBody: "", lastError: null }]);
  });

  it("writes nothing and sends nothing when the event's transaction rolls back", async () => {
    expect(() =>
      db().transaction(
        (tx) => {
          queueMail(tx, letter("noa@example.com"));
          throw new Error("the order was refused");
        },
        { behavior: "immediate" },
      ),
    ).toThrow("the order was refused");
    await settle();
    expect(rows()).toEqual([]);
    expect(mail.inbox).toEqual([]);
  });

  it("keeps every mail through an outage of the mail server and sends each once when it is back", async () => {
    refusing = true;
    for (let n = 1; n <= 5; n++) queueMail(db(), letter(`shopper-${n}@example.com`, n));
    let now = Date.now();
    expect(await sendDueMail(db(), () => now)).toBe(0);
    expect(mail.inbox).toEqual([]);
    const waiting = rows();
    expect(waiting.every((row) => row.status === "WAITING" && row.attempts === 1 && /451/.test(row.lastError ?? ""))).toBe(true);
    // Not due yet: nothing is tried again before its wait is over.
    expect(await sendDueMail(db(), () => now + retryDelayMs(1) - 1_000)).toBe(0);
    expect(rows().every((row) => row.attempts === 1)).toBe(true);
    // Still refused at the second try; the wait doubles.
    now += retryDelayMs(1);
    await sendDueMail(db(), () => now);
    expect(rows().every((row) => row.attempts === 2 && row.nextAttemptAt.getTime() === now + retryDelayMs(2))).toBe(true);
    // The server is back: all five go, each once, and the queue is empty.
    refusing = false;
    now += retryDelayMs(2);
    expect(await sendDueMail(db(), () => now)).toBe(5);
    expect(mail.inbox.map((m) => m.to[0]).sort()).toEqual([1, 2, 3, 4, 5].map((n) => `shopper-${n}@example.com`));
    expect(outboxView(db()).counts).toEqual({ WAITING: 0, SENDING: 0, SENT: 5, FAILED: 0 });
    expect(await sendDueMail(db(), () => now + 24 * 3_600_000)).toBe(0);
    expect(mail.inbox).toHaveLength(5);
  });

  it("gives a mail up after its last try and says why in the admin's view", async () => {
    refusing = true;
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    queueMail(db(), letter("noa@example.com"));
    let now = Date.now();
    for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
      await sendDueMail(db(), () => now);
      now += retryDelayMs(attempt);
    }
    const view = outboxView(db());
    expect(view.counts.FAILED).toBe(1);
    expect(view.recent[0]).toMatchObject({ status: "FAILED", attempts: MAIL_MAX_ATTEMPTS, toAddress: "noa@example.com" });
    expect(view.recent[0]!.lastError).toMatch(/451/);
    // The log says it once, with the mail's id and kind, not its recipient.
    expect(logged.mock.calls.map((call) => call.join(" "))).toEqual([expect.stringMatching(/^outbox: mail \S+ \(test\) given up after 20 tries: .*451/)]);
    logged.mockRestore();
    refusing = false;
    expect(await sendDueMail(db(), () => now + 7 * 24 * 3_600_000)).toBe(0);
    expect(mail.inbox).toEqual([]);
  });

  it("sends each mail once when two workers send from the same database at the same time", async () => {
    for (let n = 1; n <= 20; n++) queueMail(db(), letter(`many-${n}@example.com`, n));
    const second = openDatabase(db().$client.name);
    try {
      const [a, b] = await Promise.all([sendDueMail(db()), sendDueMail(second)]);
      expect(a + b).toBe(20);
    } finally {
      second.$client.close();
    }
    expect(mail.inbox).toHaveLength(20);
    expect(new Set(mail.inbox.map((m) => m.to[0])).size).toBe(20);
  });

  it("leaves its connection out of any transaction when the send after a commit meets a busy database, and sends later", async () => {
    const connection = db().$client;
    connection.pragma("busy_timeout = 200");
    // The failed send says so on the console; here that is expected.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const other = openDatabase(connection.name);
    try {
      // Queued in a transaction; before the send that follows the commit runs, another worker
      // takes the write lock and keeps it past the busy timeout.
      db().transaction((tx) => void queueMail(tx, letter("busy@example.com")), { behavior: "immediate" });
      other.$client.exec("BEGIN IMMEDIATE");
      await new Promise((resolve) => setTimeout(resolve, 600));
      // Before the fix, the send went through the transaction's handle (a SAVEPOINT) and left a
      // transaction open here: every later write failed with SQLITE_BUSY_SNAPSHOT.
      expect(connection.inTransaction).toBe(false);
      expect(String(logged.mock.calls[0]?.[0])).toContain("outbox: sending failed");
      other.$client.exec("COMMIT");
      expect(await sendDueMail(db())).toBe(1);
      expect(mail.inbox.map((m) => m.to[0])).toEqual(["busy@example.com"]);
    } finally {
      if (other.$client.inTransaction) other.$client.exec("ROLLBACK");
      other.$client.close();
      connection.pragma("busy_timeout = 5000");
      logged.mockRestore();
    }
  });

  it("lets another sender take a mail whose sender died holding it, once its hold has run out", async () => {
    const id = queueMail(db(), letter("noa@example.com"));
    const now = Date.now();
    // A sender took it and died: SENDING, held until a minute ago.
    db().update(mailOutbox).set({ status: "SENDING", attempts: 1, claimedUntil: new Date(now - 60_000) }).where(eq(mailOutbox.id, id)).run();
    expect(await sendDueMail(db(), () => now)).toBe(1);
    expect(rows()).toMatchObject([{ status: "SENT", attempts: 2 }]);
  });

  it("forgets the mails to a deleted account, sent or waiting", async () => {
    const shopper = db().insert(users).values({ email: `leaving-${crypto.randomUUID().slice(0, 8)}@example.com`, firstName: "נועה" }).returning().get();
    queueMail(db(), letter(shopper.email, 1));
    await settle();
    refusing = true;
    queueMail(db(), letter(shopper.email.toUpperCase(), 2));
    queueMail(db(), letter("someone-else@example.com", 3));
    await settle();
    expect(rows()).toHaveLength(3);
    deleteAccount(db(), shopper.id);
    expect(rows().map((row) => row.toAddress)).toEqual(["someone-else@example.com"]);
  });

  it("shows the admin its queue at /admin/mail: the counts, a waiting mail's next try and why, and no page to a shopper", async () => {
    refusing = true;
    queueMail(db(), { ...letter("noa@example.com"), kind: "order-placed", subject: "קיבלנו את ההזמנה שלכם" });
    await settle();
    refusing = false;
    const html = await (await getPageAs(app, "/admin/mail", await tokenOf(app, DEMO_ADMIN))).text();
    expect(html).toContain("דואר יוצא");
    expect(html).toMatch(/data-testid="mail-count-WAITING"[^]*?<dd[^>]*>1<\/dd>/);
    expect(html).toContain('data-status="WAITING"');
    expect(html).toContain("הזמנה התקבלה");
    expect(html).toContain("קיבלנו את ההזמנה שלכם");
    expect(html).toContain("ניסיון הבא:");
    expect(html).toContain("451");
    // The test server mails through SMTP_URL: the page says so.
    expect(html).toContain("דרך שרת הדואר שהוגדר");
    expect((await getPageAs(app, "/admin/mail", await tokenOf(app, DEMO_USER))).status).toBe(403);
  });
});
