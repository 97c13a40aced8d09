// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { i18next, setLanguage } from '@/i18n';
import {
  calendarDay,
  formatAge,
  formatAt,
  formatDate,
  formatDecimal,
  formatList,
  formatMoment,
  formatMoney,
  formatTotal,
  latinDigits,
  momentField,
  parseMoment,
  viewerZoneLabel,
  yesNo,
} from './format';

describe('money', () => {
  it('reads like money', () => {
    expect(formatMoney(3700)).toBe('$3,700.00');
    expect(formatMoney('1250.5')).toBe('$1,250.50');
    expect(formatMoney(null)).toBe('-');
  });
  it('isolates each Persian amount left to right, so two amounts and the mark between them are not one run', () => {
    // Intl leads a Persian amount with a left-to-right mark: "‎$3,010.00 – ‎$1,505.00 for 2" then read as one
    // left-to-right run, the per-container label beside the total.
    expect(formatMoney(3010, 'fa')).toBe('\u2066$۳٬۰۱۰٫۰۰\u2069');
    expect(formatMoney(-5, 'fa')).toBe('\u2066−$۵٫۰۰\u2069');
    expect(formatMoney(null, 'fa')).toBe('-');
    expect(formatMoney(3010, 'en')).toBe('$3,010.00');
  });
  it('totals the quantity', () => {
    expect(formatTotal(3700, 3)).toBe('$11,100.00');
    expect(formatTotal(null, 3)).toBe('-');
  });
});

describe('decimals', () => {
  it('writes the fraction as the language does: Persian digits and separators in Persian', () => {
    expect(formatDecimal(5.5, 1, 'en')).toBe('5.5');
    expect(formatDecimal(9, 1, 'en')).toBe('9.0');
    expect(formatDecimal(5.5, 1, 'fa')).toBe('۵٫۵');
    expect(formatDecimal(1234.5, 1, 'fa')).toBe('۱٬۲۳۴٫۵');
    expect(formatDecimal(null, 1, 'fa')).toBe('-');
  });
});

describe('dates', () => {
  it('keeps a calendar day on its day whatever the zone', () => {
    expect(formatDate('2026-12-01')).toBe('2026/12/01');
    expect(formatDate('2026-12-01T23:59:59.999999Z')).toBe('2026/12/01');
    expect(formatDate(null)).toBe('-');
  });
  it('says the time in UTC', () => {
    expect(formatMoment('2026-12-01T14:05:00Z')).toBe('2026/12/01 14:05 UTC');
    expect(formatMoment('2026-12-01T14:05:09Z', true)).toBe('2026/12/01 14:05:09 UTC');
  });
  it('counts age in the largest unit', () => {
    const now = Date.parse('2026-12-04T12:00:00Z');
    expect(formatAge('2026-12-01T12:00:00Z', now)).toBe('3 days');
    expect(formatAge('2026-12-04T11:00:00Z', now)).toBe('1 hour');
    expect(formatAge('2026-12-04T11:58:00Z', now)).toBe('2 minutes');
    expect(formatAge('2026-12-04T11:59:30Z', now)).toBe('under a minute');
  });
});

describe('a time typed in the one format', () => {
  it('reads YYYY/MM/DD HH:MM as UTC, whatever the browser zone, and refuses other formats and unreal moments', () => {
    expect(parseMoment('2027/01/14 08:30')).toBe('2027-01-14T08:30:00Z');
    expect(parseMoment(' 2027/01/14 23:59 utc ')).toBe('2027-01-14T23:59:00Z');
    for (const text of [
      '',
      '01/14/2027 08:30',
      '2027-01-14T08:30',
      '2027/1/14 8:30',
      '2027/02/29 10:00',
      '2027/01/14 24:00',
      '2027/13/01 10:00',
    ])
      expect(parseMoment(text)).toBeNull();
  });

  it('shows a moment the way it is typed, and reads it back to the same instant', () => {
    expect(momentField('2027-01-14T08:30:00Z')).toBe('2027/01/14 08:30');
    const now = new Date('2026-11-26T13:20:41.500Z');
    expect(momentField(now)).toBe('2026/11/26 13:20');
    expect(parseMoment(momentField(now))).toBe('2026-11-26T13:20:00Z');
  });
});

describe('the one time policy on screens', () => {
  it('writes a port time in the port zone as its local time with the offset, naming no other city', () => {
    expect(formatAt('2026-12-08T22:30:00Z', 'Asia/Tehran')).toBe('2026/12/09 02:00 local time (UTC+03:30)');
    // Given with an offset: the moment is kept, never its wall-clock digits labelled UTC. A Hamburg time is
    // not Berlin's, a Shenzhen time not Shanghai's, though the zone database names their zones so.
    expect(formatAt('2027-01-05T07:00:00+01:00', 'Europe/Berlin')).toBe('2027/01/05 07:00 local time (UTC+01:00)');
    expect(formatAt('2027-01-05T07:00:00Z', 'Asia/Shanghai')).toBe('2027/01/05 15:00 local time (UTC+08:00)');
    expect(formatAt('2027-07-05T07:00:00Z', 'America/Los_Angeles')).toBe('2027/07/05 00:00 local time (UTC-07:00)');
    expect(formatAt('2027-01-05T07:00:00Z', 'Europe/London')).toBe('2027/01/05 07:00 local time (UTC+00:00)');
    expect(formatAt('2027-01-05T07:00:00Z', 'UTC')).toBe('2027/01/05 07:00 UTC');
    expect(formatAt('2027-01-05T07:00:00Z', null)).toBe('2027/01/05 07:00 UTC');
    expect(formatAt(null, 'Asia/Tehran')).toBe('-');
  });

  it('writes a time with no place in the viewer zone, named in the language shown', () => {
    const moment = '2026-12-08T22:30:00Z';
    const at = new Date(moment);
    // The viewer's clock as a port in the viewer's zone would show it, the zone named as the viewer's.
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const [clock, offset] = /^(.*) (?:local time \(UTC(.*)\)|UTC)$/.exec(formatAt(moment, zone))!.slice(1);
    expect(formatMoment(moment)).toBe(`${clock} ${offset ? viewerZoneLabel(zone, offset, 'en', at) : 'UTC'}`);
    // The browser's own names (CLDR), in the reader's language: no Latin city on a Persian screen.
    expect(viewerZoneLabel('Asia/Tehran', '+03:30', 'en', at)).toMatch(/^Iran .*Time \(UTC\+03:30\)$/);
    expect(viewerZoneLabel('Asia/Tehran', '+03:30', 'fa', at)).toMatch(/^وقت .*ایران \(UTC\+03:30\)$/);
    expect(viewerZoneLabel('Europe/Berlin', '+01:00', 'fa', at)).not.toContain('Berlin');
    expect(viewerZoneLabel('Etc/UTC', '+00:00', 'fa', at)).toBe('UTC');
    // A zone the browser cannot name reads by its place.
    expect(viewerZoneLabel('Not/A_Zone', '+01:00', 'en', at)).toBe('A Zone (UTC+01:00)');
  });
});

describe('in Persian', () => {
  it('shows days in the Solar Hijri calendar with Persian digits, and reads Latin or Persian digits typed', async () => {
    await setLanguage('fa');
    try {
      expect(formatDate('2026-12-29')).toBe('۱۴۰۵/۱۰/۰۸');
      expect(calendarDay(2026, 3, 21)).toBe('۱۴۰۵/۰۱/۰۱');
      expect(formatAt('2026-12-29T10:00:00Z', 'Asia/Tehran')).toBe('۱۴۰۵/۱۰/۰۸ ۱۳:۳۰ به وقت محلی (UTC+۰۳:۳۰)');
      expect(formatAge('2026-12-29T10:00:00Z', Date.parse('2026-12-31T10:00:00Z'))).toBe('۲ روز');
      expect(latinDigits('۱۴۰۵/۱۰/۰۸ ٠٩')).toBe('1405/10/08 09');
      expect([yesNo(true), yesNo(false)]).toEqual(['بله', 'خیر']);
      expect(formatList(['نوع حساب', 'نقش‌ها', 'نمایه'])).toBe('نوع حساب،\u200f نقش‌ها،\u200f نمایه');
      expect(formatList(['Roles', 'Profile'], 'en')).toBe('Roles, Profile');
      expect(parseMoment('۲۰۲۷/۰۱/۱۴ ۰۸:۳۰')).toBe('2027-01-14T08:30:00Z');
    } finally {
      await i18next.changeLanguage('en');
    }
    expect(formatDate('2026-12-29')).toBe('2026/12/29');
    expect([yesNo(true), yesNo(false)]).toEqual(['Yes', 'No']);
  });
});
