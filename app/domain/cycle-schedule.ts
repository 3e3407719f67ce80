// When a community's weekly cycle closes and when its pickup is. Pure.
import { addDays, israelTimeToInstant, isoDate, parseClockTime, wallClockAt } from "./time";

export interface CycleSettings {
  deadlineDay: number; // 0 = Sunday
  deadlineTime: string; // HH:MM, Israel
  pickupDay: number;
  pickupTime: string;
}

export interface CycleDates {
  /** YYYY-MM-DD of the Sunday that starts the deadline's week (Israel). */
  weekStartDate: string;
  orderDeadline: Date;
  pickupDate: Date;
}

/** The first cycle whose deadline is strictly after `now`. */
export function nextCycleDates(settings: CycleSettings, now: Date): CycleDates {
  const today = wallClockAt(now);
  const [dh, dm] = parseClockTime(settings.deadlineTime);
  let ahead = (settings.deadlineDay - today.weekday + 7) % 7;
  let date = addDays(today, ahead);
  let deadline = israelTimeToInstant(date.year, date.month, date.day, dh, dm);
  if (deadline.getTime() <= now.getTime()) {
    ahead += 7;
    date = addDays(today, ahead);
    deadline = israelTimeToInstant(date.year, date.month, date.day, dh, dm);
  }
  return datesForDeadlineDay(settings, date, deadline);
}

function datesForDeadlineDay(
  settings: CycleSettings,
  date: { year: number; month: number; day: number; weekday: number },
  orderDeadline: Date,
): CycleDates {
  const weekStart = addDays(date, -date.weekday);
  // Pickup is the first pickup weekday after the deadline day (the same day counts if later).
  const [ph, pm] = parseClockTime(settings.pickupTime);
  let gap = (settings.pickupDay - date.weekday + 7) % 7;
  let pickupDay = addDays(date, gap);
  let pickupDate = israelTimeToInstant(pickupDay.year, pickupDay.month, pickupDay.day, ph, pm);
  if (pickupDate.getTime() <= orderDeadline.getTime()) {
    gap += 7;
    pickupDay = addDays(date, gap);
    pickupDate = israelTimeToInstant(pickupDay.year, pickupDay.month, pickupDay.day, ph, pm);
  }
  return { weekStartDate: isoDate(weekStart), orderDeadline, pickupDate };
}
