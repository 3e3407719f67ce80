// A pickup-only community (issue #45) offers no home delivery anywhere a shopper looks: the
// deal page's card, the cart and the checkout's first step, with JavaScript on and off. The
// community is made the way an organiser makes one, through the admin API: it starts pickup only.
import { DEMO_ADMIN, expect, logIn, newPerson, test } from "./fixtures";

test("a new community is pickup only: no delivery option on the deal page, the cart or /shipping", async ({ page, request }) => {
  const login = await request.post("/api/auth/login", { data: DEMO_ADMIN });
  expect(login.status()).toBe(200);
  const auth = { Authorization: `Bearer ${(await login.json()).token}` };
  const created = await request.post("/api/admin/communities", {
    headers: auth,
    data: { name: `קהילה בלי משלוחים ${crypto.randomUUID().slice(0, 6)}` },
  });
  expect(created.status()).toBe(201);
  const community = await created.json();
  expect(community.delivery.enabled).toBe(false);
  const point = await request.post(`/api/admin/communities/${community.id}/pickup-points`, {
    headers: auth,
    data: { address: "מתנ״ס האלון", pickupDays: [5], pickupStartTime: "09:00", pickupEndTime: "12:00" },
  });
  expect(point.status()).toBe(201);

  const person = newPerson();
  const signup = await request.post("/api/auth/signup", {
    data: { email: person.email, password: person.password, firstName: person.firstName, lastName: person.lastName, communityId: community.id },
  });
  expect(signup.status()).toBe(201);
  await logIn(page, person.email, person.password);
  await expect(page.getByTestId("user-menu")).toBeVisible();

  await page.goto("/deals/cherry-tomatoes");
  const card = page.getByTestId("delivery-options");
  await expect(card.getByRole("radio", { name: /איסוף עצמי/ })).toBeVisible();
  await expect(card.getByRole("radio", { name: /משלוח עד הבית/ })).toHaveCount(0);
  await expect(card.getByTestId("pickup-only")).toBeVisible();
  await page.getByRole("button", { name: "הוספה לעגלה" }).click();
  await expect(page.getByText("המוצר נוסף לעגלה")).toBeVisible();

  await page.goto("/cart");
  await expect(page.getByTestId("cart-pickup-only")).toContainText("איסוף עצמי בלבד");
  await expect(page.getByTestId("cart-free-delivery")).toHaveCount(0);
  await page.getByRole("link", { name: "למעבר לתשלום" }).click();

  await expect(page).toHaveURL(/\/shipping$/);
  await expect(page.getByRole("radio", { name: /איסוף עצמי/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: /משלוח עד הבית/ })).toHaveCount(0);
  await expect(page.getByTestId("pickup-only")).toBeVisible();
  // An old link straight to the delivery step starts over at /shipping.
  await page.goto("/checkout?deliveryType=DELIVERY");
  await expect(page).toHaveURL(/\/shipping$/);
  await expect(page.getByRole("radio", { name: /משלוח עד הבית/ })).toHaveCount(0);
});
