// Pickup day (issue #16 and #17): the organiser's list per pickup point, each shopper once with
// what she collects and pays, and what "collected" and "no-show" do to her orders. Pure.
import { z } from "zod";
import type { DeliveryType, OrderStatus } from "~/domain/enums";

/**
 * A no-show cancels her open orders through the state machine (PENDING or PAID -> CANCELED),
 * with this note on each audit row, so the list can tell a no-show from a cancellation
 * (docs/decisions/013).
 */
export const NO_SHOW_NOTE = "no-show";

/** Orders she still has to collect (and, when PENDING, to pay for). */
export function isWaiting(status: OrderStatus): boolean {
  return status === "PENDING" || status === "PAID";
}

/** The form value for home deliveries, which have no pickup point. */
export const HOME_DELIVERY_PLACE = "delivery";

export const PickupActionSchema = z.object({
  // "undo" takes back the latest mark of the day (pickup-undo.ts).
  intent: z.enum(["collected", "no-show", "undo"], { error: "adminCycles.pickupDay.errors.badAction" }),
  shopper: z.string({ error: "adminCycles.pickupDay.errors.badAction" }).trim().min(1).max(64),
  place: z.string({ error: "adminCycles.pickupDay.errors.badAction" }).trim().min(1).max(64),
});
export type PickupAction = z.infer<typeof PickupActionSchema>;

export interface PickupLine {
  orderId: string;
  userId: string;
  memberName: string;
  email: string;
  phone: string | null;
  deliveryType: DeliveryType;
  pickupPointId: string | null;
  /** the pickup point's address, or for a home delivery the order's address */
  place: string | null;
  hours: { start: string; end: string } | null;
  dealTitle: string;
  unit: string;
  qty: number;
  /** agorot: what this order costs her, delivery included */
  total: number;
  status: OrderStatus;
  noShow: boolean;
}

export type ShopperState = "waiting" | "collected" | "noShow";

export interface ShopperPickup {
  userId: string;
  memberName: string;
  email: string;
  phone: string | null;
  /** home deliveries only: where it goes */
  deliveryAddress: string | null;
  items: { orderId: string; dealTitle: string; unit: string; qty: number; status: OrderStatus; noShow: boolean }[];
  /** agorot she still pays on handing over: her PENDING orders */
  due: number;
  /** agorot of everything she takes (paid or not), no-shows aside */
  total: number;
  state: ShopperState;
}

export interface PickupPlace {
  /** pickupPointId, or HOME_DELIVERY_PLACE */
  key: string;
  deliveryType: DeliveryType;
  address: string | null;
  hours: { start: string; end: string } | null;
  shoppers: ShopperPickup[];
  waiting: number;
  /** agorot still to collect at this place */
  due: number;
}

function stateOf(items: ShopperPickup["items"]): ShopperState {
  if (items.some((item) => isWaiting(item.status))) return "waiting";
  if (items.some((item) => item.status === "FULFILLED")) return "collected";
  return "noShow";
}

/**
 * One place per pickup point (home deliveries together, last), one shopper per place however
 * many lines she ordered; places by address and shoppers by name, in the list's language.
 */
export function groupPickup(lines: readonly PickupLine[], locale = "he"): PickupPlace[] {
  const places = new Map<string, PickupPlace>();
  const shoppers = new Map<string, ShopperPickup>();
  for (const line of lines) {
    const key = line.deliveryType === "PICKUP" && line.pickupPointId ? line.pickupPointId : HOME_DELIVERY_PLACE;
    let place = places.get(key);
    if (!place) {
      const pickup = key !== HOME_DELIVERY_PLACE;
      place = { key, deliveryType: pickup ? "PICKUP" : "DELIVERY", address: pickup ? line.place : null, hours: pickup ? line.hours : null, shoppers: [], waiting: 0, due: 0 };
      places.set(key, place);
    }
    const shopperKey = `${key}|${line.userId}`;
    let shopper = shoppers.get(shopperKey);
    if (!shopper) {
      shopper = { userId: line.userId, memberName: line.memberName, email: line.email, phone: line.phone, deliveryAddress: key === HOME_DELIVERY_PLACE ? line.place : null, items: [], due: 0, total: 0, state: "waiting" };
      shoppers.set(shopperKey, shopper);
      place.shoppers.push(shopper);
    }
    shopper.phone ??= line.phone;
    shopper.items.push({ orderId: line.orderId, dealTitle: line.dealTitle, unit: line.unit, qty: line.qty, status: line.status, noShow: line.noShow });
    if (line.status === "PENDING") shopper.due += line.total;
    if (line.status !== "CANCELED" && line.status !== "REFUNDED") shopper.total += line.total;
  }
  const collator = new Intl.Collator(locale);
  const list = [...places.values()];
  for (const place of list) {
    for (const shopper of place.shoppers) {
      shopper.state = stateOf(shopper.items);
      shopper.items.sort((a, b) => collator.compare(a.dealTitle, b.dealTitle));
    }
    place.shoppers.sort((a, b) => collator.compare(a.memberName, b.memberName));
    place.waiting = place.shoppers.filter((s) => s.state === "waiting").length;
    place.due = place.shoppers.reduce((n, s) => n + s.due, 0);
  }
  return list.sort((a, b) =>
    a.key === HOME_DELIVERY_PLACE ? 1 : b.key === HOME_DELIVERY_PLACE ? -1 : collator.compare(a.address ?? "", b.address ?? ""),
  );
}

/** The table's view (issue #44): one pickup point ("my point") and a search, from the URL query. */
export interface PickupView {
  /** a place key, or "" for every place */
  point: string;
  /** a name or a phone number, or "" */
  q: string;
}

/** The view asked for in a URL's query: `?point=<key>&q=<text>`; anything odd reads as empty. */
export function pickupViewOf(search: URLSearchParams): PickupView {
  const point = (search.get("point") ?? "").trim().slice(0, 64);
  const q = (search.get("q") ?? "").trim().slice(0, 80);
  return { point, q };
}

const digitsOf = (text: string) => text.replace(/\D/g, "");

/**
 * Whether a shopper answers the search: part of her name (any case), or, for three digits or
 * more, part of her phone number however it is written (050-123 finds 0501234567).
 */
export function matchesSearch(shopper: Pick<ShopperPickup, "memberName" | "phone" | "email">, q: string): boolean {
  const query = q.trim().toLocaleLowerCase();
  if (!query) return true;
  if (shopper.memberName.toLocaleLowerCase().includes(query)) return true;
  const digits = digitsOf(query);
  return digits.length >= 3 && digitsOf(shopper.phone ?? "").includes(digits);
}

/**
 * The places and shoppers the view shows: only the chosen point (an unknown key shows all), and
 * only the shoppers the search finds; a place with none of them left out while searching.
 * A place's totals stay the whole place's.
 */
export function filterPickup(places: readonly PickupPlace[], view: PickupView): PickupPlace[] {
  const chosen = places.some((place) => place.key === view.point) ? places.filter((place) => place.key === view.point) : [...places];
  if (!view.q.trim()) return chosen;
  return chosen.map((place) => ({ ...place, shoppers: place.shoppers.filter((shopper) => matchesSearch(shopper, view.q)) })).filter((place) => place.shoppers.length > 0);
}
