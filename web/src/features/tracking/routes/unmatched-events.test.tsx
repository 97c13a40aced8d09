import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { stubFetchEachTest } from '@/testing/fetch';
import { envelope, renderWithProviders } from '@/testing/render';
import type { Unmatched } from '../api/tracking-admin';
import { TrackingRoute } from './tracking';

// A gate-in the publisher sent naming a transport document no booking had drafted yet (decision 3822).
const unmatched: Unmatched = {
  list: [
    {
      id: 'ev-1',
      eventID: 'gate-7',
      eventType: 'EQUIPMENT',
      eventSubtype: 'GTIN',
      classifier: 'ACT',
      description: 'Container gated in',
      equipmentReference: 'SEGU5123408',
      eventDateTime: '2027-01-05T08:00:00Z',
      recordedAt: '2027-01-05T08:01:00Z',
      sentReferences: ['BL-FB-2027-000123'],
    },
  ],
  totalCount: 1,
};

// A bare gate-in: the publisher sent no reference at all, neither a booking's nor a transport document's.
const bare: Unmatched = {
  list: [{ ...unmatched.list[0]!, id: 'ev-2', eventID: 'gate-8', sentReferences: [] }],
  totalCount: 1,
};

describe("assigning an event that matched no booking: by the booking's reference or its transport document's", () => {
  const fetchMock = stubFetchEachTest();
  afterEach(() => act(() => setLanguage('en')));

  function answer(listed: Unmatched = unmatched) {
    fetchMock.mockImplementation((input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('unmatched')) return Promise.resolve(envelope(listed));
      if (url.includes('tracking-exceptions'))
        return Promise.resolve(envelope({ notGatedIn: [], slippedArrivals: [], unmatchedEvents: 1 }));
      if (url.includes('publisher-keys')) return Promise.resolve(envelope({ list: [], totalCount: 0 }));
      return Promise.resolve(envelope({ done: true }));
    });
  }

  it('labels the field for both, and sends the bill of lading reference typed', async () => {
    answer();
    renderWithProviders(<TrackingRoute />);
    const row = await screen.findByTestId('unmatched-event');
    const field = within(row).getByLabelText('Booking or bill of lading reference for gate-7');
    expect(field.getAttribute('placeholder')).toBe('FB-… / BL-…');
    fireEvent.change(field, { target: { value: ' BL-FB-2027-000123 ' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Assign' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.filter(([url]) => String(url).includes('/tracking-events/ev-1/booking')),
      ).toHaveLength(1),
    );
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url).includes('/tracking-events/ev-1/booking'))!;
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ bookingReference: 'BL-FB-2027-000123' });
  });

  it("names the milestone as the customer's timeline does, from the catalogue by its code", async () => {
    answer();
    renderWithProviders(<TrackingRoute />);
    const row = await screen.findByTestId('unmatched-event');
    expect(within(row).getByTestId('unmatched-milestone').textContent).toBe('Gated in');
  });

  it('in Persian too', async () => {
    await act(() => setLanguage('fa'));
    answer();
    renderWithProviders(<TrackingRoute />);
    const row = await screen.findByTestId('unmatched-event');
    expect(within(row).getByLabelText('شمارهٔ رزرو یا بارنامه برای \u2068gate-7\u2069')).toBeTruthy();
  });

  it('says what the publisher sent: the reference, or that none was (not only no booking reference)', async () => {
    answer();
    const { unmount } = renderWithProviders(<TrackingRoute />);
    const sent = await screen.findByTestId('sent-reference');
    expect(sent.textContent).toBe('Reference sent: BL-FB-2027-000123');
    unmount();
    answer(bare);
    renderWithProviders(<TrackingRoute />);
    expect((await screen.findByTestId('sent-reference')).textContent).toBe('No reference sent');
  });

  it('says none was sent in Persian too', async () => {
    await act(() => setLanguage('fa'));
    answer(bare);
    renderWithProviders(<TrackingRoute />);
    expect((await screen.findByTestId('sent-reference')).textContent).toBe('هیچ شماره‌ای ارسال نشده است');
  });
});
