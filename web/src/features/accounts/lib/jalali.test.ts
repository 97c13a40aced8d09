import { describe, expect, it } from 'vitest';
import {
  formatDate,
  isLeapJalaliYear,
  isValidJalali,
  jalaliMonthLength,
  jalaliWeekday,
  parseDate,
  toGregorian,
  toJalali,
} from './jalali';

// Known pairs: Nowruz and a few fixed dates.
const PAIRS: [string, string][] = [
  ['1403/01/01', '2024/03/20'],
  ['1402/01/01', '2023/03/21'],
  ['1399/12/30', '2021/03/20'],
  ['1378/10/11', '2000/01/01'],
  ['1377/10/11', '1999/01/01'],
  ['1357/11/22', '1979/02/11'],
  ['1403/12/30', '2025/03/20'],
];

describe('jalali conversion', () => {
  it.each(PAIRS)('%s is %s', (jalali, gregorian) => {
    expect(formatDate(toGregorian(parseDate(jalali)!))).toBe(gregorian);
    expect(formatDate(toJalali(parseDate(gregorian)!))).toBe(jalali);
  });

  it('round-trips every day of a few years', () => {
    for (let year = 1370; year <= 1410; year += 1) {
      for (let month = 1; month <= 12; month += 1) {
        for (let day = 1; day <= jalaliMonthLength(year, month); day += 1) {
          const date = { year, month, day };
          expect(toJalali(toGregorian(date))).toEqual(date);
        }
      }
    }
  });

  it('knows leap years and month lengths', () => {
    expect(isLeapJalaliYear(1399)).toBe(true);
    expect(isLeapJalaliYear(1403)).toBe(true);
    expect(isLeapJalaliYear(1402)).toBe(false);
    expect(jalaliMonthLength(1402, 12)).toBe(29);
    expect(jalaliMonthLength(1403, 12)).toBe(30);
    expect(jalaliMonthLength(1402, 1)).toBe(31);
    expect(jalaliMonthLength(1402, 7)).toBe(30);
  });

  it('validates and parses the stored text form', () => {
    expect(parseDate('1999/01/01')).toEqual({ year: 1999, month: 1, day: 1 });
    expect(parseDate('1999-01-01')).toBeNull();
    expect(parseDate('99/1/1')).toBeNull();
    expect(isValidJalali({ year: 1402, month: 12, day: 30 })).toBe(false);
    expect(isValidJalali({ year: 1403, month: 12, day: 30 })).toBe(true);
    expect(isValidJalali({ year: 1403, month: 13, day: 1 })).toBe(false);
  });

  it('puts Nowruz 1403 (a Wednesday) in the right weekday column', () => {
    // 0 = Saturday ... 4 = Wednesday
    expect(jalaliWeekday({ year: 1403, month: 1, day: 1 })).toBe(4);
  });
});
