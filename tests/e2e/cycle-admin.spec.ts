import { DEMO_ADMIN, expect, logIn, placePickupOrder, signedInShopper, test } from "./fixtures";

test("an admin marks a week's orders fulfilled; the buyer is notified, follows it to the deal and reviews", async ({ page, request, browser }, testInfo) => {
  // A long walk through two people's screens, and the admin looks through every open week
  // (other tests open communities of their own on this server): give it the slow-test time.
  test.slow();
  // Each project's shopper in a community of its own: "mark all" must not race the other run.
  const person = await signedInShopper(page, request, testInfo.project.name === "js-on" ? 3 : 4);
  const orderId = await placePickupOrder(page, "brown-mushrooms");

  const admin = await browser.newPage({ baseURL: new URL(page.url()).origin });
  await logIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto("/admin/cycles");
  // One of the open weeks lists the new order.
  const rows = admin.getByTestId("cycle-row").filter({ hasText: "פתוח" });
  await expect(rows.first()).toBeVisible();
  let found = false;
  for (const href of await rows.getByRole("link", { name: "לרשימות" }).evaluateAll((links) => links.map((a) => a.getAttribute("href")))) {
    await admin.goto(href!);
    if ((await admin.getByTestId("pickup-list").count()) && (await admin.getByTestId("pickup-list").textContent())!.includes(person.email)) {
      found = true;
      break;
    }
  }
  expect(found).toBe(true);
  await expect(admin.getByTestId("packing-list")).toContainText("שמפיניון");

  const csvHref = await admin.getByRole("link", { name: /רשימת איסוף · הורדה כ-CSV/ }).getAttribute("href");
  const csv = await admin.request.get(csvHref!);
  expect(csv.headers()["content-type"]).toContain("text/csv");
  expect(await csv.text()).toContain(`${person.firstName} ${person.lastName}`);

  // The button says how many orders it moves, and asks first.
  await admin.getByTestId("fulfill-all").getByText(/^סימון (הזמנה אחת|\d+ ההזמנות) כנמסר/).click();
  await admin.getByRole("button", { name: /^כן, לסמן/ }).click();
  await expect(admin.getByText(/סומנו כנמסרו|סומנה כנמסרה/)).toBeVisible();
  await admin.close();

  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("נאספה");
  await page.goto("/notifications");
  const reminder = page.getByTestId("notification").filter({ hasText: "איך היה?" });
  await reminder.getByRole("button", { name: "למוצר" }).click();
  await expect(page).toHaveURL(/\/deals\/brown-mushrooms#reviews$/);
  await page.getByLabel("תגובה (לא חובה)").fill(`פטריות טריות ומלאות טעם (${crypto.randomUUID().slice(0, 6)})`);
  await page.getByRole("button", { name: "שליחת הביקורת" }).click();
  await expect(page.getByText("הביקורת נשלחה בהצלחה - תודה ששיתפתם")).toBeVisible();
});

test("an admin moves one order on from the orders tab, through the allowed statuses only", async ({ page, request, browser }, testInfo) => {
  const person = await signedInShopper(page, request, testInfo.project.name === "js-on" ? 1 : 2);
  await placePickupOrder(page, "cucumbers");
  const admin = await browser.newPage({ baseURL: new URL(page.url()).origin });
  await logIn(admin, DEMO_ADMIN.email, DEMO_ADMIN.password);
  // Let the login's own redirect finish first, or it lands after our goto.
  await expect(admin).toHaveURL(/\/admin$/);
  await admin.goto(`/admin?tab=orders&q=${encodeURIComponent(person.email)}`);
  const row = admin.getByTestId("admin-order-row").first();
  // The same words the shopper reads (domain/order-words.ts): a pickup order is paid at pickup.
  await expect(row.getByTestId("admin-order-status")).toHaveText("לתשלום באיסוף");
  const select = row.getByRole("combobox");
  await expect(select.locator("option")).toHaveText(["שולמה", "בוטלה"]);
  await select.selectOption({ label: "שולמה" });
  await row.getByRole("button", { name: "עדכון" }).click();
  await expect(admin.getByText("סטטוס ההזמנה עודכן")).toBeVisible();
  await expect(admin.getByTestId("admin-order-row").first().getByTestId("admin-order-status")).toHaveText("שולמה");
  await admin.close();
  await page.goto("/orders");
  await expect(page.getByTestId("order-card").first().getByTestId("order-status")).toHaveText("שולמה");
});
