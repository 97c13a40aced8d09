import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { stubFetchEachTest } from '@/testing/fetch';
import { envelope, renderWithProviders } from '@/testing/render';
import type { Exceptions, PublisherKeys, Unmatched } from '../api/tracking-admin';
import { TrackingRoute } from './tracking';

const exceptions: Exceptions = {
  notGatedIn: [
    {
      rateRequestId: 'rr-1',
      reference: 'FB-2027-000123',
      customerName: 'علی کریمی',
      containersExpected: 3,
      containersMissing: 2,
      missingContainers: ['SEGU5123408'],
      cargoCutOff: '2027-01-14T08:30:00Z',
      cutOffPassed: true,
      loadPort: 'IRBND',
      vesselName: 'KING OF THE SEAS',
    },
  ],
  slippedArrivals: [],
  unmatchedEvents: 0,
} as unknown as Exceptions;

const unmatched = { list: [], totalCount: 0 } as unknown as Unmatched;
const keys = {
  list: [{ id: 'k1', label: 'پایانهٔ شهید رجایی', hint: 'ab12', createdAt: '2026-12-29T08:00:00Z', revokedAt: null }],
  totalCount: 1,
} as unknown as PublisherKeys;

// No English word of the interface left: the Latin data (references, ports, containers, vessels, codes) aside.
const ENGLISH =
  /\b(the|and|of|at|for|Submit|Save|Cancel|Booking|Status|Record|Milestone|Exceptions|Publisher|key|Now|When|Assign)\b/i;

function posted(fetchMock: ReturnType<typeof stubFetchEachTest>): { eventDateTime: string }[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).includes('/v3/events'))
    .flatMap(
      ([, init]) => (JSON.parse(String((init as RequestInit).body)) as { events: { eventDateTime: string }[] }).events,
    );
}

describe('the tracking console in Persian', () => {
  const fetchMock = stubFetchEachTest();
  afterEach(() => act(() => setLanguage('en')));

  function answer(listed: { exceptions?: Exceptions; unmatched?: Unmatched } = {}) {
    fetchMock.mockImplementation((input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/v3/events'))
        return Promise.resolve(new Response(JSON.stringify({ feedbackElements: [] }), { status: 201 }));
      if (url.includes('tracking-exceptions')) return Promise.resolve(envelope(listed.exceptions ?? exceptions));
      if (url.includes('unmatched')) return Promise.resolve(envelope(listed.unmatched ?? unmatched));
      if (url.includes('publisher-keys')) return Promise.resolve(envelope(keys));
      return Promise.resolve(envelope([])); // the places: none known, so times are written in UTC
    });
  }

  it('reads right to left in Persian words, its dates and counts in the Solar Hijri calendar with Persian digits', async () => {
    await act(() => setLanguage('fa'));
    answer();
    renderWithProviders(<TrackingRoute />);
    expect(await screen.findByRole('heading', { level: 1, name: 'رهگیری' })).not.toBeNull();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { name: 'ثبت یک مرحله' })).not.toBeNull();
    // The milestone is the contract's word, as the booking's trail says it, in its heading, label and button.
    expect(screen.getByLabelText('مرحله').tagName).toBe('SELECT');
    expect(screen.getByRole('button', { name: 'ثبت مرحله' })).not.toBeNull();
    expect(screen.getByRole('heading', { name: 'کلیدهای ناشر' })).not.toBeNull();
    const row = await screen.findByTestId('not-gated-in');
    // 2027-01-14 is 1405/10/24; the counts in Persian digits, the data isolated.
    expect(row.textContent).toContain('۱۴۰۵/۱۰/۲۴ ۰۸:۳۰');
    expect(row.textContent).toContain('۲ از ۳ کانتینر وارد پایانه نشده');
    expect(screen.getByText('علی کریمی').tagName).toBe('BDI');
    expect(
      screen.getByRole('heading', { name: 'کانتینرهایی که پیش از مهلت تحویل بار وارد پایانه نشده‌اند (۱)' }),
    ).not.toBeNull();
    expect((await screen.findByTestId('publisher-key')).textContent).toContain('۱۴۰۵/۱۰/۰۸');
    const hint = document.getElementById('milestone-at-hint');
    expect(hint?.textContent).toContain('۱۴۰۵/۱۰/۲۴ ۰۸:۳۰');
    const text = document.body.textContent!.replace(
      /FB-[\d-]+|FB-…|IRBND|SEGU\d+|KING OF THE SEAS|UN\/LOCODE|UTC|DEHAM/g,
      '',
    );
    expect(text).not.toMatch(ENGLISH);
  });

  it('names an unmatched event by its milestone from the catalogue, not in the English the server words it', async () => {
    await act(() => setLanguage('fa'));
    const event = {
      eventType: 'EQUIPMENT',
      equipmentReference: 'SEGU5123408',
      eventDateTime: '2027-01-05T08:00:00Z',
      recordedAt: '2027-01-05T08:01:00Z',
      sentReferences: [],
    };
    answer({
      unmatched: {
        list: [
          {
            ...event,
            id: 'ev-1',
            eventID: 'gate-7',
            eventSubtype: 'GTIN',
            classifier: 'ACT',
            description: 'Container gated in',
          },
          {
            ...event,
            id: 'ev-2',
            eventID: 'arri-8',
            eventType: 'TRANSPORT',
            eventSubtype: 'ARRI',
            classifier: 'EST',
            equipmentReference: null,
            description: 'Vessel arrival (estimated)',
          },
        ],
        totalCount: 2,
      } as unknown as Unmatched,
    });
    renderWithProviders(<TrackingRoute />);
    const rows = await screen.findAllByTestId('unmatched-event');
    expect(rows.map((row) => within(row).getByTestId('unmatched-milestone').textContent)).toEqual([
      'وارد پایانه شد',
      'رسیدن (تخمینی)',
    ]);
    const text = rows.map((row) => row.textContent!.replace(/SEGU\d+|gate-7|arri-8|FB-…/g, '')).join(' ');
    expect(text).not.toMatch(/Container|Vessel|gated|arrival|estimated/i);
  });

  it('says of a slipped arrival whose booking ended that it ended, when and how, in Persian', async () => {
    await act(() => setLanguage('fa'));
    const slipped = {
      rateRequestId: 'rr-2',
      reference: 'FB-2027-000124',
      vesselName: 'KING OF THE SEAS',
      arrivalPort: 'DEHAM',
      estimatedArrival: '2027-01-14T08:00:00Z',
      arrivalDelayHours: 48,
    };
    answer({
      exceptions: {
        ...exceptions,
        slippedArrivals: [
          { ...slipped, bookingEndedAs: 'rejected_by_admin', bookingEndedAt: '2026-12-29T10:00:00Z' },
          {
            ...slipped,
            rateRequestId: 'rr-3',
            reference: 'FB-2027-000125',
            bookingEndedAs: null,
            bookingEndedAt: null,
          },
        ],
      } as unknown as Exceptions,
    });
    renderWithProviders(<TrackingRoute />);
    const [ended, live] = await screen.findAllByTestId('slipped-arrival');
    expect(ended.dataset.ended).toBe('true');
    expect(within(ended).getByTestId('booking-ended').textContent).toBe(
      'رزرو در ۱۴۰۵/۱۰/۰۸ پایان یافت: رد شده توسط مدیر',
    );
    expect(live.dataset.ended).toBeUndefined();
    expect(within(live).queryByTestId('booking-ended')).toBeNull();
  });

  it('takes a Solar Hijri time, with Persian or Latin digits, and sends the same ISO instant', async () => {
    await act(() => setLanguage('fa'));
    answer();
    renderWithProviders(<TrackingRoute />);
    const type = (label: string, value: string) =>
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
    type('شمارهٔ رزرو یا بارنامه', 'FB-2027-000123');
    type('شمارهٔ کانتینر', 'SEGU5123408');
    type('بندر (UN/LOCODE)', 'IRBND');
    type('زمان (UTC)', '۱۴۰۵/۱۲/۳۱ ۰۸:۳۰'); // 1405 is a common year: its Esfand has 29 days
    fireEvent.click(screen.getByRole('button', { name: 'ثبت مرحله' }));
    expect(await screen.findByText('زمانی به شکل سال/ماه/روز ساعت:دقیقه، به وقت UTC')).not.toBeNull();
    expect(posted(fetchMock)).toHaveLength(0);

    type('زمان (UTC)', '۱۴۰۵/۱۰/۲۴ ۰۸:۳۰');
    fireEvent.click(screen.getByRole('button', { name: 'ثبت مرحله' }));
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(1));
    expect(posted(fetchMock)[0].eventDateTime).toBe('2027-01-14T08:30:00Z');

    // Recorded, the form keeps only the reference.
    type('شمارهٔ کانتینر', 'SEGU5123408');
    type('بندر (UN/LOCODE)', 'IRBND');
    type('زمان (UTC)', '1405/10/24 20:05');
    fireEvent.click(screen.getByRole('button', { name: 'ثبت مرحله' }));
    await waitFor(() => expect(posted(fetchMock)).toHaveLength(2));
    expect(posted(fetchMock)[1].eventDateTime).toBe('2027-01-14T20:05:00Z');
  });
});
