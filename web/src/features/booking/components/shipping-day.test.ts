/**
 * The form's preferred shipping date: a day its month lacks is told so (decision 3897), and a day past, or
 * beyond two years, for the shipper is refused against her browser's own day, in the words the server uses
 * for it (decision 3899). The latter is checked at one instant in two zones whose days differ then:
 * 2026-12-07 08:00 UTC is 11:30 on 7 December in Tehran and 22:00 on 6 December in Honolulu.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { typedDate } from '@/components/ui/date-field';
import { setLanguage } from '@/i18n';
import { message } from '@/lib/messages';
import { rateRequestSchema } from './schemas';

const values = (preferredShippingDate: string) => ({
  commodity: 'Dates',
  hsCode: '080410',
  preferredShippingDate,
  quantity: '1',
  isSwbl: false,
  isDanger: false,
  msds: null,
  additionalComment: '',
  pol: { name: 'Bandar Abbas', value: 1 },
  pod: { name: 'Hamburg', value: 2 },
  containerType: { name: 'Dry', value: 1 },
  containerSize: { name: '20', value: 1 },
});

// What the form holds is what the date field made of the text typed (`typedDate`), as the form's field does.
const said = (typed: string) =>
  (rateRequestSchema.safeParse(values(typedDate(typed))).error?.issues ?? [])
    .filter((issue) => issue.path[0] === 'preferredShippingDate')
    .map((issue) => issue.message);

describe('a preferred shipping date the calendar lacks', () => {
  // A day is also checked against the reader's today: one day of the year the days below are counted from.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T12:00:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('is told it is no day of its month, not asked again for the format it was typed in', async () => {
    await setLanguage('fa');
    // 1405 is a common year of the Solar Hijri calendar: Esfand has 29 days (1403 had 30; 1408 will).
    expect(said('۱۴۰۵/۱۲/۳۰')).toEqual(['اسفند ۱۴۰۵ ۲۹ روز دارد: روز ۱۴۰۵/۱۲/۳۰ در آن نیست.']);
    // 1408/12/30 is a day (1408 is a leap year), refused only as beyond two years, not as missing.
    expect(said('1408/12/30')).toEqual([message('booking.preferredShippingDate.far')]);
    expect(said('۱۴۰۵/۰۷/۳۱')).toEqual(['مهر ۱۴۰۵ ۳۰ روز دارد: روز ۱۴۰۵/۰۷/۳۱ در آن نیست.']);
    // A text not in the format is still asked for the format.
    expect(said('14051')).toEqual(['تاریخی به شکل سال/ماه/روز، مانند ۱۴۰۵/۰۹/۱۹']);
    await setLanguage('en');
    expect(said('1405/12/30')).toEqual(['Esfand 1405 has 29 days: there is no 1405/12/30.']);
    expect(said('2027/02/29')).toEqual(['February 2027 has 28 days: there is no 2027/02/29.']);
    expect(said('2028/02/29')).toEqual([]);
    expect(said('2028/13/01')).toEqual(['A date as YYYY/MM/DD, e.g. 2026/12/10']);
  });
});

const PAST = () => [message('booking.preferredShippingDate.past')];
const FAR = () => [message('booking.preferredShippingDate.far')];
const zone = process.env.TZ;

/** The browser in `name`'s zone (Node reads a TZ set while it runs), its clock stopped at the instant above. */
function inZone(name: string) {
  beforeEach(() => {
    process.env.TZ = name;
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T08:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });
}

describe('a preferred shipping date in Tehran, where it is 7 December', () => {
  inZone('Asia/Tehran');

  it('is refused as past the day before, in the server’s words, and taken today', async () => {
    await setLanguage('en');
    expect(said('2026-12-06')).toEqual(PAST());
    expect(said('2026-12-06')).toEqual(['Preferred shipping date cannot be in the past']);
    expect(said('2026-12-07')).toEqual([]);
  });

  it('is taken up to two calendar years ahead, and refused as too far after', async () => {
    await setLanguage('en');
    expect(said('2028-12-07')).toEqual([]);
    expect(said('2028-12-08')).toEqual(FAR());
  });

  it('says it in Persian to a reader of Persian', async () => {
    await setLanguage('fa');
    expect(said('2026-12-06')).toEqual(PAST());
    expect(PAST()).toEqual(['تاریخ حمل دلخواه نمی‌تواند در گذشته باشد']);
    await setLanguage('en');
  });
});

describe('a preferred shipping date in Honolulu, where it is still 6 December', () => {
  inZone('Pacific/Honolulu');

  it('is taken on her 6 December, a day Tehran has left behind', async () => {
    await setLanguage('en');
    expect(said('2026-12-06')).toEqual([]);
    expect(said('2026-12-05')).toEqual(PAST());
  });

  it('is refused as too far a day earlier than in Tehran', async () => {
    await setLanguage('en');
    expect(said('2028-12-06')).toEqual([]);
    expect(said('2028-12-07')).toEqual(FAR());
  });
});

/**
 * Two calendar years, not 731 days (decision 3917): from a day whose two years hold no 29 February, 731 days
 * were two years and a day; a 29 February's two years end on the 28th. The reader's own day, in Tehran at noon.
 */
describe('a preferred shipping date two calendar years ahead', () => {
  beforeEach(() => {
    process.env.TZ = 'Asia/Tehran';
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it.each([
    // today, the last day taken: 2027-03-01's two years hold 2028-02-29; 2028-03-01's and 2029-06-15's hold none.
    ['2027-03-01', '2029-03-01', '2029-03-02'],
    ['2028-03-01', '2030-03-01', '2030-03-02'],
    ['2028-02-29', '2030-02-28', '2030-03-01'],
    ['2029-06-15', '2031-06-15', '2031-06-16'],
  ])('from %s is taken up to %s and refused on %s', async (today, last, after) => {
    vi.setSystemTime(new Date(`${today}T12:00:00+03:30`));
    await setLanguage('en');
    expect(said(last)).toEqual([]);
    expect(said(after)).toEqual(FAR());
  });
});
