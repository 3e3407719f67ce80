// The deal cards' two forms (components/deal-card.tsx, CardForms). A grid holds one "+" form and
// one heart form for all its cards; a card's button carries its deal in its value
// ("<deal id>:<group id>" for the "+", "add:<deal id>" or "remove:<deal id>" for the heart), and
// the form asks to come back to the card (anchor=card). With JavaScript the grid sends the plain
// fields itself. These turn a card's post into the fields the cart's and the favorites' actions
// read, and find the page to go back to.
import { dealCardAnchor } from "~/domain/deal-query";
import type { Queryable } from "~/db/client.server";
import { dealRow } from "~/services/catalog-rows.server";
import { safeRedirect } from "~/web/safe-redirect";

/** A card's "+" (`line`) as dealId and groupId, its heart (`toggle`) as intent and dealId. */
export function withCardFields(formData: FormData): FormData {
  const line = formData.get("line");
  if (formData.get("intent") === "add" && !formData.has("dealId") && typeof line === "string") {
    const [dealId = "", groupId = ""] = line.split(":");
    formData.set("dealId", dealId);
    formData.set("groupId", groupId);
  }
  const toggle = formData.get("toggle");
  if (!formData.has("intent") && typeof toggle === "string") {
    const [intent = "", dealId = ""] = toggle.split(":");
    formData.set("intent", intent);
    formData.set("dealId", dealId);
  }
  return formData;
}

/** `redirectTo` made safe, with the card's anchor when a card's form asked for it. */
export function backAfterCardPost(db: Queryable, formData: FormData, fallback: string): string {
  const back = safeRedirect(formData.get("redirectTo"), fallback);
  if (formData.get("anchor") !== "card" || back.includes("#")) return back;
  const slug = dealRow(db, String(formData.get("dealId") ?? ""))?.slug;
  return slug ? safeRedirect(`${back}#${dealCardAnchor(slug)}`, back) : back;
}
