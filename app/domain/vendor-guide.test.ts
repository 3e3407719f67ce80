import { describe, expect, it } from "vitest";
import { CANCEL_CUTOFF_HOURS, DELIVERY_DAYS } from "./delivery";
import { MAX_IMAGES_PER_DEAL } from "./image-upload";
import { HOT_DISCOUNT_PERCENT } from "./pricing";
import { vendorGuideValues } from "./vendor-guide";

const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, "").replace(/[\u200e\u200f\u00a0]/g, " ").replace(/\s+/g, " ").trim();

describe("vendorGuideValues", () => {
  it("prints the delivery fee, the free-delivery line and the default weekly target in shekels", () => {
    const values = vendorGuideValues("he");
    expect(plain(values.fee)).toBe("15.00 ₪");
    expect(plain(values.freeFrom)).toBe("150.00 ₪");
    expect(plain(values.defaultTarget)).toBe("10,000.00 ₪");
  });

  it("takes the days, the cut-off, the hot-deal line and the picture limits from their modules", () => {
    const values = vendorGuideValues("en");
    expect(values).toMatchObject({
      minDays: DELIVERY_DAYS.min,
      maxDays: DELIVERY_DAYS.max,
      cutoffHours: CANCEL_CUTOFF_HOURS,
      hotPercent: HOT_DISCOUNT_PERCENT,
      maxImages: MAX_IMAGES_PER_DEAL,
      imageMb: 12,
      imageTypes: "JPEG, PNG, WebP",
    });
  });
});
