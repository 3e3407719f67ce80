// Outgoing e-mail (magic links, password resets). SMTP_URL set: through that server. Unset:
// each message is written to data/outbox/ as an .eml file, so a self-hoster without a mail
// server can still sign in by reading it there. Outside production the link is logged too.
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
  /** the link the mail carries, logged when there is no SMTP server (never in production) */
  link?: string;
}

const FROM = process.env.MAIL_FROM ?? "Shuk Kehilati <no-reply@shuk.example>";

let transport: Transporter | undefined;
let transportFor: string | undefined;

function outboxDir() {
  return path.join(path.dirname(path.resolve(defaultDatabasePath())), "outbox");
}

function getTransport(): Transporter {
  const url = process.env.SMTP_URL ?? "";
  if (!transport || transportFor !== url) {
    transport = url
      ? nodemailer.createTransport(url)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
    transportFor = url;
  }
  return transport;
}

/** Text made safe to put inside a mail's HTML. */
export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

export async function sendMail(mail: OutgoingMail): Promise<void> {
  const info = await getTransport().sendMail({ from: FROM, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
  if (process.env.SMTP_URL) return;
  // No SMTP server: keep the message where the operator can read it.
  const dir = outboxDir();
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomUUID().slice(0, 8)}.eml`);
  fs.writeFileSync(file, (info as unknown as { message: Buffer }).message);
  // A link in a mail is a working sign-in or password reset; production logs are shipped and
  // kept where more people can read them than the outbox, so they never carry it.
  const link = mail.link && !isProduction ? `; link: ${mail.link}` : "";
  console.info(`mail to ${mail.to} written to ${file}${link}`);
}
