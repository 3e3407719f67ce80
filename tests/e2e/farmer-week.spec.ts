// Issue #49, with JavaScript on and off: a farmer sets her live deal's stock from its edit page,
// and at zero the deal says "sold out"; the admin sees the change and undoes it; the admin marks a
// closed week paid, and the farmer's weekly statement says so.
import type { Page } from "@playwright/test";
import { closedWeekWithSale, DEMO_ADMIN, expect, liveDealOf, logIn, newVendor, test } from "./fixtures";

async function signInAs(page: Page, person: { email: string; password: string }) {
  await page.context().clearCookies();
  await logIn(page, person.email, person.password);
  await expect(page.getByTestId("user-menu")).toBeVisible();
}

test.describe("the farmer's week", () => {
  test.slow();

  test("stock at zero closes a live deal to new orders with a clear word; the admin undoes the change", async ({ page, request }) => {
    const vendor = await newVendor(request);
    const deal = liveDealOf(vendor.email, `שעועית ${crypto.randomUUID().slice(0, 6)}`, "ק״ג");

    await signInAs(page, vendor);
    await page.goto(`/vendor/deals/${deal.id}/edit`);
    await expect(page.getByTestId("live-edit-note")).toContainText("מלאי");
    await page.getByLabel("מלאי: כמה עוד אפשר להזמין (לא חובה)").fill("0");
    await page.getByRole("button", { name: "שמירת השינויים" }).click();
    await expect(page.getByText("השינויים נשמרו")).toBeVisible();

    await page.goto(`/deals/${deal.slug}`);
    await expect(page.getByTestId("deal-sold-out")).toContainText("אזל המלאי");
    await expect(page.getByTestId("add-to-cart")).toHaveCount(0);

    await signInAs(page, DEMO_ADMIN);
    await page.goto(`/admin/deals/${deal.id}/edit`);
    const change = page.getByTestId("deal-change").first();
    await expect(change).toContainText("בלי הגבלה");
    await change.getByRole("button", { name: "ביטול השינוי" }).click();
    await expect(page.getByText("השינוי בוטל והמבצע חזר למה שהיה לפניו")).toBeVisible();
    await expect(page.getByTestId("change-undone")).toBeVisible();

    await page.goto(`/deals/${deal.slug}`);
    await expect(page.getByTestId("deal-sold-out")).toHaveCount(0);
    await expect(page.getByTestId("add-to-cart")).toBeVisible();
  });

  test("the admin marks a closed week paid; the farmer's statement per pickup point says so", async ({ page, request }) => {
    const vendor = await newVendor(request);
    const title = `חסה ${crypto.randomUUID().slice(0, 6)}`;
    const { cycleId } = closedWeekWithSale(vendor.email, title);

    await signInAs(page, vendor);
    await page.goto("/vendor/statements");
    const week = page.getByTestId("statement-week").filter({ hasText: title });
    await expect(week.getByTestId("statement-unpaid")).toHaveText("עוד לא שולם");
    // 2 at 9 ₪: shoppers paid 18 ₪, the market keeps 5 % (0.90 ₪), hers is 17.10 ₪.
    const line = week.getByTestId("statement-line").filter({ hasText: title });
    await expect(line).toContainText("18");
    await expect(line).toContainText("17.10");
    await expect(week.getByTestId("statement-csv")).toBeVisible();

    await signInAs(page, DEMO_ADMIN);
    await page.goto(`/admin/cycles/${cycleId}`);
    // The week is this farmer's alone: one row.
    const row = page.getByTestId("payout-row");
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("17.10");
    await row.getByRole("button", { name: "סימון כשולם" }).click();
    await expect(page.getByText("הספק סומן כמי שקיבל את התשלום")).toBeVisible();
    await expect(page.getByTestId("payout-paid")).toBeVisible();

    await signInAs(page, vendor);
    await page.goto("/vendor/statements");
    await expect(page.getByTestId("statement-week").filter({ hasText: title }).getByTestId("statement-paid")).toContainText("שולם ב-");
  });
});
