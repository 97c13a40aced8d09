import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AmendmentView } from '@/components/booking-changes';
import { stubFetchEachTest } from '@/testing/fetch';
import { readInPersian } from '@/testing/language';
import { rateRequestDetail } from '@/testing/orders';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
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

describe('a request sent from a dialog of the changes panel', () => {
  it('is sent once on a double click, and a refusal reads without its field key', async () => {
    const posts: string[] = [];
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      const none = { amendment: null, cancellation: null, cargoSailedAt: null };
      if (init?.method !== 'POST') return envelope(none);
      posts.push(String(url));
      const refusal = 'This booking already has a change waiting for a decision';
      const error = { description: `cancellation: ${refusal}`, fields: { cancellation: refusal } };
      return new Response(JSON.stringify({ isSuccess: false, isError: true, error, response: null }), {
        status: 400,
        headers: { 'Content-Type': 'application/json' },
      });
    });
    renderWithProviders(<BookingChangesPanel detail={rateRequestDetail()} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Request cancellation' }));
    const send = within(screen.getByRole('dialog')).getByRole('button', { name: 'Send request' });
    fireEvent.click(send);
    fireEvent.click(send);
    expect(await screen.findByText('This booking already has a change waiting for a decision')).toBeTruthy();
    expect(posts).toHaveLength(1);
    expect(posts[0]).toMatch(/\/cancellation-request$/);
    expect(screen.queryByText(/cancellation:/)).toBeNull();
  });
});

// Amended from 1 to 2 containers, requoted at $1,300 per container with a $45 documentation fee per booking.
const REQUOTED: AmendmentView = {
  number: 1,
  state: 1,
  stateName: 'requoted',
  changesPrice: true,
  askedFor: null,
  message: null,
  fields: [{ field: 'quantity', label: 'Containers', original: 1, amended: 2, changed: true }],
  charges: [
    { code: 'ocean_freight', name: 'Ocean freight', amount: 1300, per: 'container' },
    { code: 'doc_fee', name: 'Documentation fee', amount: 45, per: 'booking' },
  ],
  price: 1300,
  totalPrice: 2645,
  requestedAt: '2026-11-03T00:00:00Z',
  updatedAt: '2026-11-04T00:00:00Z',
  validUntil: '2099-01-01T00:00:00Z',
};

describe("an amendment's new price", () => {
  it('is accepted in words that state the total the breakdown shows, per-booking fees included', async () => {
    fetchMock.mockImplementation(async () =>
      envelope({ amendment: REQUOTED, cancellation: null, cargoSailedAt: null }),
    );
    renderWithProviders(
      <BookingChangesPanel detail={rateRequestDetail({ reference: 'FB-2026-000042', quantity: 1 })} />,
    );
    expect((await screen.findByTestId('booking-total')).textContent).toBe('$2,645.00');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Accept new price' }));
    expect(screen.getByRole('dialog').textContent).toContain('$1,300.00 per container ($2,645.00 for 2)');
  });
});

// Staff priced the amendment again ($2,600) while her dialog showed $1,300: the accept names $1,300 and is refused.
describe("an amendment's new price given again under the customer's open dialog", () => {
  const REFUSAL = 'The price changed to $2,600.00 per container since you opened it: read it before you accept';
  function answered() {
    const puts: { url: string; body: unknown }[] = [];
    let reads = 0;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        puts.push({ url: String(url), body: JSON.parse(String(init.body ?? 'null')) });
        return failureEnvelope(REFUSAL, 409);
      }
      if (String(url).endsWith('/changes')) reads += 1;
      const amendment = reads <= 1 ? REQUOTED : { ...REQUOTED, price: 2600, totalPrice: 5245 };
      return envelope({ amendment, cancellation: null, cargoSailedAt: null });
    });
    return { puts, reads: () => reads };
  }

  it('accepts naming the price the dialog shows', async () => {
    const { puts } = answered();
    renderWithProviders(<BookingChangesPanel detail={rateRequestDetail({ quantity: 1 })} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accept new price' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Accept new price' }));
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
    expect(puts).toEqual([{ url: expect.stringMatching(/\/amendments\/accept-price$/), body: { price: 1300 } }]);
  });

  it('shows the price as it is now at once on the refusal, not at the next poll', async () => {
    const { reads } = answered();
    renderWithProviders(<BookingChangesPanel detail={rateRequestDetail({ quantity: 1 })} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Accept new price' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Accept new price' }));
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
    await vi.waitFor(() => expect(reads()).toBeGreaterThan(1));
    expect((await screen.findByRole('status')).textContent).toContain('$2,600.00');
  });
});

// Asking for and answering a change is a booker's or an owner's (state-machines/team_member.json `roles`).
describe('the changes panel read by a viewer of the company team', () => {
  it("shows the amendment's new price with nothing to accept, withdraw or ask for", async () => {
    fetchMock.mockImplementation(async (url: string) =>
      String(url).endsWith('/auth/api/v1/me')
        ? envelope({ id: 'm-1', companyId: 'c-1', teamRole: 'viewer', language: 'en' })
        : envelope({ amendment: REQUOTED, cancellation: null, cargoSailedAt: null }),
    );
    renderWithProviders(<BookingChangesPanel detail={rateRequestDetail({ quantity: 1 })} />);
    expect((await screen.findByTestId('booking-total')).textContent).toBe('$2,645.00');
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Accept new price' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Withdraw amendment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Request cancellation' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/auth/api/v1/me'))).toBe(true);
  });
});
