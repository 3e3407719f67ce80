// How the audit log shows a change: only the keys that differ, before -> after, in the
// organiser's words (field names, shekels, weekdays). Pure.
import { formatShekel } from "./money";

export interface AuditChange {
  key: string;
  before: unknown;
  after: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The keys whose values differ between two snapshots, in the order they first appear. A record
 * created or deleted (one side null) lists every key of the other side.
 */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) && !isRecord(after)) return same(before, after) ? [] : [{ key: "", before, after }];
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  return keys.filter((key) => !same(b[key], a[key])).map((key) => ({ key, before: b[key] ?? null, after: a[key] ?? null }));
}

/**
 * The stored field names the audit log puts into words (admin.audit.fieldNames.<key> in both
 * languages, #45). A key outside the list is shown as stored, so a new column is never hidden.
 */
export const AUDIT_FIELD_KEYS = [
  "name", "description", "pickupDay", "pickupTime", "pickupAddress", "contactPhone", "isActive",
  "deadlineDay", "deadlineTime", "weeklyTargetRevenue", "targetRevenue", "currentRevenue", "goalMissed",
  "discountPercent", "address", "pickupDays", "pickupStartTime", "pickupEndTime", "instructions", "tiers",
  "status", "role", "unitPriceAtPurchase", "total", "originalTotal", "deliveryFee", "qty", "title",
  "basePrice", "slug", "category", "unit", "minQty", "maxQty", "startAt", "endAt", "images", "vendorId",
  "communityId", "deliveryEnabled", "freeDeliveryFrom", "deliveryDaysMin", "deliveryDaysMax", "reviewNote",
  "businessName", "contactName", "phone", "email", "userId", "submittedAt", "reviewedAt", "reviewedByUserId",
] as const;

/** Fields held in agorot: shown as shekels, two decimals, as the organiser reads prices. */
const MONEY_KEYS: ReadonlySet<string> = new Set([
  "basePrice", "unitPriceAtPurchase", "total", "originalTotal", "deliveryFee", "freeDeliveryFrom",
  "weeklyTargetRevenue", "targetRevenue", "currentRevenue", "minRevenue",
]);
/** Fields holding a weekday number (0 = Sunday) or a list of them. */
const DAY_KEYS: ReadonlySet<string> = new Set(["pickupDay", "deadlineDay", "pickupDays"]);

/** The locale key naming a stored field, or null to show the key itself. */
export function auditFieldLabelKey(key: string): string | null {
  return (AUDIT_FIELD_KEYS as readonly string[]).includes(key) ? `admin.audit.fieldNames.${key}` : null;
}

/** The page's words for values: yes and no, a weekday's name, a stored code (a role, a status). */
export interface AuditWords {
  locale: string;
  yes: string;
  no: string;
  day(weekday: number): string;
  /** a stored code in words, or null to show it as stored */
  code(key: string, value: string): string | null;
}

/**
 * One value as a short line of text: money in shekels, weekdays by name, yes and no, codes in
 * words when `words` is given; lists joined, records as compact JSON.
 */
export function auditValueText(value: unknown, key = "", words?: AuditWords): string {
  if (value === null || value === undefined) return "—";
  if (words) {
    if (MONEY_KEYS.has(key) && typeof value === "number") return formatShekel(value, words.locale);
    if (DAY_KEYS.has(key) && typeof value === "number") return words.day(value);
    if (DAY_KEYS.has(key) && Array.isArray(value) && value.every((v) => typeof v === "number")) return value.map((v) => words.day(v)).join(", ");
    if (typeof value === "boolean") return value ? words.yes : words.no;
    if (typeof value === "string" && value !== "") {
      const named = words.code(key, value);
      if (named) return named;
    }
  }
  if (typeof value === "string") return value === "" ? "\"\"" : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== "object" || v === null)) return `[${value.join(", ")}]`;
  return JSON.stringify(value);
}
