// A real SMTP server on a free loopback port that keeps what it receives, for following the
// links in magic-link and reset mails.
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";

export interface CaughtMail {
  to: string[];
  raw: string;
}

/**
 * `refusing()` true makes it answer every message "451 try again later", as a mail server in
 * trouble does; such messages are not kept.
 */
export async function startMailCatcher(onMail?: (mail: CaughtMail) => void, { refusing = () => false }: { refusing?: () => boolean } = {}) {
  const inbox: CaughtMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    // The server keeps one SMTP connection open (mail.server.ts): closing the catcher ends it
    // at once instead of waiting the default 30 s for the client to leave.
    closeTimeout: 100,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        if (refusing()) return callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
        const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw };
        inbox.push(mail);
        onMail?.(mail);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    inbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first http(s) link in a raw message, quoted-printable soft breaks undone. */
export function linkIn(raw: string, path: string): string | null {
  const text = raw.replace(/=\r?\n/g, "").replace(/=3D/gi, "=");
  const match = new RegExp(`https?://[^\\s"<>]*${path.replace(/[/?]/g, (c) => `\\${c}`)}[^\\s"<>]*`).exec(text);
  return match ? match[0] : null;
}

/** Bytes of quoted-printable text (soft line breaks undone). */
function fromQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const body = text.replace(/=\r?\n/g, "");
  for (let i = 0; i < body.length; i++) {
    if (body[i] === "=" && /^[0-9A-F]{2}$/i.test(body.slice(i + 1, i + 3))) {
      bytes.push(parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(body[i]!, "utf8"));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** A header's value with its RFC 2047 encoded words decoded and joined. */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : fromQuotedPrintable(text.replace(/_/g, " ")),
    );
}

/**
 * A raw message as a person reads it: "Subject: ..." and every text part decoded (base64 or
 * quoted-printable), one after another; the other headers as they came.
 */
export function readableMail(raw: string): { subject: string; headers: string; parts: string[] } {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, split).replace(/\r?\n[ \t]+/g, " ");
  const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(headers)?.[1] ?? "");
  const parts: string[] = [];
  for (const section of raw.slice(split).split(/\r?\n--[^\r\n]+/)) {
    const end = section.search(/\r?\n\r?\n/);
    if (end === -1) continue;
    const head = section.slice(0, end);
    if (!/content-type:\s*text\//i.test(head)) continue;
    const body = section.slice(end).trim();
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
    parts.push(encoding === "base64" ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8") : encoding === "quoted-printable" ? fromQuotedPrintable(body) : body);
  }
  return { subject, headers, parts };
}
