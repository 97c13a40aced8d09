/** Days typed in the Solar Hijri calendar, as a Persian reader types every date (records 2801, 3101, 3867). */
import { CalendarDate, GregorianCalendar, PersianCalendar, toCalendar } from '@internationalized/date';

export interface Day {
  year: number;
  month: number;
  day: number;
}

/** A year below 1700 is a Solar Hijri one (1405 is 2026/27): the day is turned into the Gregorian one the wire
 * takes; a later year is already Gregorian. Null for a day the calendar lacks (1405/07/31, 1405/12/31 in a
 * common year). */
export function gregorianDay(year: number, month: number, day: number): Day | null {
  if (year >= 1700) return { year, month, day };
  if (month < 1 || month > 12 || day < 1) return null;
  const persian = new CalendarDate(new PersianCalendar(), year, month, day);
  if (persian.month !== month || persian.day !== day || persian.calendar.getDaysInMonth(persian) < day) return null;
  const gregorian = toCalendar(persian, new GregorianCalendar());
  return { year: gregorian.year, month: gregorian.month, day: gregorian.day };
}
