// The outbox (issue 46): every mail the product sends goes through the mail_outbox table.
//
// queueMail writes the mail in the caller's transaction, so it exists exactly when the event
// does (a rolled-back order mails nobody). Once that transaction has ended, the same process
// sends it: better-sqlite3 transactions are synchronous, so a callback queued with setImmediate
// runs only after the transaction (and any outer one holding it) is over. The leader also
// looks every half minute for mails that are due again. A refused mail is tried again later
// (domain/mail-retry.ts) and given up only after days; any worker may send, because taking a
// mail is a transaction of its own, so two workers never send the same one.
//
// The transport is sendMail: SMTP when SMTP_URL is set, else an .eml file in the outbox folder.
import { and, count, desc, eq, inArray, lt, lte, or } from "drizzle-orm";
import { connectionOf, databaseOf, type Db, type Queryable } from "~/db/client.server";
import { inlined } from "~/db/prepared.server";
import { mailOutbox, type OutboxMail, type OutboxStatus } from "~/db/schema";
import { afterFailure, MAIL_CLAIM_MS } from "~/domain/mail-retry";
import { sendMail, type OutgoingMail } from "./mail.server";

export interface QueuedMail extends Omit<OutgoingMail, "link"> {
  /** what the mail is about, shown in the admin's queue: "sign-in", "order-placed", ... */
  kind: string;
  /** extra headers, such as List-Unsubscribe */
  headers?: Record<string, string>;
}

/** How long sent and given-up mails stay listed for the admin before housekeeping drops them. */
export const OUTBOX_KEEP_MS = 30 * 24 * 60 * 60_000;
const ERROR_TEXT_MAX = 300;

/** Writes a mail to the outbox (in the caller's transaction, if any) and sends it once that is over. */
export function queueMail(db: Queryable, mail: QueuedMail): string {
  const row = db
    .insert(mailOutbox)
    .values({ toAddress: mail.to.trim().toLowerCase(), subject: mail.subject, textBody: mail.text, htmlBody: mail.html, kind: mail.kind, headers: mail.headers ?? null })
    .returning({ id: mailOutbox.id })
    .get();
  sendSoon(db);
  return row.id;
}

function sendSoon(db: Queryable) {
  // The same connection after the transaction, through its database handle, not the
  // transaction's (databaseOf says why).
  const handle = databaseOf(db);
  setImmediate(() => void sendDueMail(handle).catch((error) => console.error("outbox: sending failed", error)));
}

/** Takes the next due mail for this sender, or none: one short write transaction. */
function takeNext(db: Db, now: number): OutboxMail | null {
  return db.transaction(
    (tx) => {
      const due = tx
        .select()
        .from(mailOutbox)
        .where(
          or(
            and(eq(mailOutbox.status, "WAITING"), lte(mailOutbox.nextAttemptAt, new Date(now))),
            // A sender that died holding it: its hold has run out.
            and(eq(mailOutbox.status, "SENDING"), lt(mailOutbox.claimedUntil, new Date(now))),
          ),
        )
        .orderBy(mailOutbox.nextAttemptAt)
        .limit(inlined(1))
        .get();
      if (!due) return null;
      const attempts = due.attempts + 1;
      tx.update(mailOutbox)
        .set({ status: "SENDING", attempts, claimedUntil: new Date(now + MAIL_CLAIM_MS) })
        .where(eq(mailOutbox.id, due.id))
        .run();
      return { ...due, attempts };
    },
    { behavior: "immediate" },
  );
}

function recordSent(db: Db, id: string, now: number) {
  // The bodies go: the row stays for the queue's view, the words were only hers.
  db.update(mailOutbox)
    .set({ status: "SENT", sentAt: new Date(now), claimedUntil: null, lastError: null, textBody: "", htmlBody: "" })
    .where(eq(mailOutbox.id, id))
    .run();
}

function recordRefused(db: Db, mail: OutboxMail, error: unknown, now: number) {
  const reason = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_TEXT_MAX);
  const next = afterFailure(mail.attempts, now);
  db.update(mailOutbox)
    .set(
      next.status === "FAILED"
        ? { status: "FAILED", claimedUntil: null, lastError: reason }
        : { status: "WAITING", nextAttemptAt: new Date(next.at), claimedUntil: null, lastError: reason },
    )
    .where(eq(mailOutbox.id, mail.id))
    .run();
  if (next.status === "FAILED") console.error(`outbox: mail ${mail.id} (${mail.kind}) given up after ${mail.attempts} tries: ${reason}`);
  else console.warn(`outbox: mail ${mail.id} (${mail.kind}) refused, try ${mail.attempts}; next at ${new Date(next.at).toISOString()}: ${reason}`);
}

/** Per database connection (a process has one; a test may open several): its run in progress. */
const runs = new WeakMap<object, { sending: Promise<number>; askedAgain: boolean }>();

/**
 * Sends every mail that is due, one after another; answers how many went. A call while this
 * process is already sending from that database asks that run to look once more when done.
 */
export function sendDueMail(db: Db, clock: () => number = Date.now): Promise<number> {
  // A transaction's handle passed here would take mail through savepoints (databaseOf says why).
  db = databaseOf(db);
  const connection = connectionOf(db);
  const running = runs.get(connection);
  if (running) {
    running.askedAgain = true;
    return running.sending;
  }
  const run = { sending: Promise.resolve(0), askedAgain: false };
  run.sending = (async () => {
    let sent = 0;
    do {
      run.askedAgain = false;
      for (;;) {
        // Closed meanwhile (a shutdown, or a test that ended): the next start sends the rest.
        if (!connection.open) return sent;
        const mail = takeNext(db, clock());
        if (!mail) break;
        try {
          await sendMail({ to: mail.toAddress, subject: mail.subject, text: mail.textBody, html: mail.htmlBody, headers: mail.headers ?? undefined });
          if (!connection.open) return sent + 1;
          recordSent(db, mail.id, clock());
          sent += 1;
        } catch (error) {
          if (!connection.open) return sent;
          recordRefused(db, mail, error, clock());
        }
      }
    } while (run.askedAgain);
    return sent;
  })().finally(() => runs.delete(connection));
  runs.set(connection, run);
  return run.sending;
}

let timer: ReturnType<typeof setInterval> | undefined;

/** The leader's look for mail due again (retries, and mail queued by a process that stopped). */
export function startMailSender(db: Db, everyMs = 30_000) {
  stopMailSender();
  const tick = () => void sendDueMail(db).catch((error) => console.error("outbox: sending failed", error));
  tick();
  timer = setInterval(tick, everyMs);
  timer.unref();
}

export function stopMailSender() {
  if (timer) clearInterval(timer);
  timer = undefined;
}

/** Drops sent and given-up mails older than OUTBOX_KEEP_MS (housekeeping); answers how many. */
export function dropOldMail(db: Queryable, now = Date.now()): number {
  return db
    .delete(mailOutbox)
    .where(and(inArray(mailOutbox.status, ["SENT", "FAILED"]), lt(mailOutbox.createdAt, new Date(now - OUTBOX_KEEP_MS))))
    .run().changes;
}

/** Every mail to these addresses, sent or not (an account being deleted); answers how many. */
export function forgetQueuedMailTo(db: Queryable, addresses: readonly string[]): number {
  const wanted = [...new Set(addresses.map((address) => address.trim().toLowerCase()).filter(Boolean))];
  if (wanted.length === 0) return 0;
  return db.delete(mailOutbox).where(inArray(mailOutbox.toAddress, wanted)).run().changes;
}

export interface OutboxView {
  counts: Record<OutboxStatus, number>;
  /** the newest mails, newest first */
  recent: Pick<OutboxMail, "id" | "toAddress" | "subject" | "kind" | "status" | "attempts" | "nextAttemptAt" | "lastError" | "sentAt" | "createdAt">[];
}

/** The queue as the admin sees it: how many in each state, and the newest mails. */
export function outboxView(db: Queryable, limit = 50): OutboxView {
  const counts: Record<OutboxStatus, number> = { WAITING: 0, SENDING: 0, SENT: 0, FAILED: 0 };
  for (const row of db.select({ status: mailOutbox.status, n: count() }).from(mailOutbox).groupBy(mailOutbox.status).all()) counts[row.status] = row.n;
  const recent = db
    .select({
      id: mailOutbox.id,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      kind: mailOutbox.kind,
      status: mailOutbox.status,
      attempts: mailOutbox.attempts,
      nextAttemptAt: mailOutbox.nextAttemptAt,
      lastError: mailOutbox.lastError,
      sentAt: mailOutbox.sentAt,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt))
    .limit(inlined(limit))
    .all();
  return { counts, recent };
}
