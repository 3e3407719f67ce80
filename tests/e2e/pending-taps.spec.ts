// Issue #47, item 10: on a slow phone a button that sends says it is working, takes no second
// tap, and the cart adds once per tap. The request is held for a moment here, as a slow network
// would; without JavaScript the resubmitted form is the server's to ignore (cart-tap.test.ts).
import { expect, signedInShopper, test, waitForHydration } from "./fixtures";

/** Holds the page's posts to /cart for `ms`, as a slow phone's network would. */
async function slowCartPosts(page: import("@playwright/test").Page, ms: number) {
  await page.route(/\/cart(\.data)?(\?.*)?$/, async (route) => {
    if (route.request().method() === "POST") await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => undefined);
  });
}

async function cartQty(page: import("@playwright/test").Page) {
  return ((await (await page.request.get("/api/cart")).json()) as { qty: number }[]).map((line) => line.qty);
}

test("'add to cart' says it is adding, takes no second tap, and adds once", async ({ page, request, jsEnabled }) => {
  await signedInShopper(page, request);
  const [deal] = (await (await request.get("/api/deals?limit=50")).json()).filter((d: { minQty: number; maxQty: number }) => d.minQty === 1 && d.maxQty >= 5);
  await page.goto(`/deals/${deal.slug}`);
  const tap = await page.locator('form[action="/cart"] input[name="tap"]').getAttribute("value");
  expect(tap).toMatch(/^[0-9a-f-]{36}$/);
  if (!jsEnabled) {
    await page.getByTestId("add-to-cart").click();
    await expect(page.getByRole("status").filter({ hasText: "המוצר נוסף לעגלה" })).toBeVisible();
    expect(await cartQty(page)).toEqual([1]);
    // The page drawn again after the add has a new tap: her next tap is a new add.
    expect(await page.locator('form[action="/cart"] input[name="tap"]').getAttribute("value")).not.toBe(tap);
    return;
  }
  await waitForHydration(page);
  await slowCartPosts(page, 1_500);
  const button = page.getByTestId("add-to-cart");
  await button.click();
  await expect(button).toBeDisabled();
  await expect(button).toHaveText("מוסיפים...");
  await expect(button).toHaveAttribute("aria-busy", "true");
  await button.click({ force: true });
  await button.click({ force: true });
  await expect(page.getByRole("status").filter({ hasText: "המוצר נוסף לעגלה" })).toBeVisible();
  await expect(button).toBeEnabled();
  await expect(button).toHaveText("הוספה לעגלה");
  expect(await cartQty(page)).toEqual([1]);
});

test("the cart's stepper says 'saving' from the first tap until the answer comes", async ({ page, request, jsEnabled }) => {
  test.skip(!jsEnabled, "without JavaScript the stepper is a number field and an update button (checkout-flow)");
  await signedInShopper(page, request);
  const [deal] = (await (await request.get("/api/deals?limit=50")).json()).filter((d: { minQty: number; maxQty: number }) => d.minQty === 1 && d.maxQty >= 5);
  expect((await page.request.post("/api/cart", { data: { dealId: deal.id, groupId: deal.groups[0].id, qty: 1 } })).status()).toBe(201);
  await page.goto("/cart");
  await waitForHydration(page);
  await slowCartPosts(page, 1_500);
  const saving = page.getByTestId("qty-saving");
  await expect(saving).toHaveText("");
  await page.getByTestId("cart-line").getByRole("button", { name: "הגדלת כמות" }).click();
  await expect(saving).toHaveText("שומר...");
  await expect(saving).toHaveText("", { timeout: 10_000 });
  // Saved by the time it stops saying so.
  expect(await cartQty(page)).toEqual([2]);
});
