// The numbers /vendor/guide prints, from the modules the rest of the app runs on: delivery and
// cancellation (delivery.ts, through the FAQ's values), tiers and the hot-deal line
// (pricing.ts), and the picture limits (image-upload.ts). The copy can never disagree with
// what checkout, the cycle engine or the deal form do. Pure.
import { deliveryTextValues, type Translate } from "./faq";
import { IMAGE_CONTENT_TYPES, MAX_IMAGE_BYTES, MAX_IMAGES_PER_DEAL } from "./image-upload";
import { HOT_DISCOUNT_PERCENT } from "./pricing";

/**
 * {{shareLine}} (the market's share, site settings), {{deliveryPrice}}, {{deliveryTime}} (a vendor sells to every community, and each sets its own
 * delivery: the guide says so), {{cutoffHours}}, {{hotPercent}}, {{imageMb}}, {{maxImages}}, {{imageTypes}} */
export function vendorGuideValues(locale: string, t: Translate, marketSharePercent = 0) {
  return {
    // The money rule's one variable (domain/farmer-money.ts): the market's share from the settings.
    shareLine: marketSharePercent > 0 ? t("vendor.guide.shareSome", { percent: marketSharePercent }) : t("vendor.guide.shareNone"),
    ...deliveryTextValues(locale, null, t),
    hotPercent: HOT_DISCOUNT_PERCENT,
    imageMb: MAX_IMAGE_BYTES / (1024 * 1024),
    maxImages: MAX_IMAGES_PER_DEAL,
    imageTypes: Object.keys(IMAGE_CONTENT_TYPES)
      .map((ext) => (ext === "jpg" ? "JPEG" : ext === "webp" ? "WebP" : ext.toUpperCase()))
      .join(", "),
  };
}
