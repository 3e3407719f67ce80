// A test file's own SMTP peer: started before its tests with SMTP_URL pointing at it, closed
// after them. (Vitest's hooks: the Playwright setup uses mail-catcher.ts alone.)
import { afterAll, beforeAll } from "vitest";
import { startMailCatcher, type CaughtMail } from "./mail-catcher";

/** What the file's peer received so far (empty `inbox` to start afresh); `refusing` as in startMailCatcher. */
export function useMailCatcher(options: { refusing?: () => boolean } = {}): { inbox: CaughtMail[] } {
  const mail = { inbox: [] as CaughtMail[] };
  let catcher: Awaited<ReturnType<typeof startMailCatcher>> | undefined;
  beforeAll(async () => {
    catcher = await startMailCatcher((caught) => mail.inbox.push(caught), options);
    process.env.SMTP_URL = catcher.url;
  });
  afterAll(async () => {
    delete process.env.SMTP_URL;
    await catcher?.close();
  });
  return mail;
}
