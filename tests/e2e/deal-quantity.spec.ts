// Issue #47, item 1: a quantity typed on the deal page outside what the deal sells is never
// silently replaced. Without JavaScript the browser refuses the form (the field's min and max)
// and nothing is added; with it, the number is brought into range and the field says so.
import { expect, signedInShopper, test, waitForHydration } from "./fixtures";

test("a quantity above the deal's maximum is refused or brought down with a message, never silently", async ({ page, request, jsEnabled }) => {
  await signedInShopper(page, request);
  const [deal] = (await (await request.get("/api/deals?limit=50")).json()).filter((d: { maxQty: number; minQty: number }) => d.maxQty < 999 && d.minQty === 1);
  await page.goto(`/deals/${deal.slug}`);
  if (jsEnabled) await waitForHydration(page);
  const quantity = page.getByLabel("כמות", { exact: true });
  await quantity.fill("999");
  await page.getByRole("button", { name: "הוספה לעגלה" }).click();
  const cart = async () => (await (await page.request.get("/api/cart")).json()) as { qty: number }[];

  if (!jsEnabled) {
    // The browser's own check stops the form: she stays, her number stays, the cart is empty.
    expect(await quantity.evaluate((input: HTMLInputElement) => input.validity.rangeOverflow)).toBe(true);
    await expect(quantity).toHaveValue("999");
    expect(await cart()).toEqual([]);
    return;
  }
  // Brought down to the maximum, said beside the field, and that is what the cart holds.
  await expect(page.getByRole("status").filter({ hasText: `אפשר להזמין עד ${deal.maxQty}` })).toBeVisible();
  await expect(quantity).toHaveValue(String(deal.maxQty));
  await expect(page.getByRole("status").filter({ hasText: "המוצר נוסף לעגלה" })).toBeVisible();
  expect((await cart()).map((line) => line.qty)).toEqual([deal.maxQty]);
});

test("a quantity below one is brought up to one with a message once JavaScript runs", async ({ page, request, jsEnabled }) => {
  test.skip(!jsEnabled, "without JavaScript the browser's own min check refuses it, as above");
  await signedInShopper(page, request);
  const [deal] = (await (await request.get("/api/deals?limit=50")).json()).filter((d: { minQty: number }) => d.minQty === 1);
  await page.goto(`/deals/${deal.slug}`);
  await waitForHydration(page);
  const quantity = page.getByLabel("כמות", { exact: true });
  await quantity.fill("0");
  await quantity.blur();
  await expect(page.getByRole("status").filter({ hasText: "הכמות המינימלית היא 1" })).toBeVisible();
  await expect(quantity).toHaveValue("1");
});
