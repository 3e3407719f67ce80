import type { Page } from "@playwright/test";
import { expect, signedInShopper, test, waitForHydration } from "./fixtures";

// Nothing a shopper reads may move while the page loads or when its scripts take over (the
// budget is CLS 0, bench/README.md). A widget that appears once hydrated must have its room
// kept before. Lighthouse saw the deal page's add-to-cart box jump by 0.035 on a phone: its
// share button came in beside the title and wrapped it.

/** Every layout shift since the page started, with where it happened (no input in between). */
async function layoutShifts(page: Page): Promise<{ value: number; nodes: string[] }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        const shifts: { value: number; nodes: string[] }[] = [];
        type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] };
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Shift[]) {
            if (entry.hadRecentInput) continue;
            const nodes = (entry.sources ?? []).map((source) => {
              const node = source.node;
              return node instanceof Element ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ""}.${[...node.classList].slice(0, 3).join(".")}` : String(node?.nodeName);
            });
            shifts.push({ value: entry.value, nodes });
          }
        });
        observer.observe({ type: "layout-shift", buffered: true });
        // Two frames after the buffered entries came: what hydration drew has been laid out.
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(() => (observer.disconnect(), resolve(shifts)), 100)));
      }),
  );
}

async function expectStill(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  expect({ path, shifts: await layoutShifts(page) }).toEqual({ path, shifts: [] });
}

for (const width of [360, 412]) {
  test(`nothing moves as the pages a shopper opens first load and come alive, ${width} px wide`, async ({ page, request, jsEnabled }) => {
    test.skip(!jsEnabled, "the shifts this looks for come from what the scripts draw");
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/", "/deals", "/deals/cherry-tomatoes", "/groups"]) await expectStill(page, path);
    await signedInShopper(page, request);
    for (const path of ["/deals", "/deals/cherry-tomatoes", "/cart", "/orders"]) await expectStill(page, path);
  });
}
