/**
 * Money and dates as every screen shows them: one formatter each, so the list, the detail, the
 * console, the report and the audit trail read the same. In Persian, days are in the Solar Hijri calendar
 * and digits are Persian; in English, Gregorian with Latin digits.
 */
import { currentLanguage, i18next } from '@/i18n';
import type { Language } from '@/i18n';
import { latinDigits, persianDigits } from '@/i18n/digits';
import timeWords from '../../../contract/time-words.json';

const USD: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }),
  fa: new Intl.NumberFormat('fa-IR', { style: 'currency', currency: 'USD' }),
};

// The browser's own calendar data (ICU, CLDR) converts days for display; entering a Solar Hijri day uses
// @internationalized/date, loaded only by the inputs that need it.
const SOLAR_HIJRI = new Intl.DateTimeFormat('en-US-u-ca-persian-nu-latn', {
  timeZone: 'UTC',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Latin digits as the language writes them (Persian digits in Persian). */
export function localDigits(text: string, language: Language = currentLanguage()): string {
  return language === 'fa' ? persianDigits(text) : text;
}

/** A count or other whole number shown on its own (transit days, unread notifications) in the language's digits. */
export function formatCount(value: number | null | undefined, language: Language = currentLanguage()): string {
  return value === null || value === undefined || !Number.isFinite(value) ? '-' : localDigits(String(value), language);
}

const decimals = new Map<string, Intl.NumberFormat>();

/** A number with `fractionDigits` digits after the separator, as the language writes it: `5.5`, `۵٫۵` (Persian
 * digits and the Persian decimal separator U+066B, which a Latin number made Persian digit by digit lacks). */
export function formatDecimal(
  value: number | null | undefined,
  fractionDigits: number,
  language: Language = currentLanguage(),
): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '-';
  const key = `${language} ${fractionDigits}`;
  let formatter = decimals.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language === 'fa' ? 'fa-IR' : 'en-US', {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    decimals.set(key, formatter);
  }
  return formatter.format(value);
}

// What a person typed, Persian or Arabic-Indic digits read as Latin (kept beside persianDigits, which the
// login page's small modules use too).
export { latinDigits };

/** Words listed as the language lists them (Persian separates them with "،", English with ", "). */
export function formatList(items: readonly string[], language: Language = currentLanguage()): string {
  return new Intl.ListFormat(language, { style: 'narrow', type: 'conjunction' }).format(items);
}

/** A yes-or-no value in the language shown (one pair of words for every screen). */
export function yesNo(value: unknown): string {
  return i18next.t(value ? 'common:bookingFacts.yes' : 'common:bookingFacts.no');
}

// Left-to-right isolate (U+2066 … U+2069).
const LRI = '\u2066';
const PDI = '\u2069';

/** `3700` -> `$3,700.00`; null or not a number -> the dash the tables use for "none". In Persian the amount is a
 * left-to-right isolate, not led by the mark Intl writes: two marked amounts with a separator between them
 * ("$3,010.00 – $1,505.00 for 2") read as one left-to-right run, each amount beside the other's words. */
export function formatMoney(value: number | string | null | undefined, language: Language = currentLanguage()): string {
  const n = typeof value === 'string' ? Number(value) : value;
  if (n === null || n === undefined || !Number.isFinite(n)) return '-';
  const amount = USD[language].format(n);
  return language === 'fa' ? `${LRI}${amount.replaceAll('\u200e', '')}${PDI}` : amount;
}

/** The total for a quantity of containers at a price per container. */
export function formatTotal(
  price: number | null | undefined,
  quantity: number,
  language: Language = currentLanguage(),
): string {
  return price === null || price === undefined ? '-' : formatMoney(price * quantity, language);
}

function parse(value: string): Date | null {
  // A bare date is a calendar day (UTC), never shifted by the viewer's zone.
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const two = (n: number) => String(n).padStart(2, '0');

/** A Gregorian calendar day as the language shows it: `2026/12/29`, or `۱۴۰۵/۱۰/۰۸` in Persian. */
export function calendarDay(
  year: number,
  month: number,
  dayOfMonth: number,
  language: Language = currentLanguage(),
): string {
  if (language !== 'fa') return `${year}/${two(month)}/${two(dayOfMonth)}`;
  const parts = SOLAR_HIJRI.formatToParts(new Date(Date.UTC(year, month - 1, dayOfMonth)));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return localDigits(`${part('year')}/${two(part('month'))}/${two(part('day'))}`, 'fa');
}

/** The day a standard's date-time names on its writer's clock (`2026-01-06T23:10:00+08:00` is the 6th
 * wherever it is read), as the language shows a day: a port's day, as the server words it too. */
export function portDay(value: string, language: Language = currentLanguage()): string {
  const [year, month, dayOfMonth] = value.slice(0, 10).split('-').map(Number);
  return calendarDay(year, month, dayOfMonth, language);
}

/** The specification's display, YYYY/MM/DD (UTC), everywhere a day is shown (one format, not five). */
function day(date: Date, language: Language): string {
  return calendarDay(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), language);
}

/** `2026-12-01` or an ISO time -> `2026/12/01` (UTC). */
export function formatDate(value: string | null | undefined, language: Language = currentLanguage()): string {
  const date = value ? parse(value) : null;
  return date ? day(date, language) : '-';
}

const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT', 'Etc/Universal', 'Etc/Zulu']);
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone of the person looking (the browser's), UTC when it cannot be told. */
export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function formatterOf(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: 'longOffset',
    });
    formatters.set(zone, found);
  }
  return found;
}

/** The clock of `zone` at `date`, and its offset as `+03:30`. */
function clockIn(date: Date, zone: string, language: Language) {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatterOf(zone).formatToParts(date);
  } catch {
    parts = formatterOf('UTC').formatToParts(date);
  }
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const offset = /([+-]\d{2}:\d{2})/.exec(part('timeZoneName'))?.[1] ?? '+00:00';
  return {
    day: calendarDay(Number(part('year')), Number(part('month')), Number(part('day')), language),
    time: `${part('hour')}:${part('minute')}`,
    seconds: part('second'),
    offset,
  };
}

/** A port's time named, from the words the server's e-mails use too: `local time (UTC+03:30)`; `UTC` for UTC. */
function portTimeLabel(zone: string, offset: string, language: Language = currentLanguage()): string {
  return UTC_NAMES.has(zone) ? 'UTC' : timeWords.portTime[language].replace('{offset}', offset);
}

const zoneNames = new Map<string, Intl.DateTimeFormat>();

/** The zone's generic name in `language`, from the browser's own time-zone data (CLDR): `Iran Standard Time`,
 * `وقت عادی ایران`; null where the browser has none. */
function zoneName(zone: string, language: Language, date: Date): string | null {
  const key = `${language} ${zone}`;
  let names = zoneNames.get(key);
  try {
    if (!names) {
      names = new Intl.DateTimeFormat(language, { timeZone: zone, timeZoneName: 'longGeneric' });
      zoneNames.set(key, names);
    }
    const name = names.formatToParts(date).find((part) => part.type === 'timeZoneName')?.value;
    // Where CLDR has no name it writes the offset itself (`GMT+03:30`): the label has that already.
    return name && !/^(GMT|UTC)[+-−]/.test(name) ? name : null;
  } catch {
    return null;
  }
}

/** The viewer's own zone named in the language shown (`Iran Standard Time (UTC+03:30)`), by its place where
 * the browser has no name for it (`Tehran (UTC+03:30)`); `UTC` for UTC. */
export function viewerZoneLabel(
  zone: string,
  offset: string,
  language: Language = currentLanguage(),
  date: Date = new Date(),
): string {
  if (UTC_NAMES.has(zone)) return 'UTC';
  const name = zoneName(zone, language, date) ?? (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
  return `${name} (UTC${offset})`;
}

function writtenIn(
  value: string | null | undefined,
  zone: string,
  seconds: boolean,
  language: Language,
  label: (zone: string, offset: string, date: Date) => string,
): string {
  const date = value ? parse(value) : null;
  if (!date) return '-';
  const clock = clockIn(date, UTC_NAMES.has(zone) ? 'UTC' : zone, language);
  return localDigits(
    `${clock.day} ${clock.time}${seconds ? `:${clock.seconds}` : ''} ${label(zone, clock.offset, date)}`,
    language,
  );
}

/**
 * A time at a port, as the port's clocks showed it: `2026/12/09 02:00 local time (UTC+03:30)`. The port's
 * zone comes from the server (`/booking/api/v1/places`), so a screen and an e-mail agree; none is UTC.
 */
export function formatAt(
  value: string | null | undefined,
  timeZone: string | null | undefined,
  seconds = false,
  language: Language = currentLanguage(),
): string {
  return writtenIn(value, timeZone || 'UTC', seconds, language, (zone, offset) =>
    portTimeLabel(zone, offset, language),
  );
}

/** An ISO time where no place applies, in the viewer's own zone, named in the language shown:
 * `2026/12/01 17:35 Iran Standard Time (UTC+03:30)`, or `2026/12/01 14:05 UTC` for a viewer in UTC (with
 * `seconds`, `14:05:09`). */
export function formatMoment(value: string | null | undefined, seconds = false): string {
  const language = currentLanguage();
  return writtenIn(value, viewerZone(), seconds, language, (zone, offset, date) =>
    viewerZoneLabel(zone, offset, language, date),
  );
}

/** How long ago, in the largest whole unit (`3 days`, `5 hours`, `12 minutes`). */
export function formatAge(since: string | null | undefined, now: number = Date.now()): string {
  const date = since ? parse(since) : null;
  if (!date) return '-';
  const minutes = Math.max(0, Math.floor((now - date.getTime()) / 60_000));
  if (minutes < 1) return i18next.t('age.underMinute');
  const [count, unit] =
    minutes >= 1440
      ? [Math.floor(minutes / 1440), 'day' as const]
      : minutes >= 60
        ? [Math.floor(minutes / 60), 'hour' as const]
        : [minutes, 'minute' as const];
  return localDigits(i18next.t(`age.${unit}`, { count }));
}

/**
 * The inverse of `formatMoment` for a field where a time is typed: `2027/01/14 08:30` (a trailing `UTC` is
 * allowed, as the screens write it) -> `2027-01-14T08:30:00Z`; null when it is not that format or not a real
 * moment (2027/02/30, 24:00). Typed as UTC, whatever the browser's zone, so every screen reads the same time.
 */
export function parseMoment(text: string): string | null {
  const match = /^(\d{4})\/(\d{2})\/(\d{2}) +(\d{2}):(\d{2})(?: *UTC)?$/i.exec(latinDigits(text).trim());
  if (!match) return null;
  const [year, month, day_, hour, minute] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day_, hour, minute));
  const same =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day_ &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute;
  return same ? `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:00Z` : null;
}

/** A moment as a time field shows it: `2027/01/14 08:30` (UTC, the zone said by the field's label). */
export function momentField(value: Date | string): string {
  return formatAt(typeof value === 'string' ? value : value.toISOString(), 'UTC', false, 'en').replace(/ UTC$/, '');
}
