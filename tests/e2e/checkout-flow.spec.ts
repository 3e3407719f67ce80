// The one checkout (docs/decisions/011), as a shopper walks it, with JavaScript on and off:
// cart -> pickup or delivery -> details -> review -> every order on the success page -> the
// orders list by week -> a quantity changed on the order's page, and refused after the cut-off.
import { expect, runOnDatabase, signedInShopper, test } from "./fixtures";

const DAY = 86_400_000;

async function addToCart(page: import("@playwright/test").Page, slug: string) {
  await page.goto(`/deals/${slug}`);
  await page.getByRole("button", { name: "הוספה לעגלה" }).click();
  await expect(page.getByText("המוצר נוסף לעגלה")).toBeVisible();
}

test.describe("the one checkout", () => {
  test("pickup from the cart: preselected with day and hours, reviewed, every order on the success page, the orders list by week", async ({ page, request }) => {
    await signedInShopper(page, request);
    // Whatever day the suite runs, the deadline is days away: the week is open.
    runOnDatabase("update weekly_cycles set order_deadline = ? where is_active = 1 and order_deadline < ?", Date.now() + 4 * DAY, Date.now() + 2 * DAY);
    await addToCart(page, "cherry-tomatoes");
    await addToCart(page, "cucumbers");

    await page.goto("/cart");
    // The badge and the cart count the same thing: products (lines).
    await expect(page.getByTestId("cart-count")).toHaveText("2 מוצרים");
    await expect(page.getByTestId("cart-link")).toHaveAccessibleName("סל קניות, 2 מוצרים");
    await expect(page.getByTestId("cart-pickup")).toContainText("איסוף: יום");
    await expect(page.getByTestId("cart-free-delivery")).toContainText("והמשלוח עד הבית בחינם");
    await page.getByRole("link", { name: "למעבר לתשלום" }).click();

    await expect(page).toHaveURL(/\/shipping$/);
    await expect(page.getByRole("radio", { name: /איסוף עצמי/ })).toBeChecked();
    const firstPoint = page.getByTestId("pickup-point").first();
    await expect(firstPoint.getByRole("radio")).toBeChecked();
    await expect(firstPoint).toContainText(/יום \S+, \d\d\/\d\d/);
    await expect(firstPoint).toContainText(/\d\d:\d\d–\d\d:\d\d/);
    const address = (await firstPoint.locator("bdi").first().textContent())!;
    await page.getByRole("button", { name: "המשך לפרטים" }).click();

    await expect(page).toHaveURL(/\/checkout\?deliveryType=PICKUP&pickupPointId=/);
    await expect(page.getByTestId("checkout-method")).toContainText(address);
    // The step says what it is for: a pickup, not a delivery (#47, item 7).
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("פרטים לאיסוף");
    await expect(page.getByTestId("checkout-payment")).toHaveText("מזומן באיסוף");
    await expect(page.getByLabel("שם מלא")).toHaveCount(0);
    await page.getByLabel("טלפון").fill("0501234567");
    await page.getByRole("button", { name: "המשך לסיכום" }).click();

    const review = page.getByTestId("checkout-review");
    await expect(review.getByTestId("review-line")).toHaveCount(2);
    await expect(review.getByTestId("review-pickup")).toContainText(address);
    await expect(review.getByTestId("review-fee")).toHaveText("חינם");
    // Back to the details keeps what she typed.
    await page.getByRole("button", { name: "חזרה לעריכת הפרטים" }).click();
    await expect(page.getByLabel("טלפון")).toHaveValue("0501234567");
    await page.getByRole("button", { name: "המשך לסיכום" }).click();
    const total = await page.getByTestId("review-total").textContent();
    // The review is a POST's answer, which the page sweep cannot open: check it fits a phone here.
    await page.setViewportSize({ width: 360, height: 740 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole("button", { name: "ביצוע ההזמנה" }).click();

    await expect(page).toHaveURL(/\/order-success\?orderId=.+&orderId=/);
    const orders = page.getByTestId("success-order");
    await expect(orders).toHaveCount(2);
    for (const order of await orders.all()) {
      await expect(order.getByTestId("order-status")).toHaveText("לתשלום באיסוף");
      await expect(order.getByTestId("order-place")).toContainText(address);
      // Where and when, as every page shows a point: "address · day, date · hours" (issue #45).
      await expect(order.getByTestId("order-place")).toContainText(/יום \S+, \d\d\/\d\d/);
    }
    await expect(page.getByText(total!.trim()).last()).toBeVisible();
    await expect(page.getByTestId("cart-link")).toHaveAccessibleName("סל קניות, 0 מוצרים");
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole("link", { name: "להזמנות שלי" }).click();
    const week = page.getByTestId("order-week");
    await expect(week).toHaveCount(1);
    await expect(week.getByRole("heading")).toContainText("איסוף: יום");
    await expect(week.getByTestId("order-card")).toHaveCount(2);
    await expect(week.getByTestId("order-card").first().getByTestId("order-status")).toHaveText("לתשלום באיסוף");
    await expect(week.getByTestId("order-card").first().getByTestId("pickup-point-text")).toContainText(address);
  });

  test("/shipping refuses a pickup without a point, and the details step refuses a short phone", async ({ page, request }) => {
    await signedInShopper(page, request);
    await addToCart(page, "cherry-tomatoes");
    await page.goto("/shipping");
    // As a browser would send it with no point chosen (the form always opens with one).
    await page.locator("form#shipping").evaluate((form) => {
      form.setAttribute("novalidate", "");
      for (const radio of form.querySelectorAll<HTMLInputElement>('input[name="pickupPointId"]')) radio.checked = false;
    });
    await page.getByRole("button", { name: "המשך לפרטים" }).click();
    await expect(page.getByText("מלאו את כל פרטי המשלוח הנדרשים")).toBeVisible();
    await expect(page).toHaveURL(/\/shipping$/);

    await page.goto("/shipping");
    await page.getByRole("button", { name: "המשך לפרטים" }).click();
    await page.getByLabel("טלפון").fill("12");
    await page.locator("form#checkout").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "המשך לסיכום" }).click();
    await expect(page.getByText("נדרש מספר טלפון תקין")).toBeVisible();
    await expect(page.getByTestId("checkout-review")).toHaveCount(0);
  });

  test("an order's quantity changes on its page until 24 hours before the deadline, then it is final (409)", async ({ page, request, jsEnabled }) => {
    // A community of its own per project: this test moves its week's deadline within 24 hours,
    // which would make every other order change in that community refuse while it runs.
    await signedInShopper(page, request, jsEnabled ? 1 : 2);
    runOnDatabase("update weekly_cycles set order_deadline = ? where is_active = 1 and order_deadline < ?", Date.now() + 4 * DAY, Date.now() + 2 * DAY);
    await addToCart(page, "cherry-tomatoes");
    await page.goto("/shipping");
    await page.getByRole("button", { name: "המשך לפרטים" }).click();
    await page.getByLabel("טלפון").fill("0501234567");
    await page.getByRole("button", { name: "המשך לסיכום" }).click();
    await page.getByRole("button", { name: "ביצוע ההזמנה" }).click();
    await expect(page).toHaveURL(/\/order-success/);
    const orderId = new URL(page.url()).searchParams.get("orderId")!;

    await page.goto(`/orders/${orderId}`);
    const before = await page.getByTestId("order-total").textContent();
    await page.getByLabel("כמות", { exact: true }).fill("3");
    await page.getByRole("button", { name: "עדכון הכמות" }).click();
    await expect(page.getByText("הכמות בהזמנה עודכנה").first()).toBeVisible();
    await expect(page.getByTestId("order-total")).not.toHaveText(before!);
    await expect(page.getByLabel("כמות", { exact: true })).toHaveValue("3");

    // Back to 1 loses the "from 3" price: she is told the new price first, and may keep 3 (#47).
    const atThree = await page.getByTestId("order-total").textContent();
    await page.getByLabel("כמות", { exact: true }).fill("1");
    await page.getByRole("button", { name: "עדכון הכמות" }).click();
    await expect(page.getByTestId("order-price-rise")).toContainText("בכמות 1 המחיר ליחידה יעלה ל־");
    await page.getByRole("link", { name: "להשאיר 3" }).click();
    await expect(page.getByTestId("order-price-rise")).toHaveCount(0);
    await expect(page.getByTestId("order-total")).toHaveText(atThree!);
    await page.getByLabel("כמות", { exact: true }).fill("1");
    await page.getByRole("button", { name: "עדכון הכמות" }).click();
    await page.getByRole("button", { name: "כן, לשנות ל־1" }).click();
    await expect(page.getByText("הכמות בהזמנה עודכנה").first()).toBeVisible();
    await expect(page.getByLabel("כמות", { exact: true })).toHaveValue("1");

    // Bad input: the message, and nothing changes.
    await page.locator('[data-testid="change-qty-form"]').evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByLabel("כמות", { exact: true }).fill("0");
    await page.getByRole("button", { name: "עדכון הכמות" }).click();
    await expect(page.getByTestId("order-action-error")).toContainText("הכמות המינימלית היא 1");

    // The deadline moves within 24 hours while the page is open: the server refuses.
    await page.goto(`/orders/${orderId}`);
    runOnDatabase("update weekly_cycles set order_deadline = ? where id = (select weekly_cycle_id from orders where id = ?)", Date.now() + 23 * 3_600_000, orderId);
    await page.getByLabel("כמות", { exact: true }).fill("5");
    const answer = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(`/orders/${orderId}`));
    await page.getByRole("button", { name: "עדכון הכמות" }).click();
    expect((await answer).status()).toBe(409);
    await expect(page.getByTestId("order-action-error")).toContainText("אי אפשר לשנות או לבטל פחות מ-24 שעות");
    await page.goto(`/orders/${orderId}`);
    await expect(page.getByLabel("כמות", { exact: true })).toHaveCount(0);
    await expect(page.getByTestId("order-final")).toBeVisible();
    // Still the one unit she kept, at its price: the refused 5 changed nothing.
    await expect(page.getByTestId("order-total")).toHaveText(before!);
    runOnDatabase("update weekly_cycles set order_deadline = ? where id = (select weekly_cycle_id from orders where id = ?)", Date.now() + 4 * DAY, orderId);
  });
});
