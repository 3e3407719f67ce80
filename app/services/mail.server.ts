// The transport under the outbox (mail-outbox.server.ts, which every mail goes through).
// SMTP_URL set: through that server. Unset: each message is written to data/outbox/ as an
// .eml file, so a self-hoster without a mail server can still sign in by reading it there.
import fs from "node:fs";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { isProduction } from "~/config.server";
import { defaultDatabasePath } from "~/db/client.server";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** extra headers, such as List-Unsubscribe */
  headers?: Record<string, string>;
}

const FROM = process.env.MAIL_FROM ?? "Shuk Kehilati <no-reply@shuk.example>";

let transport: Transporter | undefined;
let transportFor: string | undefined;

function outboxDir() {
  return path.join(path.dirname(path.resolve(defaultDatabasePath())), "outbox");
}

/**
 * SMTP_URL with the transport's settings as its query, the one form in which nodemailer honours
 * `pool` (given beside `url` in an object, it is ignored and every mail opens a connection).
 * One connection is kept open while the outbox sends one mail after another: a week's close
 * mails every shopper, and a connection each cost about 100 ms a mail on loopback
 * (bench/tools/week-close-mail.ts). The sender sends one at a time, so one is enough.
 * Short timeouts: a mail server that hangs must give the mail back to the outbox well inside the
 * sender's hold on it (MAIL_CLAIM_MS, two minutes), or another worker could take it too. An idle
 * kept connection closes after the socket timeout.
 */
function pooledUrl(url: string): string {
  const pooled = new URL(url);
  const settings = { pool: "true", maxConnections: "1", connectionTimeout: "20000", greetingTimeout: "20000", socketTimeout: "60000" };
  for (const [key, value] of Object.entries(settings)) if (!pooled.searchParams.has(key)) pooled.searchParams.set(key, value);
  return pooled.toString();
}

function getTransport(): Transporter {
  const url = process.env.SMTP_URL ?? "";
  if (!transport || transportFor !== url) {
    transport?.close();
    transport = url
      ? nodemailer.createTransport(pooledUrl(url))
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    transportFor = url;
  }
  return transport;
}

/** Closes the kept SMTP connection (the server's shutdown), so nothing holds the process open. */
export function closeMailTransport(): void {
  transport?.close();
  transport = undefined;
  transportFor = undefined;
}

/** Whether mail really leaves (SMTP_URL): without it a mailed link lands in a folder on disk. */
export function smtpConfigured(): boolean {
  return Boolean(process.env.SMTP_URL);
}

/** Text made safe to put inside a mail's HTML. */
export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export async function sendMail(mail: OutgoingMail): Promise<void> {
  const info = await getTransport().sendMail({ from: FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers });
  if (process.env.SMTP_URL) return;
  // No SMTP server: keep the message where the operator can read it.
  const dir = outboxDir();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}.eml`);
  fs.writeFileSync(file, (info as unknown as { message: Buffer }).message);
  // A link in a mail is a working sign-in or password reset, and the recipient is a person's
  // address; production logs are shipped and kept where more people can read them than the
  // outbox, and no deletion reaches them: there the line names the file alone.
  if (isProduction) console.info(`mail ${path.basename(file, ".eml")} written to the outbox`);
  else console.info(`mail to ${mail.to} written to ${file}`);
}

/** The headers of an .eml file, folded lines joined. */
function headerBlock(file: string): string {
  const text = fs.readFileSync(file, "utf8");
  const end = text.search(/\r?\n\r?\n/);
  return (end === -1 ? text : text.slice(0, end)).replace(/\r?\n[ \t]+/g, " ");
}

/**
 * Removes every mail in the outbox addressed to one of `addresses` (an account being deleted):
 * the outbox is kept for the operator to read sign-in links from, not as an archive of her
 * mail. Answers how many went. Nothing to do when mail goes through an SMTP server.
 */
export function forgetMailsTo(addresses: readonly string[]): number {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return 0;
  const wanted = new Set(addresses.map((address) => address.trim().toLowerCase()).filter(Boolean));
  let removed = 0;
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith(".eml")) continue;
    const file = path.join(dir, name);
    try {
      const to = /^to:(.*)$/im.exec(headerBlock(file))?.[1] ?? "";
      if (to.toLowerCase().split(/[\s,<>"]+/).some((recipient) => wanted.has(recipient))) {
        fs.rmSync(file, { force: true });
        removed += 1;
      }
    } catch {
      // a file removed meanwhile, or not a mail: nothing of hers to remove
    }
  }
  return removed;
}
