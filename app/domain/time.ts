// Wall-clock time in Israel. Cycle deadlines and pickup days are Asia/Jerusalem times, whatever
// zone the server runs in. Pure: no database, no clock of its own.
export const TIME_ZONE = "Asia/Jerusalem";

export const DAY_MS = 24 * 60 * 60 * 1000;

export interface WallClock {
  year: number;
  month: number; // 1-12
  day: number;
  hour: number;
  minute: number;
  weekday: number; // 0 = Sunday
}

/**
 * Made on first use, not when the module loads: a formatter with a time zone loads the zone's
 * data, about 25 ms on a phone's CPU, and pages that import this file for a pattern or a time
 * range (every form, through ui/field) never ask for a wall clock.
 */
let partsFormatter: Intl.DateTimeFormat | null = null;
function israelParts(instant: Date): Intl.DateTimeFormatPart[] {
  partsFormatter ??= new Intl.DateTimeFormat("en-US", {
    timeZone: TIME_ZONE,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    weekday: "short",
  });
  return partsFormatter.formatToParts(instant);
}
const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

/** The Israeli wall clock at an instant. */
export function wallClockAt(instant: Date): WallClock & { second: number } {
  const parts = Object.fromEntries(
    israelParts(instant).map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday),
  };
}

/** Milliseconds Israel is ahead of UTC at an instant (2 or 3 hours). */
function offsetAt(instant: Date): number {
  const w = wallClockAt(instant);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant at which Israeli clocks show the given date and time. */
export function israelTimeToInstant(
  year: number,
  month: number,
  day: number,
  hour: number,
  minute: number,
): Date {
  const naive = Date.UTC(year, month - 1, day, hour, minute);
  const first = naive - offsetAt(new Date(naive));
  // Around a daylight-saving switch the offset at the result can differ from the first guess.
  return new Date(naive - offsetAt(new Date(first)));
}

/**
 * A typed time of day, "9:00" as well as "09:00" (people drop the leading zero), as the stored
 * "HH:MM"; null for anything else. The one parser every time field goes through (#45): stored
 * times stay two-digit, so they still compare and sort as text.
 */
export function normalizeClockTime(value: string): string | null {
  const match = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value.trim());
  if (!match) return null;
  return `${match[1]!.padStart(2, "0")}:${match[2]}`;
}

/** What a browser may let through to the server (the input's pattern attribute): H:MM or HH:MM. */
export const CLOCK_TIME_PATTERN = "([01]?[0-9]|2[0-3]):[0-5][0-9]";

/** "HH:MM" (or "H:MM") -> [hour, minute]; throws on anything else so bad settings fail loudly. */
export function parseClockTime(value: string): [number, number] {
  const normal = normalizeClockTime(value);
  if (!normal) throw new Error(`Not a HH:MM time: ${value}`);
  return [Number(normal.slice(0, 2)), Number(normal.slice(3))];
}

/** YYYY-MM-DD of a wall-clock date. */
export function isoDate(w: Pick<WallClock, "year" | "month" | "day">): string {
  return `${w.year}-${String(w.month).padStart(2, "0")}-${String(w.day).padStart(2, "0")}`;
}

/** Adds whole calendar days to an Israeli date (month and year roll over). */
export function addDays(w: Pick<WallClock, "year" | "month" | "day">, days: number) {
  const d = new Date(Date.UTC(w.year, w.month - 1, w.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate(), weekday: d.getUTCDay() };
}

/**
 * "08:30–11:30" inside a left-to-right isolate (U+2066 ... U+2069): in a Hebrew sentence the
 * bidi algorithm would otherwise draw the range end first ("11:30–08:30").
 */
export function formatTimeRange(start: string, end: string): string {
  return `\u2066${start}–${end}\u2069`;
}
