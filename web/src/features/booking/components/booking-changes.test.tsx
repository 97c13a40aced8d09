import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetchEachTest } from '@/testing/fetch';
import { readInPersian } from '@/testing/language';
import { rateRequestDetail } from '@/testing/orders';
import { envelope, renderWithProviders } from '@/testing/render';
import { BookingChangesPanel } from './booking-changes';

const fetchMock = stubFetchEachTest();
// 23:10 at the port is the 7th in UTC: the day said is the port's, as the server says it.
const SAILED = '2026-01-06T23:10:00+08:00';

function changes(cargoSailedAt: string | null) {
  fetchMock.mockImplementation(async () => envelope({ amendment: null, cancellation: null, cargoSailedAt }));
  renderWithProviders(<BookingChangesPanel detail={rateRequestDetail()} />);
}

describe('a confirmed booking whose cargo sailed', () => {
  it('offers a cancellation while the vessel has not left', async () => {
    changes(null);
    expect(await screen.findByRole('button', { name: 'Request cancellation' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('offers none once it left, and says on which day', async () => {
    changes(SAILED);
    const said = await screen.findByRole('note');
    expect(said.textContent).toBe(
      "The vessel left with this booking's cargo on 2026/01/06: the booking can no longer be cancelled.",
    );
    expect(screen.queryByRole('button', { name: 'Request cancellation' })).toBeNull();
    // An amendment is still the customer's to ask for.
    expect(screen.getByRole('button', { name: 'Request amendment' })).toBeTruthy();
  });
});

describe('a sailed booking in Persian', () => {
  readInPersian();

  it('says the day in the Solar Hijri calendar', async () => {
    changes(SAILED);
    expect((await screen.findByRole('note')).textContent).toContain('۱۴۰۴/۱۰/۱۶');
  });
});
