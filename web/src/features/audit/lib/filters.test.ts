import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import {
  EMPTY_FILTERS,
  filtersFromSearchParams,
  filtersToQuery,
  filtersToSearchParams,
  hasMoreAfter,
  isoToLocalDateTime,
  LOG_PAGE_SIZE,
  localDateTimeToIso,
  rangeErrors,
} from './filters';
import { gregorianDay } from '@/lib/solar-hijri';

// Expected instants are built with the Date constructor, so the tests hold in every time zone.
const local = (...parts: [number, number, number, number, number, number?, number?]) => {
  const [y, mo, d, h, mi, s = 0, ms = 0] = parts;
  return new Date(y, mo - 1, d, h, mi, s, ms).toISOString();
};

describe('filtersToQuery', () => {
  it('sends only paging for empty filters', () => {
    expect(filtersToQuery(EMPTY_FILTERS)).toEqual({ after: 0, limit: LOG_PAGE_SIZE });
  });

  it('maps every filter and the page', () => {
    const query = filtersToQuery(
      { kind: 'account', actor: ' system ', person: ' کریمی ', from: '2026-11-21T10:00', to: '2026-11-21T12:30' },
      { after: 100, limit: 25 },
    );
    expect(query).toEqual({
      after: 100,
      limit: 25,
      kind: 'account',
      actor: 'system',
      person: 'کریمی',
      from: local(2026, 11, 21, 10, 0),
      // `to` covers the whole minute it names.
      to: local(2026, 11, 21, 12, 30, 59, 999),
    });
  });

  it('leaves out blank and malformed values and clamps the page', () => {
    const query = filtersToQuery(
      { kind: '  ', actor: '', person: ' ', from: 'yesterday', to: '2026-13-40T99:00' },
      { after: -5, limit: 9999 },
    );
    expect(query).toEqual({ after: 0, limit: 500 });
    expect(filtersToQuery(EMPTY_FILTERS, { limit: 0 }).limit).toBe(1);
  });

  it('keeps seconds the input gives and ends `to` at that second', () => {
    expect(filtersToQuery({ ...EMPTY_FILTERS, from: '2026-01-02T03:04:05', to: '2026-01-02T03:04:05' })).toMatchObject({
      from: local(2026, 1, 2, 3, 4, 5),
      to: local(2026, 1, 2, 3, 4, 5, 999),
    });
  });
});

describe('datetime-local conversion', () => {
  it('reads local wall time and writes UTC ISO', () => {
    expect(localDateTimeToIso('2026-11-21T23:29')).toBe(local(2026, 11, 21, 23, 29));
    expect(localDateTimeToIso('2026-11-21T23:29:58.596')).toBe(local(2026, 11, 21, 23, 29, 58, 596));
    expect(localDateTimeToIso('')).toBeUndefined();
    expect(localDateTimeToIso('2026-02-30T10:00')).toBeUndefined();
    expect(localDateTimeToIso('2026-11-21')).toBeUndefined();
  });

  it('round-trips to the input format at minute precision', () => {
    expect(isoToLocalDateTime(local(2026, 11, 21, 8, 5))).toBe('2026-11-21T08:05');
    expect(isoToLocalDateTime('nonsense')).toBe('');
  });
});

describe('filters in the URL', () => {
  it('writes only the set filters in a fixed order and reads them back', () => {
    const filters = { kind: 'rate_request', actor: '', person: 'Sara', from: '2026-11-21T10:00', to: '' };
    const params = filtersToSearchParams(filters);
    expect(params.toString()).toBe('kind=rate_request&person=Sara&from=2026-11-21T10%3A00');
    expect(filtersFromSearchParams(params)).toEqual(filters);
  });

  it('ignores unknown parameters', () => {
    expect(filtersFromSearchParams(new URLSearchParams('page=3&actor=system'))).toEqual({
      ...EMPTY_FILTERS,
      actor: 'system',
    });
  });
});

describe('rangeErrors', () => {
  it('accepts an open or ordered range', () => {
    expect(rangeErrors(EMPTY_FILTERS)).toEqual({});
    expect(rangeErrors({ ...EMPTY_FILTERS, from: '2026-11-21T10:00', to: '2026-11-21T10:00' })).toEqual({});
  });

  it('rejects a reversed range and malformed values', () => {
    expect(rangeErrors({ ...EMPTY_FILTERS, from: '2026-11-21T11:00', to: '2026-11-21T10:00' })).toEqual({
      to: 'To must not be before From.',
    });
    expect(rangeErrors({ ...EMPTY_FILTERS, from: 'x' }).from).toBeDefined();
  });

  it('words its refusals in the language the reader has', async () => {
    await setLanguage('fa');
    try {
      const reversed = rangeErrors({ ...EMPTY_FILTERS, from: '2026-11-21T11:00', to: '2026-11-21T10:00' });
      expect(reversed.to).toBe('«تا» نباید پیش از «از» باشد.');
      expect(rangeErrors({ ...EMPTY_FILTERS, from: 'x' }).from).toBe('تاریخ و ساعت معتبری وارد کنید.');
    } finally {
      await setLanguage('en');
    }
  });
});

describe('hasMoreAfter', () => {
  it('expects more only after a full page that stops short of the head', () => {
    expect(hasMoreAfter({ list: new Array(50).fill(0), next: 50, head: 120 }, 50)).toBe(true);
    expect(hasMoreAfter({ list: new Array(50).fill(0), next: 120, head: 120 }, 50)).toBe(false);
    expect(hasMoreAfter({ list: new Array(7).fill(0), next: 80, head: 120 }, 50)).toBe(false);
    expect(hasMoreAfter({ list: [], next: 0, head: 0 }, 50)).toBe(false);
  });
});

describe('Solar Hijri days typed in Persian', () => {
  it('reads a year below 1700 as Solar Hijri, with Latin or Persian digits, and sends the Gregorian instant', () => {
    expect(localDateTimeToIso('1405-10-08T00:00')).toBe(localDateTimeToIso('2026-12-29T00:00'));
    expect(localDateTimeToIso('۱۴۰۵-۱۰-۰۸T۱۴:۳۰')).toBe(localDateTimeToIso('2026-12-29T14:30'));
    expect(gregorianDay(1405, 1, 1)).toEqual({ year: 2026, month: 3, day: 21 });
  });

  it('refuses a day the Solar Hijri calendar lacks', () => {
    expect(gregorianDay(1405, 7, 31)).toBeNull();
    expect(localDateTimeToIso('1405-13-01T00:00')).toBeUndefined();
  });
});
