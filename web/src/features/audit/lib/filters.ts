/**
 * The global log's filters: what the form holds, how they sit in the URL (so a filtered view can be
 * shared and survives the way back from a timeline), and the query GET /audit/api/v1/events receives.
 */
import type { QueryParams } from '@/lib/api-client';
import { i18next } from '@/i18n';
import { latinDigits } from '@/lib/format';
import { gregorianDay } from '@/lib/solar-hijri';

export interface AuditFilters {
  /** Aggregate kind ('' for every kind). */
  kind: string;
  /** Actor id ('' for anyone): links may carry one; the form asks for a name instead. */
  actor: string;
  /** A person's name or username, matched word by word from the first letters ('' for anyone). */
  person: string;
  /** `datetime-local` values in the browser's time zone ('' for open ends). */
  from: string;
  to: string;
}

export const EMPTY_FILTERS: AuditFilters = { kind: '', actor: '', person: '', from: '', to: '' };

/** Page size of the log; the server allows up to 500. */
export const LOG_PAGE_SIZE = 50;
const MAX_PAGE_SIZE = 500;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/;

/**
 * A `datetime-local` value (local wall time, no zone) as an ISO UTC instant, or undefined when it is
 * empty or malformed. With `endOfPeriod` the instant is the last millisecond of the minute (or second)
 * the value names, so "to 12:30" includes an event recorded at 12:30:40.
 */
export function localDateTimeToIso(value: string, options: { endOfPeriod?: boolean } = {}): string | undefined {
  const match = LOCAL_DATE_TIME.exec(latinDigits(value.trim()));
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, ms] = match;
  const day = gregorianDay(Number(y), Number(mo), Number(d));
  if (!day) return undefined;
  const date = new Date(day.year, day.month - 1, day.day, Number(h), Number(mi), Number(s ?? 0), Number(ms ?? 0));
  if (Number.isNaN(date.getTime()) || date.getMonth() !== day.month - 1) return undefined;
  if (options.endOfPeriod && ms === undefined) date.setMilliseconds(s === undefined ? 59_999 : 999);
  return date.toISOString();
}

/** The inverse, for showing an instant in a `datetime-local` input (minutes, local time). */
export function isoToLocalDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(
    date.getMinutes(),
  )}`;
}

export function normalizeFilters(filters: Partial<AuditFilters>): AuditFilters {
  return {
    kind: (filters.kind ?? '').trim(),
    actor: (filters.actor ?? '').trim(),
    person: (filters.person ?? '').trim(),
    from: (filters.from ?? '').trim(),
    to: (filters.to ?? '').trim(),
  };
}

/** The query of one log page: empty filters are left out, times go as UTC ISO, the limit is clamped. */
export function filtersToQuery(filters: AuditFilters, page: { after?: number; limit?: number } = {}): QueryParams {
  const f = normalizeFilters(filters);
  const limit = Math.min(Math.max(Math.trunc(page.limit ?? LOG_PAGE_SIZE), 1), MAX_PAGE_SIZE);
  const query: QueryParams = { after: Math.max(Math.trunc(page.after ?? 0), 0), limit };
  if (f.kind) query.kind = f.kind;
  if (f.actor) query.actor = f.actor;
  if (f.person) query.person = f.person;
  const from = localDateTimeToIso(f.from);
  const to = localDateTimeToIso(f.to, { endOfPeriod: true });
  if (from) query.from = from;
  if (to) query.to = to;
  return query;
}

/** Filters read from the page URL (?kind=&actor=&person=&from=&to=); anything else is ignored. */
export function filtersFromSearchParams(params: URLSearchParams): AuditFilters {
  return normalizeFilters({
    kind: params.get('kind') ?? '',
    actor: params.get('actor') ?? '',
    person: params.get('person') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  });
}

/** The URL form of the filters: only the ones that are set, in a fixed order. */
export function filtersToSearchParams(filters: AuditFilters): URLSearchParams {
  const f = normalizeFilters(filters);
  const params = new URLSearchParams();
  for (const key of ['kind', 'actor', 'person', 'from', 'to'] as const) {
    if (f[key]) params.set(key, f[key]);
  }
  return params;
}

/** Problems with the time range the form shows before asking the server (empty when there are none). */
export function rangeErrors(filters: AuditFilters): { from?: string; to?: string } {
  const from = localDateTimeToIso(filters.from);
  const to = localDateTimeToIso(filters.to, { endOfPeriod: true });
  const errors: { from?: string; to?: string } = {};
  if (filters.from && !from) errors.from = i18next.t('audit:filters.invalidMoment');
  if (filters.to && !to) errors.to = i18next.t('audit:filters.invalidMoment');
  if (from && to && from > to) errors.to = i18next.t('audit:filters.toBeforeFrom');
  return errors;
}

/** Whether another page may follow: a full page means "maybe more"; a short one means the end. */
export function hasMoreAfter(page: { list: readonly unknown[]; next: number; head: number }, limit: number): boolean {
  return page.list.length >= limit && page.next < page.head;
}
