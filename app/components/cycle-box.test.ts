import { createElement as h, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { URGENT_MS } from "~/domain/countdown";
import { i18nFor } from "~/i18n";
import { translations } from "~/locales";
import { shapeDocument } from "~/web/first-paint.server";
import { CycleBox, type CycleData } from "./cycle-box";
import { MarkupCacheProvider } from "./markup-cache";
import { createMarkupStore, documentMarkup, type MarkupStore } from "./markup-cache.server";

const hebrew = i18nFor("he", { ...translations.he });

function render(element: ReactElement) {
  return renderToString(h(I18nextProvider, { i18n: hebrew }, element));
}

function renderFrom(store: MarkupStore, element: ReactElement) {
  const placed = documentMarkup(store);
  const html = renderToString(h(I18nextProvider, { i18n: hebrew }, h(MarkupCacheProvider, { value: placed }, element)));
  return shapeDocument(html, { stylesheetHref: null, css: null, placed }).toString("utf8");
}

const deadline = Date.UTC(2026, 10, 29, 18, 0, 0);
const open: CycleData = { orderDeadline: new Date(deadline).toISOString(), pickupDate: new Date(Date.UTC(2026, 11, 1, 13)).toISOString(), isOrderingOpen: true };

describe("the week's box from the markup cache", () => {
  it("is the box rendered in full at every moment: within a second, across seconds, across the urgent hour, after the deadline, closed and without a week", () => {
    const store = createMarkupStore();
    const moments = [
      deadline - 2 * 86_400_000 - 5_000,
      deadline - 2 * 86_400_000 - 5_000 + 999,
      deadline - 2 * 86_400_000 - 4_000,
      deadline - URGENT_MS - 1,
      deadline - URGENT_MS,
      deadline - URGENT_MS + 1,
      deadline - 1,
      deadline,
      deadline + 60_000,
    ];
    const cycles: (CycleData | null)[] = [open, { ...open, isOrderingOpen: false }, null];
    for (let round = 0; round < 2; round++) {
      for (const cycle of cycles) {
        for (const at of moments) {
          const props = { cycle, now: new Date(at).toISOString(), communityId: "c-1" };
          expect(renderFrom(store, h(CycleBox, props)), `${JSON.stringify(cycle)} at ${at}, round ${round}`).toBe(render(h(CycleBox, props)));
        }
      }
    }
    // The seconds show: two moments a second apart are two boxes.
    const at = (ms: number) => render(h(CycleBox, { cycle: open, now: new Date(ms).toISOString() }));
    expect(at(moments[0]!)).not.toBe(at(moments[2]!));
  });
});
