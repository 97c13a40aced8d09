import { CalendarDate, GregorianCalendar, PersianCalendar, toCalendar } from '@internationalized/date';
import { useTranslation } from 'react-i18next';
import { useState } from 'react';
import type { Ref } from 'react';
import { currentLanguage, i18next } from '@/i18n';
import { latinDigits, persianDigits } from '@/i18n/digits';
import { gregorianDay } from '@/lib/solar-hijri';
import { TextInput } from '../text-input';
import type { TextInputProps } from '../text-input';

/** `2026-12-10` -> `2026/12/10` (what the field shows); anything else as it is. */
export function shownDate(iso: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(iso) ? iso.replaceAll('-', '/') : iso;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A Solar Hijri day as the Gregorian `YYYY-MM-DD`, or null for a day that calendar lacks. */
function fromSolarHijri(year: number, month: number, day: number): string | null {
  const gregorian = gregorianDay(year, month, day);
  return gregorian && `${pad(gregorian.year, 4)}-${pad(gregorian.month)}-${pad(gregorian.day)}`;
}

/**
 * What was typed as the value a form keeps: `2026/12/10` (or `2026-12-10`, or `20261210`) -> `2026-12-10`
 * when it is a real day; '' for nothing; otherwise the text itself, which a form's check refuses. Persian and
 * Arabic-Indic digits are read as Latin, and a year below 1700 is a Solar Hijri one (`1405/10/15` ->
 * `2027-01-05`), as the Persian example asks (record 3867).
 */
export function typedDate(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const match = /^(\d{4})[/.-]?(\d{2})[/.-]?(\d{2})$/.exec(latinDigits(trimmed));
  if (!match) return trimmed;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 1700) return fromSolarHijri(year, month, day) ?? trimmed;
  const date = new Date(Date.UTC(year, month - 1, day));
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real ? `${match[1]}-${match[2]}-${match[3]}` : trimmed;
}

/** The browser's own calendar day (its zone's, not UTC's), `days` after today, as a form keeps a day: `YYYY-MM-DD`. */
export function localDay(days = 0): string {
  const now = new Date();
  const day = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days);
  return `${pad(day.getFullYear(), 4)}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`;
}

/** Whether a form value is a day as `typedDate` gives it. */
export const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The first day of a month of the calendar the year is told by (below 1700 Solar Hijri), as a UTC instant. */
function firstOfMonth(year: number, month: number): Date {
  if (year >= 1700) return new Date(Date.UTC(year, month - 1, 1));
  const gregorian = toCalendar(new CalendarDate(new PersianCalendar(), year, month, 1), new GregorianCalendar());
  return new Date(Date.UTC(gregorian.year, gregorian.month - 1, gregorian.day));
}

/**
 * What to say of a form value that is no day (what `typedDate` kept as typed): a day typed in the field's format
 * that its month lacks is told so, with the month's length (`Esfand 1405 has 29 days: there is no 1405/12/30.`;
 * Esfand has 30 days only in a leap year of the Solar Hijri calendar, 1403 and 1408); anything else is asked for
 * the format (`formatWords`). Said in the language shown when the rule fails.
 */
export function notADay(value: string, formatWords: () => string): string {
  const match = /^(\d{4})[/.-]?(\d{2})[/.-]?(\d{2})$/.exec(latinDigits(value.trim()));
  const [year, month, day] = match ? match.slice(1).map(Number) : [0, 0, 0];
  if (!match || month < 1 || month > 12 || day < 1) return formatWords();
  const solarHijri = year < 1700;
  const days = solarHijri
    ? new PersianCalendar().getDaysInMonth(new CalendarDate(new PersianCalendar(), year, month, 1))
    : new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day <= days) return formatWords();
  const language = currentLanguage();
  const locale = `${language === 'fa' ? 'fa-IR' : 'en-US'}-u-ca-${solarHijri ? 'persian' : 'gregory'}`;
  const name = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long' }).format(firstOfMonth(year, month));
  const digits = (text: string) => (language === 'fa' ? persianDigits(text) : text);
  return i18next.t('common:dateField.noSuchDay', {
    month: `${name} ${digits(String(year))}`,
    days: digits(String(days)),
    day: digits(`${match[1]}/${match[2]}/${match[3]}`),
  });
}

/** Digits typed get their slashes as they come: `202612` -> `2026/12`, `2026/1210` -> `2026/12/10`; Persian
 * or Arabic-Indic digits stay as typed (each one character, as a Latin digit is). */
export function withSlashes(text: string): string {
  if (!/^[\d۰-۹٠-٩/]*$/.test(text)) return text;
  const digits = text.replaceAll('/', '');
  if (digits.length <= 4) return digits;
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6, 8)].filter(Boolean).join('/');
}

export interface DateFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'defaultValue' | 'ref'> {
  /** The day as `YYYY-MM-DD` (what forms and the API keep), '' for none. */
  value: string;
  onChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The design system's date field: a day typed and shown as YYYY/MM/DD whatever the browser's locale (a native
 * date input shows mm/dd/yyyy to many), kept as `YYYY-MM-DD`. Controlled; with react-hook-form, through a
 * `Controller` (`value`, `onChange`, `onBlur`, `inputRef={field.ref}`).
 */
export function DateField({ value, onChange, inputRef, hint, ...rest }: DateFieldProps) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(() => shownDate(value));
  const [seen, setSeen] = useState(value);
  // A value set from outside (a reset, a loaded record) replaces what is shown unless it is what was typed.
  if (seen !== value) {
    setSeen(value);
    if (typedDate(text) !== value) setText(shownDate(value));
  }
  return (
    <TextInput
      {...rest}
      ref={inputRef}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={t('dateField.yyyyMmDd')}
      maxLength={10}
      value={text}
      hint={hint ?? t('dateField.yyyyMmDd')}
      onChange={(event) => {
        const next = withSlashes(event.target.value);
        setText(next);
        onChange(typedDate(next));
      }}
    />
  );
}

/** `2026-11-29T00:57` or `...T00:57:09` (a local date-time) -> `2026/11/29 00:57` (`:09`). */
export function shownDateTime(local: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(:\d{2})?/.exec(local);
  return match ? `${match[1]}/${match[2]}/${match[3]} ${match[4]}:${match[5]}${match[6] ?? ''}` : local;
}

/** What was typed (`2026/11/29 00:57`, seconds optional) as a local date-time `2026-11-29T00:57`; '' for
 * nothing; otherwise the text itself, which a form's check refuses. */
export function typedDateTime(text: string): string {
  const trimmed = text.trim();
  if (!trimmed) return '';
  const match = /^(\d{4})[/-](\d{2})[/-](\d{2})[ T]+(\d{2}):(\d{2})(:\d{2})?$/.exec(trimmed);
  return match ? `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}${match[6] ?? ''}` : trimmed;
}

export interface DateTimeFieldProps extends Omit<DateFieldProps, 'value' | 'onChange'> {
  /** A local date-time as `YYYY-MM-DDTHH:MM[:SS]` (a native datetime-local's value), '' for none. */
  value: string;
  onChange: (value: string) => void;
  /** Seconds may be typed too. */
  seconds?: boolean;
}

/** The design system's date-time field: typed and shown `YYYY/MM/DD HH:MM` in the viewer's own time, kept as
 * a native datetime-local's value, whatever the browser's locale (which writes `11/29/2026, 12:57 AM`). */
export function DateTimeField({ value, onChange, inputRef, hint, seconds = false, ...rest }: DateTimeFieldProps) {
  const { t } = useTranslation('common');
  const [text, setText] = useState(() => shownDateTime(value));
  const [seen, setSeen] = useState(value);
  if (seen !== value) {
    setSeen(value);
    if (typedDateTime(text) !== value) setText(shownDateTime(value));
  }
  const format = seconds ? t('dateField.dateTimeSeconds') : t('dateField.dateTime');
  return (
    <TextInput
      {...rest}
      ref={inputRef}
      type="text"
      autoComplete="off"
      placeholder={format}
      maxLength={seconds ? 19 : 16}
      value={text}
      hint={hint ?? format}
      onChange={(event) => {
        setText(event.target.value);
        onChange(typedDateTime(event.target.value));
      }}
    />
  );
}
