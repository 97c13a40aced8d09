/**
 * Jalali (Solar Hijri) <-> Gregorian conversion for the sign-up birth date: picked on a Jalali calendar, stored as
 * text YYYY/MM/DD (spec 000 s.1, s.3). The calendar arithmetic is @internationalized/date's PersianCalendar, the
 * same one lib/format uses to show dates, so the picker and every shown date agree on leap years.
 */
import { CalendarDate, GregorianCalendar, PersianCalendar, toCalendar } from '@internationalized/date';
import { latinDigits } from '@/lib/format';

export interface SimpleDate {
  year: number;
  month: number; // 1-12
  day: number;
}

const PERSIAN = new PersianCalendar();
const GREGORIAN = new GregorianCalendar();

const plain = ({ year, month, day }: CalendarDate): SimpleDate => ({ year, month, day });

export function jalaliMonthLength(year: number, month: number): number {
  return PERSIAN.getDaysInMonth(new CalendarDate(PERSIAN, year, month, 1));
}

export function isLeapJalaliYear(year: number): boolean {
  return jalaliMonthLength(year, 12) === 30;
}

export function toJalali(date: SimpleDate): SimpleDate {
  return plain(toCalendar(new CalendarDate(GREGORIAN, date.year, date.month, date.day), PERSIAN));
}

export function toGregorian(date: SimpleDate): SimpleDate {
  return plain(toCalendar(new CalendarDate(PERSIAN, date.year, date.month, date.day), GREGORIAN));
}

export function isValidJalali({ year, month, day }: SimpleDate): boolean {
  return (
    Number.isInteger(year) &&
    year >= -61 &&
    year < 3177 &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= jalaliMonthLength(year, month)
  );
}

const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** YYYY/MM/DD, the spec's stored form. */
export function formatDate({ year, month, day }: SimpleDate): string {
  return `${pad(year, 4)}/${pad(month, 2)}/${pad(day, 2)}`;
}

/** YYYY/MM/DD in Latin or Persian digits. */
export function parseDate(text: string): SimpleDate | null {
  const match = /^(\d{4})\/(\d{2})\/(\d{2})$/.exec(latinDigits(text).trim());
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/** Day of the week of a Jalali date, 0 = Saturday (the first column of a Jalali calendar). */
export function jalaliWeekday(date: SimpleDate): number {
  const { year, month, day } = toGregorian(date);
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 1) % 7;
}

export const JALALI_MONTHS = [
  'Farvardin',
  'Ordibehesht',
  'Khordad',
  'Tir',
  'Mordad',
  'Shahrivar',
  'Mehr',
  'Aban',
  'Azar',
  'Dey',
  'Bahman',
  'Esfand',
] as const;
