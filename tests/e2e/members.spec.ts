import type { Page } from "@playwright/test";
import { expect, newPerson, signedInShopper, test } from "./fixtures";

/** The add form on /profile/addresses (the edit forms have the same labels). */
async function addAddress(page: Page, address: { city: string; street: string; houseNumber: string }) {
  const form = page.getByRole("region", { name: "הוספת כתובת" });
  await form.getByLabel("יישוב").fill(address.city);
  await form.getByLabel("רחוב").fill(address.street);
  await form.getByLabel("מספר בית").fill(address.houseNumber);
  await form.getByRole("button", { name: "שמירת הכתובת" }).click();
  await expect(page.getByText("הכתובת נשמרה").first()).toBeVisible();
}

test.describe("saved addresses", () => {
  // Long walks through several pages, on a machine shared by parallel tests.
  test.slow();
  test("add two, make the second default, check out with it prefilled, deliver to a saved one, delete one", async ({ page, request, jsEnabled }) => {
    await signedInShopper(page, request);
    await page.goto("/profile");
    await page.getByRole("link", { name: "הכתובות שלי" }).click();
    await expect(page).toHaveURL(/\/profile\/addresses$/);
    await expect(page.getByTestId("addresses-empty")).toBeVisible();

    await addAddress(page, { city: "חיפה", street: "הרצל", houseNumber: "12" });
    await addAddress(page, { city: "תל אביב", street: "הגפן", houseNumber: "4" });
    const cards = page.getByTestId("address-card");
    await expect(cards).toHaveCount(2);
    await expect(cards.nth(0).getByTestId("default-badge")).toBeVisible();
    await expect(cards.nth(1).getByTestId("default-badge")).toHaveCount(0);

    await cards.nth(1).getByRole("button", { name: "להפוך לברירת מחדל" }).click();
    await expect(page.getByText("מעכשיו זו כתובת ברירת המחדל").first()).toBeVisible();
    await expect(cards.nth(1).getByTestId("default-badge")).toBeVisible();
    await expect(cards.nth(0).getByTestId("default-badge")).toHaveCount(0);

    // The checkout opens on the default address.
    await page.goto("/deals/cherry-tomatoes");
    await page.getByRole("button", { name: "הוספה לעגלה" }).click();
    await expect(page.getByText("המוצר נוסף לעגלה")).toBeVisible();
    // Home delivery chosen in the checkout's first step.
    await page.goto("/shipping");
    await page.getByRole("radio", { name: /משלוח עד הבית/ }).check();
    await page.getByRole("button", { name: "המשך לפרטים" }).click();
    await expect(page.getByLabel("כתובת", { exact: true })).toHaveValue("הגפן 4");
    await expect(page.getByLabel("עיר")).toHaveValue("תל אביב");

    // Choosing the other saved address: with JavaScript it fills the fields, without the server takes it.
    const herzl = await page.getByTestId("saved-address-picker").locator("option", { hasText: "הרצל 12" }).getAttribute("value");
    await page.getByLabel("כתובות שמורות").selectOption(herzl!);
    if (jsEnabled) {
      await expect(page.getByLabel("כתובת", { exact: true })).toHaveValue("הרצל 12");
      await expect(page.getByLabel("עיר")).toHaveValue("חיפה");
    }
    await page.getByLabel("טלפון").fill("050-1234567");
    await page.getByRole("button", { name: "המשך לסיכום" }).click();
    await expect(page.getByTestId("review-delivery")).toContainText("הרצל 12, חיפה");
    await page.getByRole("button", { name: "ביצוע ההזמנה" }).click();
    await expect(page).toHaveURL(/\/order-success\?orderId=/);
    const orderId = new URL(page.url()).searchParams.get("orderId")!;
    const order = await (await page.request.get(`/api/orders/${orderId}`)).json();
    expect(order.deliveryAddress).toContain("הרצל 12, חיפה");

    await page.goto("/profile/addresses");
    await page.getByRole("button", { name: "מחיקת הכתובת הרצל 12" }).click();
    await expect(page.getByText("הכתובת נמחקה").first()).toBeVisible();
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText("הגפן 4, תל אביב");
    await expect(cards.first().getByTestId("default-badge")).toBeVisible();
  });

  test("refuses a one-letter town with the message and keeps the list empty", async ({ page, request }) => {
    await signedInShopper(page, request);
    await page.goto("/profile/addresses");
    const form = page.getByRole("region", { name: "הוספת כתובת" });
    await form.locator("form").evaluate((f) => f.setAttribute("novalidate", ""));
    await form.getByLabel("יישוב").fill("ח");
    await form.getByLabel("רחוב").fill("הרצל");
    await form.getByRole("button", { name: "שמירת הכתובת" }).click();
    await expect(form.getByText("שם היישוב צריך להכיל לפחות 2 תווים")).toBeVisible();
    await expect(page.getByTestId("addresses-empty")).toBeVisible();
  });
});

test.describe("inviting neighbours", () => {
  test.slow();
  test("a member shares their link, a neighbour signs up through it, and the profile counts 1", async ({ page, request, browser, jsEnabled, context, baseURL }) => {
    await signedInShopper(page, request, 0);
    const communities = await (await request.get("/api/communities")).json();
    await page.goto("/profile");
    const card = page.getByTestId("invite-card");
    await expect(card.getByTestId("invite-joined")).toHaveText("0");
    await card.getByRole("button", { name: "לקבלת הקישור שלי" }).click();
    await expect(page.getByText("הקישור שלכם מוכן").first()).toBeVisible();
    const url = await card.getByTestId("invite-url").inputValue();
    expect(url).toMatch(/\/invite\/[a-z0-9]{8,10}$/);
    await expect(card.getByRole("link", { name: "שליחה בוואטסאפ" })).toHaveAttribute("href", /^https:\/\/wa\.me\/\?text=.*%2Finvite%2F/);
    if (jsEnabled) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
      await card.getByRole("button", { name: "העתקת הקישור" }).click();
      await expect(card.getByRole("button", { name: "הועתק!" })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    } else {
      await expect(card.getByRole("button", { name: "העתקת הקישור" })).toHaveCount(0);
    }

    // A neighbour, on their own phone, opens the link.
    const phone = await browser.newContext({ javaScriptEnabled: jsEnabled, locale: "he-IL", timezoneId: "Asia/Jerusalem" });
    const visitor = await phone.newPage();
    try {
      await visitor.goto(url);
      await expect(visitor.getByRole("heading", { level: 1 })).toContainText(`מזמין אתכם לקנות יחד בקהילה ${communities[0].name}`);
      await visitor.getByRole("link", { name: "להצטרפות לקהילה" }).click();
      await expect(visitor).toHaveURL(/\/signup\?ref=/);
      await expect(visitor.getByTestId("signup-invite")).toBeVisible();
      await expect(visitor.getByLabel("הקהילה שלי")).toHaveValue(communities[0].id);
      const person = newPerson();
      await visitor.getByLabel("שם פרטי").fill(person.firstName);
      await visitor.getByLabel("שם משפחה").fill(person.lastName);
      await visitor.getByLabel("כתובת מייל").fill(person.email);
      await visitor.getByLabel("סיסמה", { exact: true }).fill(person.password);
      await visitor.getByLabel("אימות סיסמה").fill(person.password);
      await visitor.getByLabel(/קראתי ואני מסכים/).check();
      await visitor.getByRole("button", { name: "יצירת חשבון" }).click();
      await expect(visitor.getByText(`ברוכים הבאים לשוק הקהילתי, ${person.firstName}!`).first()).toBeVisible();
    } finally {
      await phone.close();
    }

    await page.goto("/profile");
    await expect(page.getByTestId("invite-joined")).toHaveText("1");
  });

  test("a member makes a link for a deal from the deal page", async ({ page, request }) => {
    await signedInShopper(page, request, 0);
    await page.goto("/deals/cherry-tomatoes");
    const section = page.getByTestId("deal-invite");
    await section.getByRole("button", { name: "לקבלת קישור למבצע" }).click();
    await expect(page.getByText("הקישור שלכם מוכן").first()).toBeVisible();
    const url = await section.getByTestId("invite-url").inputValue();
    const code = url.split("/invite/")[1];
    const resolved = await (await request.get(`/api/referrals/${code}`)).json();
    expect(resolved.deal.slug).toBe("cherry-tomatoes");
  });
});
