// What a deal card needs, and nothing more (issue #6): list pages send their loader data inside
// the HTML, and a guest's deal carried every community's open group and its description.
import type { DealView } from "./deals.server";

export type DealCardData = Pick<
  DealView,
  "id" | "slug" | "title" | "unit" | "images" | "basePrice" | "unitPrice" | "savingsPercent" | "isHot" | "quantityTiers" | "maxQty" | "groups" | "isFavorite"
>;

/** The card's fields of a deal: its first picture, and the viewer's group (the first one). */
export function toDealCard(deal: DealView): DealCardData {
  return {
    id: deal.id,
    slug: deal.slug,
    title: deal.title,
    unit: deal.unit,
    images: deal.images.slice(0, 1),
    basePrice: deal.basePrice,
    unitPrice: deal.unitPrice,
    savingsPercent: deal.savingsPercent,
    isHot: deal.isHot,
    quantityTiers: deal.quantityTiers,
    maxQty: deal.maxQty,
    groups: deal.groups.slice(0, 1),
    isFavorite: deal.isFavorite,
  };
}
