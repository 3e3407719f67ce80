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
