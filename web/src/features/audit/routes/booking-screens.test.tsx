import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetchEachTest } from '@/testing/fetch';
import { Route, Routes } from 'react-router-dom';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
import { bookingTrail, requestMade } from '@/testing/trail';
import { BookingSearchRoute } from './booking-search';
import { BookingTrailRoute } from './booking-trail';
import { i18next, setLanguage } from '@/i18n';

const trail = bookingTrail(requestMade(), {
  position: 15,
  recordedAt: '2026-11-26T12:12:05.658720Z',
  when: '2026/11/26 12:12 UTC',
  who: 'admin',
  role: 'Staff',
  part: 'Shipping order',
  what: 'Shipping order returned for changes',
  reason: 'Cargo description: say what is in the boxes',
  values: [],
});

function screens(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/audit/bookings" element={<BookingSearchRoute />} />
      <Route path="/dashboard/audit/bookings/:reference" element={<BookingTrailRoute />} />
    </Routes>,
    { route },
  );
}

describe('booking trail screens', () => {
  const fetchMock = stubFetchEachTest();

  it('searches by a name and opens the booking found', async () => {
    const { bookingId, reference, customerName, state, createdAt, updatedAt } = trail;
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        String(url).includes('/trail')
          ? envelope(trail)
          : envelope({
              query: 'کریمی',
              list: [
                { bookingId, reference, customerName, state, createdAt, updatedAt, matchedPeople: [customerName] },
              ],
              more: false,
            }),
      ),
    );
    screens(`/dashboard/audit/bookings?q=${encodeURIComponent('کریمی')}`);
    const found = await screen.findByRole('article', { name: 'Booking FB-2026-000001' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe(`/audit/api/v1/bookings?q=${encodeURIComponent('کریمی')}`);
    // Each name isolated in its own <bdi>: the sentence is read from the paragraph's whole text.
    expect(
      within(found).getByText((_, node) => node?.tagName === 'P' && node.textContent === 'Took part: علی کریمی'),
    ).not.toBeNull();
    fireEvent.click(within(found).getByRole('link', { name: 'FB-2026-000001' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Booking FB-2026-000001' })).not.toBeNull();
    const created = await screen.findByRole('article', { name: 'Rate request made' });
    // Its time as the audit log writes it (with the seconds), not the server's English `when`.
    expect(within(created).getByText('2026/11/26 12:10:05 UTC')).not.toBeNull();
    expect(within(created).getByText('Shanghai (CNSHA)')).not.toBeNull();
    // No reason given, none said; a given one is shown.
    expect(within(created).queryByText(/reason/i)).toBeNull();
    const returned = screen.getByRole('article', { name: 'Shipping order returned for changes' });
    expect(within(returned).getByText('Cargo description: say what is in the boxes')).not.toBeNull();
    expect(screen.queryByText(trail.bookingId)).toBeNull();
  });

  it('says when more bookings match than are listed, rather than count the list as all of them', async () => {
    const { customerName, state, createdAt, updatedAt } = trail;
    const list = Array.from({ length: 20 }, (_, i) => ({
      bookingId: `b${i}`,
      reference: `FB-2026-${String(i + 1).padStart(6, '0')}`,
      customerName,
      state,
      createdAt,
      updatedAt,
      matchedPeople: [customerName],
    }));
    fetchMock.mockImplementation(() => Promise.resolve(envelope({ query: 'کریمی', list, more: true })));
    screens(`/dashboard/audit/bookings?q=${encodeURIComponent('کریمی')}`);
    expect(
      await screen.findByText(
        'More than 20 bookings found: the 20 with the latest activity are listed. ' +
          'Type more of the reference or the name to narrow the search.',
      ),
    ).not.toBeNull();
  });

  it("writes each entry's time in the Solar Hijri calendar with Persian digits in Persian", async () => {
    fetchMock.mockImplementation(() => Promise.resolve(envelope(trail)));
    await setLanguage('fa');
    try {
      screens('/dashboard/audit/bookings/FB-2026-000001');
      const times = await screen.findAllByText((_, node) => node?.tagName === 'TIME');
      // 2026-11-26 is 5 Azar 1405.
      expect(times[0].textContent).toMatch(/^۱۴۰۵\/۰۹\/۰۵ ۱۲:۱۰:۰۵/);
      expect(times.map((time) => time.getAttribute('datetime'))).toEqual(trail.entries.map((e) => e.recordedAt));
    } finally {
      await i18next.changeLanguage('en');
    }
  });

  it('says so when no booking has the reference', async () => {
    fetchMock.mockResolvedValue(failureEnvelope('No booking has this reference', 404));
    screens('/dashboard/audit/bookings/FB-1999-000001');
    expect(await screen.findByText('No booking has this reference.')).not.toBeNull();
  });

  it('asks for something to look for before searching', async () => {
    screens('/dashboard/audit/bookings');
    fireEvent.click(screen.getByRole('button', { name: 'Find booking' }));
    expect(await screen.findByText('Enter a booking reference or a name.')).not.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
