import { describe, expect, it } from "vitest";
import { translations } from "~/locales/index";
import { DELIVERY_TYPES, ORDER_STATUSES } from "./enums";
import { detailsTitleKey, orderStatusKey, paymentKey } from "./order-words";

const word = (language: "he" | "en", key: string) =>
  key.split(".").reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], translations[language]);

describe("one vocabulary for an order's state and payment", () => {
  it("words every status, for pickup, delivery and in general, in both languages", () => {
    for (const language of ["he", "en"] as const) {
      for (const status of ORDER_STATUSES) {
        for (const deliveryType of [...DELIVERY_TYPES, null]) {
          expect(typeof word(language, orderStatusKey(status, deliveryType)), `${language} ${status} ${deliveryType}`).toBe("string");
        }
      }
      for (const deliveryType of DELIVERY_TYPES) {
        expect(typeof word(language, paymentKey(deliveryType))).toBe("string");
        expect(typeof word(language, detailsTitleKey(deliveryType))).toBe("string");
      }
    }
  });

  it("says where a cash order is paid and how it was received, and the same payment words the checkout uses", () => {
    expect(word("he", orderStatusKey("PENDING", "PICKUP"))).toBe("לתשלום באיסוף");
    expect(word("he", orderStatusKey("PENDING", "DELIVERY"))).toBe("לתשלום במסירה");
    expect(word("he", orderStatusKey("FULFILLED", "PICKUP"))).toBe("נאספה");
    expect(word("en", orderStatusKey("FULFILLED", "DELIVERY"))).toBe("Delivered");
    // Paid, cancelled and refunded read the same however she gets it.
    expect(orderStatusKey("PAID", "PICKUP")).toBe(orderStatusKey("PAID"));
    expect(word("en", paymentKey("PICKUP"))).toBe("Cash at pickup");
    expect(word("en", paymentKey("DELIVERY"))).toBe("Cash on delivery");
    expect(word("he", detailsTitleKey("PICKUP"))).not.toBe(word("he", detailsTitleKey("DELIVERY")));
  });
});
