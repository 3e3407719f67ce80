import { describe, expect, it } from "vitest";
import { translations } from "~/locales";
import { createTranslator } from "~/translator";
import { CANCEL_CUTOFF_HOURS } from "./delivery";
import { MAX_IMAGES_PER_DEAL } from "./image-upload";
import { HOT_DISCOUNT_PERCENT } from "./pricing";
import { vendorGuideValues } from "./vendor-guide";


function translator(lang: "he" | "en") {
  return createTranslator(lang, [translations[lang]], null).t;
}

describe("vendorGuideValues", () => {
  it("says each community sets its own delivery (a vendor sells to all)", () => {
    const t = translator("he");
    const values = vendorGuideValues("he", t);
    expect(values.deliveryPrice).toBe(t("shop.communityDelivery.price.any"));
    expect(values.deliveryTime).toBe(t("shop.communityDelivery.time.any"));
  });

  it("takes the cut-off, the hot-deal line and the picture limits from their modules", () => {
    const values = vendorGuideValues("en", translator("en"));
    expect(values).toMatchObject({
      cutoffHours: CANCEL_CUTOFF_HOURS,
      hotPercent: HOT_DISCOUNT_PERCENT,
      maxImages: MAX_IMAGES_PER_DEAL,
      imageMb: 12,
      imageTypes: "JPEG, PNG, WebP",
    });
  });
});
