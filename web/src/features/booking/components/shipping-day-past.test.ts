/**
 * The form refuses a preferred shipping date that is past, or beyond two years, for the shipper: against her
 * browser's own day, in the words the server uses for it. Checked at one instant in two zones whose days
 * differ then: 2026-12-07 08:00 UTC is 11:30 on 7 December in Tehran and 22:00 on 6 December in Honolulu.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from '@/lib/messages';
import { setLanguage } from '@/i18n';
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

const said = (day: string) =>
  (rateRequestSchema.safeParse(values(day)).error?.issues ?? [])
    .filter((issue) => issue.path[0] === 'preferredShippingDate')
    .map((issue) => issue.message);

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

  it('is taken up to 731 days ahead, and refused as too far after', async () => {
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
