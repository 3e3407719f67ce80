// One of the demo farmer's live deals that the demo shopper can buy this week, with its editor's
// JSON: the starting point of the tests of a farmer changing a live deal (issue #49).
import { expect } from "vitest";
import { DEMO_USER, DEMO_VENDOR } from "~/demo/seed.server";
import { tokenOf } from "./sign-in";
import { jsonInit, type TestServer } from "./test-server";

export type EditorJson = {
  id: string;
  title: string;
  description: string;
  category: string;
  unit: string;
  basePrice: string;
  minQty: number;
  maxQty: number;
  stock: number | null;
  tiers: { thresholdQty: number; unitPrice: string }[];
  canEdit: boolean;
  status: string;
};

export async function liveDeal(app: TestServer) {
  const vendorToken = await tokenOf(app, DEMO_VENDOR);
  const shopperToken = await tokenOf(app, DEMO_USER);
  const mine: { id: string; status: string }[] = await (await app.fetch("/api/vendor/deals", jsonInit("GET", undefined, vendorToken))).json();
  const onSale: { id: string; groups: { id: string }[] }[] = await (await app.fetch("/api/deals?limit=100", jsonInit("GET", undefined, shopperToken))).json();
  const deal = onSale.find((d) => d.groups.length > 0 && mine.some((m) => m.id === d.id && m.status === "ACTIVE"))!;
  expect(deal).toBeTruthy();
  const editor: EditorJson = await (await app.fetch(`/api/vendor/deals/${deal.id}`, jsonInit("GET", undefined, vendorToken))).json();
  return { vendorToken, shopperToken, deal, editor };
}

/** The editor's JSON as a PUT body, with some fields changed. */
export function dealBody(editor: EditorJson, overrides: Partial<EditorJson> = {}) {
  const { title, description, category, unit, basePrice, minQty, maxQty, stock, tiers } = { ...editor, ...overrides };
  return { title, description, category, unit, basePrice, minQty, maxQty, stock, tiers };
}

/** The edit page's form as a browser without JavaScript sends it: the unit as "other" and its text. */
export function dealFormData(editor: EditorJson, overrides: Partial<EditorJson> = {}): FormData {
  const body = dealBody(editor, overrides);
  const fields = new FormData();
  fields.set("intent", "save");
  for (const key of ["title", "description", "category", "basePrice", "minQty", "maxQty"] as const) fields.set(key, String(body[key]));
  fields.set("unitChoice", "other");
  fields.set("unitOther", body.unit);
  body.tiers.forEach((tier, index) => {
    fields.set(`tiers[${index}].thresholdQty`, String(tier.thresholdQty));
    fields.set(`tiers[${index}].unitPrice`, tier.unitPrice);
  });
  return fields;
}
