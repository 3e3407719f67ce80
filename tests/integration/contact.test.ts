import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactMessages, users } from "~/db/schema";
import { DEMO_USER } from "~/demo/seed.server";
import { receiveContactMessage } from "~/services/contact.server";
import { useTestDatabase } from "../support/test-db";
import { jsonInit, useTestServer } from "../support/test-server";

const db = useTestDatabase();
const app = useTestServer(db);

const message = {
  name: "דנה לוי",
  email: "Dana@Example.com",
  phone: "",
  subject: "שאלה על משלוח",
  message: "מתי מגיע המשלוח לרחובות אם הקבוצה נסגרת ביום חמישי?",
  website: "",
};

function postContact(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.fetch("/contact", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

function storedMessages() {
  return db().select().from(contactMessages).all();
}

describe("POST /contact (the form, without JavaScript)", () => {
  it("stores exactly one message and redirects to the success panel with a toast", async () => {
    const response = await postContact(message);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/contact?sent=1");
    expect(response.headers.get("set-cookie")).toContain("shuk_toast=");
    const rows = storedMessages();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "דנה לוי",
      email: "dana@example.com",
      phone: null,
      subject: "שאלה על משלוח",
      message: message.message,
      userId: null,
      readAt: null,
    });

    const page = await app.fetch("/contact?sent=1", { headers: { Cookie: response.headers.get("set-cookie")!.split(";")[0] } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("ההודעה נשלחה!");
    expect(html).toContain("ההודעה נשלחה, תודה!");
  });

  it.each([
    ["a one-letter name", { name: "ד" }, "שם חייב להכיל לפחות 2 תווים"],
    ["a bad e-mail", { email: "not-an-email" }, "כתובת מייל לא תקינה"],
    ["a short phone", { phone: "12345" }, "מספר טלפון לא תקין"],
    ["a short subject", { subject: "הי" }, "נושא חייב להכיל לפחות 3 תווים"],
    ["a short message", { message: "קצר" }, "הודעה חייבת להכיל לפחות 10 תווים"],
  ])("refuses %s with 400, the Hebrew message, and stores nothing", async (_, override, text) => {
    const response = await postContact({ ...message, ...override });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(text);
    expect(storedMessages()).toHaveLength(0);
  });

  it("links the message to the signed-in person", async () => {
    const login = await app.fetch("/api/auth/login", jsonInit("POST", { email: DEMO_USER.email, password: DEMO_USER.password }));
    const { token, userId } = await login.json();
    const response = await postContact({ ...message, phone: "050-1234567" }, { Authorization: `Bearer ${token}` });
    expect(response.status).toBe(302);
    expect(storedMessages()).toEqual([expect.objectContaining({ userId, phone: "050-1234567" })]);
  });

  it("answers a filled honeypot like a success but stores nothing", async () => {
    const response = await postContact({ ...message, website: "http://cheap-pills.example" });
    expect(response.status).toBe(302);
    expect(storedMessages()).toHaveLength(0);
  });
});

describe("GET /contact", () => {
  it("fills the subject with the order number from ?order=", async () => {
    const html = await (await app.fetch("/contact?order=3f2a9c1e-77aa-4bcd-9e00-123456789abc")).text();
    expect(html).toContain('value="בירור לגבי הזמנה 3F2A9C1E"');
  });
});

describe("receiveContactMessage", () => {
  it("stores a signed-in person's message with their id", () => {
    const user = db().select().from(users).where(eq(users.email, DEMO_USER.email)).get()!;
    const stored = receiveContactMessage(db(), { name: "דנה", email: "d@example.com", subject: "נושא", message: "הודעה ארוכה מספיק" }, user.id);
    expect(stored).toMatchObject({ userId: user.id, phone: null });
    expect(storedMessages()).toHaveLength(1);
  });

  it("drops a message whose honeypot is filled", () => {
    const stored = receiveContactMessage(db(), { name: "בוט", email: "b@example.com", subject: "נושא", message: "הודעה ארוכה מספיק", website: "x" }, null);
    expect(stored).toBeNull();
    expect(storedMessages()).toHaveLength(0);
  });
});
