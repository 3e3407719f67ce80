// What a deal card's loader data carries (issue #13: loaders send only what the page shows).
import { describe, expect, it } from "vitest";
import { toDealCard, type DealView } from "./deals.server";

const deal: DealView = {
  id: "d-1",
  vendorId: "v-1",
  slug: "tomatoes",
  title: "עגבניות",
  description: "a long description the card never shows",
  category: "vegetables",
  unit: "ק״ג",
  images: ["/a.webp", "/b.webp"],
  status: "ACTIVE",
  basePrice: 1000,
  unitPrice: 900,
  discountPercent: 10,
  savingsPercent: 10,
  isHot: false,
  minQty: 1,
  maxQty: 20,
  stock: null,
  quantityTiers: [2, 4, 6, 8, 10].map((thresholdQty) => ({ thresholdQty, unitPrice: 1000 - thresholdQty * 10 })),
  vendorName: "משק",
  groups: [
    { id: "g-own", communityId: "c-1", currentQty: 5, targetQty: 40 },
    { id: "g-other", communityId: "c-2", currentQty: 1, targetQty: 40 },
  ],
  isFavorite: true,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  startAt: null,
  endAt: null,
};

describe("toDealCard", () => {
  it("keeps the first picture, the three tier tiles a card shows and only the viewer's group's id", () => {
    expect(toDealCard(deal)).toEqual({
      id: "d-1",
      slug: "tomatoes",
      title: "עגבניות",
      unit: "ק״ג",
      images: ["/a.webp"],
      basePrice: 1000,
      unitPrice: 900,
      savingsPercent: 10,
      isHot: false,
      quantityTiers: deal.quantityTiers.slice(0, 3),
      groups: [{ id: "g-own" }],
      isFavorite: true,
      soldOut: false,
    });
  });
});
