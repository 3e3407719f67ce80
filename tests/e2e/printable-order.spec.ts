// Issue #47, item 6: the printable order documents. The print button is there however the page
// is reached (a link inside the app, or the address itself), with JavaScript; without it a line
// says how to print from the browser. Every printed page is dark text on white, whatever the
// theme: the one-order paper, the checkout's paper, the admin's pick list and the farmer's.
import type { Locator, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { DEMO_ADMIN, expect, liveDealOf, logIn, newVendor, placePickupOrder, signedInShopper, test } from "./fixtures";

function cycleOf(orderId: string): string {
  const db = new Database(process.env.E2E_DATABASE_PATH!, { readonly: true });
  try {
    return db.prepare("SELECT weekly_cycle_id FROM orders WHERE id = ?").pluck().get(orderId) as string;
  } finally {
    db.close();
  }
}

/** Counts window.print calls instead of opening the dialog. */
async function stubPrint(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { printed: number }).printed = 0;
    window.print = () => void (window as unknown as { printed: number }).printed++;
  });
}
const printed = (page: Page) => page.evaluate(() => (window as unknown as { printed: number }).printed);

/** The theme as the toggle keeps it (a cookie the server renders with). */
async function chooseTheme(page: Page, theme: "dark" | "system") {
  const response = await page.request.post("/theme", { form: { theme }, headers: { Accept: "application/json" } });
  expect(response.status()).toBe(200);
}

/** Relative luminance (0 black .. 1 white) of a computed "rgb(r, g, b)" or "rgba(...)". */
function luminance(color: string): number {
  const [r, g, b] = color.match(/[\d.]+/g)!.slice(0, 3).map((n) => Number(n) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of a colour against white paper (WCAG: 4.5 reads as body text). */
const contrastOnWhite = (color: string) => 1.05 / (luminance(color) + 0.05);

/** Every text element given reads on paper (AA contrast against white) and the page itself is white. */
async function expectDarkOnWhite(page: Page, texts: Locator[]) {
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(background, "the page's background on paper").toBe("rgb(255, 255, 255)");
  for (const text of texts) {
    const color = await text.first().evaluate((el) => getComputedStyle(el).color);
    expect(contrastOnWhite(color), `${await text.first().evaluate((el) => el.outerHTML.slice(0, 80))} prints ${color}`).toBeGreaterThanOrEqual(4.5);
  }
}

test.describe("the printable order documents", () => {
  test("have a print button however they are reached, with JavaScript; without it, the browser's menu", async ({ page, request, jsEnabled }) => {
    await signedInShopper(page, request);
    const orderId = await placePickupOrder(page, "cucumbers");
    // From the success page to the checkout's paper by its link (inside the app with JavaScript).
    await page.getByTestId("checkout-receipt-link").click();
    await expect(page).toHaveURL(/\/checkouts\/[^/]+\/receipt$/);
    await expect(page.getByRole("heading", { name: "סיכום הזמנה" })).toBeVisible();
    const button = page.getByRole("button", { name: "הדפסה" });
    if (jsEnabled) {
      await expect(button).toBeVisible();
      await stubPrint(page);
      await button.click();
      expect(await printed(page)).toBe(1);
    } else {
      await expect(button).toBeHidden();
      await expect(page.getByText("להדפסה: בתפריט הדפדפן")).toBeVisible();
    }
    // From her order's page to its own paper, and the paper loaded by its address.
    await page.goto(`/orders/${orderId}`);
    await page.getByRole("link", { name: "סיכום הזמנה להדפסה" }).click();
    await expect(page).toHaveURL(new RegExp(`/orders/${orderId}/receipt$`));
    if (jsEnabled) await expect(button).toBeVisible();
    else await expect(button).toBeHidden();
    await page.reload();
    if (jsEnabled) {
      await expect(button).toBeVisible();
      await expect(page.getByText("להדפסה: בתפריט הדפדפן")).toBeHidden();
    } else {
      await expect(page.getByText("להדפסה: בתפריט הדפדפן")).toBeVisible();
    }
  });

  test("print dark text on white in the dark theme and in a dark system theme", async ({ page, request }) => {
    await signedInShopper(page, request);
    const orderId = await placePickupOrder(page, "cucumbers");
    const checkoutPath = await page.getByTestId("checkout-receipt-link").getAttribute("href");
    for (const theme of ["dark", "system"] as const) {
      await chooseTheme(page, theme);
      await page.emulateMedia({ media: "screen", colorScheme: "dark" });
      for (const path of [`/orders/${orderId}/receipt`, checkoutPath!]) {
        await page.goto(path);
        await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
        // On screen the theme is dark: light text.
        expect(luminance(await page.getByTestId("receipt-heading").evaluate((el) => getComputedStyle(el).color))).toBeGreaterThan(0.5);
        await page.emulateMedia({ media: "print", colorScheme: "dark" });
        await expectDarkOnWhite(page, [page.getByTestId("receipt-heading"), page.getByTestId("receipt-seller"), page.getByTestId("receipt-total"), page.locator(".receipt td").first(), page.locator(".receipt .text-fg-muted")]);
        await page.emulateMedia({ media: "screen", colorScheme: "dark" });
      }
    }
  });

  test("the admin's pick list prints dark text on white in the dark theme", async ({ page, request, browser, jsEnabled }) => {
    await signedInShopper(page, request);
    const orderId = await placePickupOrder(page, "cucumbers");
    const admin = await browser.newPage({ baseURL: new URL(page.url()).origin, javaScriptEnabled: jsEnabled });
    await logIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await chooseTheme(admin, "dark");
    await admin.goto(`/admin/cycles/${cycleOf(orderId)}/pickup`);
    await expect(admin.locator("html")).toHaveAttribute("data-theme", "dark");
    await admin.emulateMedia({ media: "print", colorScheme: "dark" });
    await expectDarkOnWhite(admin, [admin.locator("h1"), admin.getByTestId("pickup-shopper"), admin.getByTestId("pickup-state")]);
    await admin.close();
  });

  test("the farmer's pick list prints dark text on white in the dark theme", async ({ page, request, browser, jsEnabled }) => {
    const vendor = await newVendor(request);
    const deal = liveDealOf(vendor.email, `גזר ${crypto.randomUUID().slice(0, 4)}`, "ק״ג");
    await signedInShopper(page, request);
    const detail = await (await page.request.get(`/api/deals/${deal.slug}`)).json();
    expect((await page.request.post("/api/orders", { data: { dealId: deal.id, groupId: detail.groups[0].id, qty: 2, deliveryType: "PICKUP" } })).status()).toBe(201);
    const farmer = await browser.newPage({ baseURL: new URL(page.url()).origin, javaScriptEnabled: jsEnabled });
    await logIn(farmer, vendor.email, vendor.password);
    await chooseTheme(farmer, "dark");
    await farmer.goto("/vendor/dashboard");
    await expect(farmer.locator("html")).toHaveAttribute("data-theme", "dark");
    await expect(farmer.getByTestId("vendor-pick-list")).toContainText("2 ק״ג");
    await farmer.emulateMedia({ media: "print", colorScheme: "dark" });
    await expectDarkOnWhite(farmer, [farmer.locator("h1"), farmer.getByTestId("vendor-pick-list"), farmer.getByTestId("vendor-week-dates")]);
    await farmer.close();
  });
});
