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
  return formatter(locale, { weekday: "long", day: "numeric", month: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(date));
}

/**
 * "25/11/2026": one numeric date in both languages, the admin tables' dd/MM/yyyy (spec), so a
 * shopper's receipt and an admin's table never disagree. `locale` is kept for callers' sake.
 */
export function formatDate(date: Date | string, _locale = "he") {
  return formatAdminDate(date);
}

/** A pickup day: the weekday in the page's language and the dd/MM date, as "Wednesday, 25/11" reads in Hebrew. */
export function formatDay(date: Date | string, locale = "he") {
  const [day, month] = formatAdminDate(date).split("/");
  return `${formatter(locale, { weekday: "long" }).format(new Date(date))}, ${day}/${month}`;
}

const numericParts = formatter("en", { day: "2-digit", month: "2-digit", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** dd/MM/yyyy and dd/MM/yyyy HH:mm (24-hour), Israeli time. */
export function formatAdminDate(date: Date | string, withTime = false) {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of numericParts.formatToParts(new Date(date))) parts[part.type] = part.value;
  const day = `${parts.day}/${parts.month}/${parts.year}`;
  return withTime ? `${day} ${parts.hour}:${parts.minute}` : day;
}

/** "3 days ago", in the page language. */
/** One formatter per language: making one costs more than formatting (a deal page's reviews). */
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

export function formatRelative(date: Date | string, now: Date, locale = "he") {
  const seconds = Math.round((new Date(date).getTime() - now.getTime()) / 1000);
  const language = locale === "he" ? "he" : "en";
  let rtf = relativeFormats.get(language);
  if (!rtf) {
    rtf = new Intl.RelativeTimeFormat(language, { numeric: "auto" });
    relativeFormats.set(language, rtf);
  }
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["year", 31_536_000],
    ["month", 2_592_000],
    ["week", 604_800],
    ["day", 86_400],
    ["hour", 3600],
    ["minute", 60],
  ];
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return rtf.format(Math.round(seconds / size), unit);
  }
  return rtf.format(0, "minute");
}
