// The farmer's Thursday night on a phone (issue #49): from sign-in to what to pick, in as few
// taps as the page allows, with the pick list and the week's dates in the first screen and no
// figure that adds kilos to bunches. JavaScript on and off.
import { expect, liveDealOf, logIn, newPerson, newVendor, test } from "./fixtures";

const PHONE = { width: 360, height: 740 };
test.use({ viewport: PHONE });

test("a farmer signs in on a phone and sees what to pick first, each product in its own unit", async ({ page, request }) => {
  const vendor = await newVendor(request);
  const carrots = liveDealOf(vendor.email, `גזר ${crypto.randomUUID().slice(0, 4)}`, "ק״ג");
  const basil = liveDealOf(vendor.email, `בזיליקום ${crypto.randomUUID().slice(0, 4)}`, "צרור");

  // A neighbour orders 3 kg of carrots and 2 bunches of basil.
  const shopper = newPerson();
  const communities = await (await request.get("/api/communities")).json();
  expect((await request.post("/api/auth/signup", { data: { ...shopper, communityId: communities[0].id } })).status()).toBe(201);
  const token = (await (await request.post("/api/auth/login", { data: { email: shopper.email, password: shopper.password } })).json()).token;
  for (const [deal, qty] of [[carrots, 3], [basil, 2]] as const) {
    const detail = await (await request.get(`/api/deals/${deal.slug}`, { headers: { Authorization: `Bearer ${token}` } })).json();
    const placed = await request.post("/api/orders", { headers: { Authorization: `Bearer ${token}` }, data: { dealId: deal.id, groupId: detail.groups[0].id, qty, deliveryType: "PICKUP" } });
    expect(placed.status()).toBe(201);
  }

  // Her path: the sign-in form (two fields, one tap), and she is on her dashboard.
  await logIn(page, vendor.email, vendor.password);
  await expect(page).toHaveURL(/\/vendor\/dashboard$/);

  const pick = page.getByTestId("vendor-pick-list");
  const box = await pick.boundingBox();
  expect(box, "the pick list is on the page").not.toBeNull();
  expect(box!.y, "the pick list starts in the first screen").toBeLessThan(PHONE.height);
  await expect(pick).toContainText("3 ק״ג");
  await expect(pick).toContainText("2 צרורות");
  const dates = page.getByTestId("vendor-week-dates");
  expect((await dates.boundingBox())!.y + (await dates.boundingBox())!.height).toBeLessThanOrEqual(PHONE.height);
  await expect(dates).toContainText(/ההזמנות נסגרות ביום .+, \d\d\/\d\d בשעה \d\d:\d\d · איסוף ביום/);
  await expect(dates).not.toContainText("ב-");

  // The figures below never add kilos to bunches.
  await expect(page.getByTestId("vendor-total-qty")).toContainText("3 ק״ג · 2 צרורות");

  // Edit and view are phone-sized targets.
  for (const link of await page.getByTestId("vendor-deal").first().getByRole("link").all()) {
    const target = (await link.boundingBox())!;
    expect(Math.min(target.width, target.height)).toBeGreaterThanOrEqual(44);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
