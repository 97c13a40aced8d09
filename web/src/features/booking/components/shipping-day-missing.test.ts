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
