import { describe, expect, it } from "vitest";
import { applyDealAction, availableDealActions, canEditDeal, canTakeDealAction, liveFixedFieldChanged, type DealState } from "./deal-status";

const now = new Date("2026-11-22T10:00:00Z");
const draft: DealState = { status: "DRAFT", submittedAt: null };
const inReview: DealState = { status: "DRAFT", submittedAt: now };
const active: DealState = { status: "ACTIVE", submittedAt: now };
const ended: DealState = { status: "ENDED", submittedAt: now };
const archived: DealState = { status: "ARCHIVED", submittedAt: now };

describe("deal status machine", () => {
  it("lets a vendor submit a draft, which then waits for review", () => {
    expect(applyDealAction(draft, "submit", "VENDOR", now)).toEqual(inReview);
  });

  it("does not let a draft be submitted twice, or by an admin", () => {
    expect(applyDealAction(inReview, "submit", "VENDOR", now)).toBeNull();
    expect(canTakeDealAction(draft, "submit", "ADMIN")).toBe(false);
  });

  it("lets only an admin activate a submitted draft", () => {
    expect(applyDealAction(inReview, "activate", "ADMIN", now)?.status).toBe("ACTIVE");
    expect(canTakeDealAction(inReview, "activate", "VENDOR")).toBe(false);
    expect(canTakeDealAction(draft, "activate", "ADMIN")).toBe(false);
  });

  it("sends a submitted draft back to an editable draft", () => {
    expect(applyDealAction(inReview, "sendBack", "ADMIN", now)).toEqual(draft);
    expect(canTakeDealAction(draft, "sendBack", "ADMIN")).toBe(false);
  });

  it("lets the vendor or an admin end an active deal, and only an admin archive an ended one", () => {
    expect(applyDealAction(active, "end", "VENDOR", now)?.status).toBe("ENDED");
    expect(applyDealAction(active, "end", "ADMIN", now)?.status).toBe("ENDED");
    expect(applyDealAction(ended, "archive", "ADMIN", now)?.status).toBe("ARCHIVED");
    expect(canTakeDealAction(ended, "archive", "VENDOR")).toBe(false);
  });

  it("never leaves ARCHIVED and never goes back from ENDED to ACTIVE", () => {
    expect(availableDealActions(archived, "ADMIN")).toEqual([]);
    expect(availableDealActions(ended, "ADMIN")).toEqual(["archive"]);
    expect(canTakeDealAction(ended, "activate", "ADMIN")).toBe(false);
  });

  it("offers each actor only its own buttons", () => {
    expect(availableDealActions(draft, "VENDOR")).toEqual(["submit"]);
    expect(availableDealActions(inReview, "VENDOR")).toEqual([]);
    expect(availableDealActions(inReview, "ADMIN")).toEqual(["activate", "sendBack"]);
    expect(availableDealActions(active, "VENDOR")).toEqual(["end"]);
  });

  it("lets a vendor edit a draft that is not waiting for review, and a live deal", () => {
    expect(canEditDeal(draft, "VENDOR")).toBe(true);
    expect(canEditDeal(inReview, "VENDOR")).toBe(false);
    expect(canEditDeal(active, "VENDOR")).toBe(true);
    expect(canEditDeal({ status: "ENDED", submittedAt: null }, "VENDOR")).toBe(false);
    expect(canEditDeal(active, "ADMIN")).toBe(true);
    expect(canEditDeal(archived, "ADMIN")).toBe(false);
  });

  it("keeps a live deal's name, category and unit from a vendor's edit, not from an admin's", () => {
    const live = { ...active, title: "עגבניות שרי", category: "vegetables", unit: "ק״ג" };
    expect(liveFixedFieldChanged(live, { title: " עגבניות שרי ", category: "vegetables", unit: "ק״ג" }, "VENDOR")).toBeNull();
    expect(liveFixedFieldChanged(live, { title: "עגבניות", category: "vegetables", unit: "ק״ג" }, "VENDOR")).toBe("title");
    expect(liveFixedFieldChanged(live, { title: "עגבניות שרי", category: "fruits", unit: "ק״ג" }, "VENDOR")).toBe("category");
    expect(liveFixedFieldChanged(live, { title: "עגבניות שרי", category: "vegetables", unit: "יחידה" }, "VENDOR")).toBe("unit");
    expect(liveFixedFieldChanged(live, { title: "עגבניות", category: "fruits", unit: "יחידה" }, "ADMIN")).toBeNull();
    expect(liveFixedFieldChanged({ ...live, status: "DRAFT", submittedAt: null }, { title: "x", category: "fruits", unit: "y" }, "VENDOR")).toBeNull();
  });
});
