// How the audit log shows a change: only the keys that differ, before -> after. Pure.

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

/** One value as a short line of text: lists joined, records as compact JSON. */
export function auditValueText(value: unknown): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return value === "" ? "\"\"" : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v !== "object" || v === null)) return `[${value.join(", ")}]`;
  return JSON.stringify(value);
}
