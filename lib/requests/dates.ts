import { addYears, format, startOfDay } from "date-fns";

/** Latest selectable rental day: one year from today. */
function latestRentalDay(today: Date): Date {
  return addYears(startOfDay(today), 1);
}

/** Start date picker: days before today and days later than one year from today are disabled. */
export function isStartDayDisabled(day: Date, today: Date): boolean {
  const d = startOfDay(day);
  return d < startOfDay(today) || d > latestRentalDay(today);
}

/** End date picker: days on or before the start date and later than one year from today are disabled. */
export function isEndDayDisabled(day: Date, start: Date | undefined, today: Date): boolean {
  const d = startOfDay(day);
  return (start !== undefined && d <= startOfDay(start)) || d > latestRentalDay(today);
}

/** A calendar day as YYYY-MM-DD, the form the server and database take. */
export function toIsoDay(day: Date): string {
  return format(day, "yyyy-MM-dd");
}

/** Whether a YYYY-MM-DD string names a day that exists (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}

/** Rental days between two YYYY-MM-DD days, as the database counts them (end minus start). */
export function rentalDays(start: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000);
}
