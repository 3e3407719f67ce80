// Dates as people here read them: Israeli time, whatever zone the server or phone is in. Pure.
import { TIME_ZONE } from "./time";

const cache = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions) {
  const key = locale + JSON.stringify(options);
  let f = cache.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale === "he" ? "he-IL" : "en-IL", { timeZone: TIME_ZONE, ...options });
    cache.set(key, f);
  }
  return f;
}

/** Weekday, day, month and time, as "Wednesday, 25 November, 20:00" reads in Hebrew. */
export function formatDateTime(date: Date | string, locale = "he") {
  const instant = new Date(date);
  return formatter(locale, { weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(instant);
}

/**
 * "25/11/2026": one numeric date in both languages, the admin tables' dd/MM/yyyy (spec), so a
 * shopper's receipt and an admin's table never disagree. `locale` is kept for callers' sake.
 */
export function formatDate(date: Date | string, _locale = "he") {
  return formatAdminDate(date);
}

/**
 * A pickup day. In Hebrew the weekday and the dd/MM date ("יום רביעי, 25/11"), as it reads
 * here. In English the month is named ("Wed 25 Nov"): "Friday, 04/12" read as April 12 to
 * many English readers (issue #47).
 */
export function formatDay(date: Date | string, locale = "he") {
  const local = israelTime(date);
  if (locale === "he") return `${weekdayNames(locale)[local.getUTCDay()]}, ${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}`;
  return `${shortNames().weekdays[local.getUTCDay()]} ${local.getUTCDate()} ${shortNames().months[local.getUTCMonth()]}`;
}

/** dd/MM/yyyy and dd/MM/yyyy HH:mm (24-hour), Israeli time. */
export function formatAdminDate(date: Date | string, withTime = false) {
  const local = israelTime(date);
  const day = `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}`;
  return withTime ? `${day} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}` : day;
}

// The orders list and the back office's tables format hundreds of dates a page, and Intl's
// formatToParts was 4-6 % of a signed-in /orders (docs/decisions/016). Israel's offset from UTC
// changes only on whole hours (its clocks change at 02:00 local time), so it is asked of Intl
// once per UTC hour a date falls in and kept; a date's fields are then read off the shifted
// instant. app/domain/dates.test.ts compares the result with Intl's over two years of dates.
const HOUR_MS = 3_600_000;
// Made on first use (formatter keeps it), not when the module loads: a formatter with a time zone
// loads the zone's data, which a phone's page that imports this file but shows no date never needs.
const numericParts = () => formatter("en", { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
const offsetByHour = new Map<number, number>();
const OFFSETS_KEPT = 20_000;

/** The instant shifted by Israel's offset: its UTC fields are the wall clock in Israel. */
function israelTime(date: Date | string): Date {
  const ms = new Date(date).getTime();
  if (Number.isNaN(ms)) throw new RangeError("Invalid time value");
  const hour = Math.floor(ms / HOUR_MS);
  let offset = offsetByHour.get(hour);
  if (offset === undefined) {
    const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
    for (const part of numericParts().formatToParts(new Date(hour * HOUR_MS))) parts[part.type] = Number(part.value);
    offset = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!) - hour * HOUR_MS;
    if (offsetByHour.size >= OFFSETS_KEPT) offsetByHour.clear();
    offsetByHour.set(hour, offset);
  }
  return new Date(ms + offset);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Sunday to Saturday in the page's language, as Intl names them. */
const weekdays = new Map<string, string[]>();
function weekdayNames(locale: string): string[] {
  let names = weekdays.get(locale);
  if (!names) {
    // 22 November 2026 was a Sunday; noon UTC is the same day in Israel.
    names = Array.from({ length: 7 }, (_, i) => formatter(locale, { weekday: "long" }).format(new Date(Date.UTC(2026, 10, 22 + i, 12))));
    weekdays.set(locale, names);
  }
  return names;
}

/** English's short weekday (Sun to Sat) and month (Jan to Dec) names, as Intl writes them; made on first use. */
let englishShortNames: { weekdays: string[]; months: string[] } | null = null;
function shortNames() {
  return (englishShortNames ??= {
    weekdays: Array.from({ length: 7 }, (_, i) => formatter("en", { weekday: "short" }).format(new Date(Date.UTC(2026, 10, 22 + i, 12)))),
    months: Array.from({ length: 12 }, (_, i) => formatter("en", { month: "short" }).format(new Date(Date.UTC(2026, i, 15, 12)))),
  });
}

/** One formatter per language: making one costs more than formatting (a deal page's reviews). */
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

function relativeFormat(language: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(language);
  if (!format) relativeFormats.set(language, (format = new Intl.RelativeTimeFormat(language, { numeric: "auto" })));
  return format;
}

const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 31_536_000],
  ["month", 2_592_000],
  ["week", 604_800],
  ["day", 86_400],
  ["hour", 3600],
  ["minute", 60],
];

/** "3 days ago", in the page language. */
export function formatRelative(date: Date | string, now: Date, locale = "he") {
  const seconds = Math.round((new Date(date).getTime() - now.getTime()) / 1000);
  const language = locale === "he" ? "he" : "en";
  let value = 0;
  let unit: Intl.RelativeTimeFormatUnit = "minute";
  for (const [named, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) {
      value = Math.round(seconds / size);
      unit = named;
      break;
    }
  }
  return relativeFormat(language).format(value, unit);
}
