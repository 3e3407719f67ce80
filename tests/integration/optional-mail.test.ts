// Issue #46: the optional mails (the reminder before orders close, the weekly digest) go only to
// those whose switches allow them, each with a one-click unsubscribe (RFC 8058) that works signed
// out and turns off its own mail and nothing else. The bell's reminder is written beside the mail.
import { and, asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { communities, mailOutbox, notifications, users, weeklyCycles } from "~/db/schema";
import { runCycleEngine } from "~/services/cycle-engine.server";
import { readableMail, type CaughtMail } from "../support/mail-catcher";
import { useMailCatcher } from "../support/use-mail-catcher";
import { postFormAs, signUpShopper } from "../support/sign-in";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);
const mail = useMailCatcher();

beforeEach(() => {
  mail.inbox.length = 0;
});

const firstCommunity = () => db().select().from(communities).orderBy(asc(communities.name)).get()!;
const openWeek = () => db().select().from(weeklyCycles).where(and(eq(weeklyCycles.communityId, firstCommunity().id), eq(weeklyCycles.isActive, true))).get()!;
const person = (userId: string) => db().select().from(users).where(eq(users.id, userId)).get()!;
const kindsTo = (address: string) => db().select({ kind: mailOutbox.kind }).from(mailOutbox).where(eq(mailOutbox.toAddress, address)).all().map((row) => row.kind);

async function mailsOfKind(address: string, subjectStart: string): Promise<CaughtMail[]> {
  const find = () => mail.inbox.filter((m) => m.to.includes(address) && readableMail(m.raw).subject.startsWith(subjectStart));
  for (let i = 0; i < 200 && find().length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
  await new Promise((resolve) => setTimeout(resolve, 250));
  return find();
}

let made = 0;

/** A shopper of the first community with one deal in her cart. */
async function shopperWithCart() {
  const shopper = await signUpShopper(app, firstCommunity().id, { emailPrefix: "optional", addressPrefix: `10.48.${++made}` });
  const [deal] = ((await (await app.fetch("/api/deals?limit=100", jsonInit("GET", undefined, shopper.token))).json()) as { id: string; minQty: number; groups: { id: string }[] }[]).filter((d) => d.minQty <= 1);
  expect((await app.fetch("/api/cart", jsonInit("POST", { dealId: deal!.id, qty: 1, groupId: deal!.groups[0]!.id }, shopper.token))).status).toBe(201);
  return { ...shopper, address: person(shopper.userId).email };
}

/** The clock, a little under a day before the open week's deadline. */
function dayBeforeDeadline() {
  const deadline = openWeek().orderDeadline.getTime();
  runCycleEngine(db(), new Date(deadline - 23 * 60 * 60_000));
}

/** The List-Unsubscribe address of a mail, and whether it asks for one-click POST. */
function unsubscribeOf(raw: string) {
  const { headers } = readableMail(raw);
  const link = /^list-unsubscribe:\s*<([^>]+)>/im.exec(headers)?.[1];
  const oneClick = /^list-unsubscribe-post:\s*List-Unsubscribe=One-Click\s*$/im.test(headers);
  return { link: link!, path: new URL(link!).pathname, oneClick };
}

describe("the reminder before orders close", () => {
  it("mails those who want it, with a one-click unsubscribe; the bell tells everyone with a cart", async () => {
    const wants = await shopperWithCart();
    const reminderOff = await shopperWithCart();
    const mailOff = await shopperWithCart();
    db().update(users).set({ mailDeadlineReminder: false }).where(eq(users.id, reminderOff.userId)).run();
    db().update(users).set({ emailNotifications: false }).where(eq(users.id, mailOff.userId)).run();
    dayBeforeDeadline();

    const [reminder, ...more] = await mailsOfKind(wants.address, "נשארו מוצרים בעגלה");
    expect(more).toEqual([]);
    const { text } = { text: readableMail(reminder!.raw).parts.join("\n") };
    expect(text).toContain("בעגלה שלכם עדיין מחכים:");
    expect(text).toContain("להפסקת המייל הזה");
    const unsubscribe = unsubscribeOf(reminder!.raw);
    expect(unsubscribe.oneClick).toBe(true);
    expect(unsubscribe.path).toMatch(/^\/unsubscribe\//);
    expect(text).toContain(unsubscribe.link);

    for (const shopper of [reminderOff, mailOff]) expect(kindsTo(shopper.address)).toEqual([]);
    for (const shopper of [wants, reminderOff, mailOff]) {
      const bell = db().select({ type: notifications.type }).from(notifications).where(eq(notifications.userId, shopper.userId)).all();
      expect(bell).toEqual([{ type: "DEAL_ENDING" }]);
    }
    // Once per week: the clock again sends nothing more.
    dayBeforeDeadline();
    expect(kindsTo(wants.address)).toEqual(["deadline-reminder"]);
  });
});

describe("the one-click unsubscribe", () => {
  it("works signed out, turns off only its own mail, and the next reminder does not come", async () => {
    const shopper = await shopperWithCart();
    db().update(users).set({ mailWeeklyDigest: true }).where(eq(users.id, shopper.userId)).run();
    dayBeforeDeadline();
    const [reminder] = await mailsOfKind(shopper.address, "נשארו מוצרים בעגלה");
    const { path } = unsubscribeOf(reminder!.raw);

    // Opening the link (a person, or a mail scanner) changes nothing and asks.
    const page = await app.fetch(path, { headers: { Accept: "text/html" } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("לא לשלוח לכם יותר את המייל „תזכורת לפני סגירת ההזמנות”?");
    expect(html).toContain(shopper.address.slice(0, 1) + "***@example.com");
    expect(person(shopper.userId).mailDeadlineReminder).toBe(true);

    // The mail client's one-click POST (RFC 8058): no cookie, no page, no Origin.
    const posted = await app.fetch(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(posted.status).toBe(200);
    const after = person(shopper.userId);
    expect({ reminder: after.mailDeadlineReminder, digest: after.mailWeeklyDigest, email: after.emailNotifications }).toEqual({ reminder: false, digest: true, email: true });

    // Next week's reminder does not come.
    db().update(weeklyCycles).set({ orderDeadline: new Date(Date.now() - 60_000) }).where(eq(weeklyCycles.id, openWeek().id)).run();
    runCycleEngine(db(), new Date());
    dayBeforeDeadline();
    // Her cart still holds the deal: the bell reminds her again; the mailbox does not.
    expect(db().select().from(notifications).where(and(eq(notifications.userId, shopper.userId), eq(notifications.type, "DEAL_ENDING"))).all()).toHaveLength(2);
    expect(kindsTo(shopper.address).filter((kind) => kind === "deadline-reminder")).toHaveLength(1);

    // The page's own button takes it back, signed out too.
    const back = await app.fetch(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" }, body: "intent=resubscribe" });
    expect(back.status).toBe(200);
    expect(await back.text()).toContain("נמשיך לשלוח לכם את המייל");
    expect(person(shopper.userId).mailDeadlineReminder).toBe(true);
  });

  it("answers a forged or altered link with 404 and changes nothing", async () => {
    const shopper = await shopperWithCart();
    const before = person(shopper.userId);
    const forged = [`/unsubscribe/${shopper.userId}.deadlineReminder.${"A".repeat(32)}`, `/unsubscribe/${shopper.userId}.orderPlaced.x`, "/unsubscribe/nothing"];
    for (const path of forged) {
      expect((await app.fetch(path, { headers: { Accept: "text/html" } })).status, path).toBe(404);
      const posted = await app.fetch(path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
      expect(posted.status, path).toBe(404);
    }
    expect(person(shopper.userId)).toEqual(before);
  });
});

describe("the weekly digest", () => {
  it("goes once, when a week opens, only to members who turned it on, with its own unsubscribe", async () => {
    const reader = await signUpShopper(app, firstCommunity().id, { emailPrefix: "digest", addressPrefix: "10.48.200" });
    const other = await signUpShopper(app, firstCommunity().id, { emailPrefix: "no-digest", addressPrefix: "10.48.201" });
    const turnedOn = await app.fetch("/api/user/settings", jsonInit("PUT", { emailNotifications: true, smsNotifications: false, pushNotifications: true, mailWeeklyDigest: true, language: "en" }, reader.token));
    expect(turnedOn.status).toBe(200);
    expect((await turnedOn.json()).mailWeeklyDigest).toBe(true);

    db().update(weeklyCycles).set({ orderDeadline: new Date(Date.now() - 60_000) }).where(eq(weeklyCycles.id, openWeek().id)).run();
    runCycleEngine(db(), new Date());
    runCycleEngine(db(), new Date());

    const address = person(reader.userId).email;
    const [digest, ...more] = await mailsOfKind(address, "This week's deals at");
    expect(more).toEqual([]);
    const text = readableMail(digest!.raw).parts.join("\n");
    expect(text).toContain(`A new week has opened at the ${firstCommunity().name} market`);
    expect(text).toMatch(/ · .+ per /);
    expect(unsubscribeOf(digest!.raw).oneClick).toBe(true);
    expect(kindsTo(address).filter((kind) => kind === "weekly-digest")).toHaveLength(1);
    expect(kindsTo(person(other.userId).email)).not.toContain("weekly-digest");
  });
});

describe("the settings form without JavaScript", () => {
  it("saves each optional mail's switch, and leaves the SMS switch it does not show as it was", async () => {
    const shopper = await signUpShopper(app, firstCommunity().id, { emailPrefix: "settings-form", addressPrefix: "10.48.202" });
    db().update(users).set({ smsNotifications: true }).where(eq(users.id, shopper.userId)).run();
    const saved = await postFormAs(app, "/settings", { emailNotifications: "on", mailWeeklyDigest: "on", language: "he" }, shopper.token);
    expect(saved.status).toBe(302);
    const after = person(shopper.userId);
    expect({ email: after.emailNotifications, reminder: after.mailDeadlineReminder, digest: after.mailWeeklyDigest, sms: after.smsNotifications }).toEqual({ email: true, reminder: false, digest: true, sms: true });
    const page = await (await app.fetch("/settings", { headers: { Accept: "text/html", Authorization: `Bearer ${shopper.token}` } })).text();
    expect(page).toContain("תזכורת לפני סגירת ההזמנות");
    expect(page).toContain("מבצעי השבוע");
  });
});
