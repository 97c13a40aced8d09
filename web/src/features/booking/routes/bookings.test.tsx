import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { stubFetchEachTest } from '@/testing/fetch';
import { envelope, renderWithProviders } from '@/testing/render';
import type { RateRequestRow } from '../api/booking-api';
import { BookingsRoute } from './bookings';

const TYPES = ['Dry', 'Refrigerated', 'Open Top'];

/** Booking n (1 the oldest), of one of three container types. */
const booking = (n: number): RateRequestRow => ({
  id: `r${n}`,
  reference: `FB-2026-${String(n).padStart(6, '0')}`,
  waitingFor: null,
  commodity: `Item ${n}`,
  hsCode: '080251',
  quantity: 1,
  state: 1,
  stateName: 'requested',
  orderState: null,
  orderStateName: null,
  polTitle: 'Shanghai (CNSHA)',
  podTitle: 'Singapore (SGSIN)',
  cargoDetails: `1 x 20 ${TYPES[n % 3]}, Item ${n}`,
  price: null,
  validUntil: null,
  preferredShippingDate: '2026-12-29',
  containerType: TYPES[n % 3],
  containerSize: '20',
  customerName: 'Sara',
  createdAt: `2026-11-${String(n).padStart(2, '0')}T08:00:00Z`,
  viaApi: false,
  progress: null,
});

// The server's 12 bookings in each order it pages them: by type, in the types' order (Dry, Refrigerated, Open
// Top: not alphabetical), newest first within a type.
const NEWEST = Array.from({ length: 12 }, (_, i) => booking(12 - i));
const ORDERS: Record<string, RateRequestRow[]> = {
  newest: NEWEST,
  oldest: [...NEWEST].reverse(),
  type: TYPES.flatMap((type) => NEWEST.filter((row) => row.containerType === type)),
};

const fetchMock = stubFetchEachTest();

/** Answers the list call as the server does: the page `offset` (of 10) of the order `sort` names; who is
 * asking (`/me`) as a member of `teamRole`. */
function serve(teamRole = 'owner') {
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/auth/api/v1/me') return envelope({ id: 'm', companyId: 'c', teamRole, language: 'en' });
    const rows = ORDERS[url.searchParams.get('sort') ?? 'newest'];
    const page = Number(url.searchParams.get('offset'));
    return envelope({ list: { list: rows.slice((page - 1) * 10, page * 10), totalCount: rows.length } });
  });
}

const listed = () =>
  within(screen.getByRole('table'))
    .getAllByTestId('booking-row')
    .map((row) => row.querySelector('bdi')?.textContent);

const asked = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname !== '/auth/api/v1/me')
    .map((url) => url.search);

describe('the booking list', () => {
  it.each([
    ['owner', true],
    ['booker', true],
    ['viewer', false],
  ])('offers a new booking to a member of the team with the right to book (%s: %s)', async (role, offered) => {
    serve(role);
    renderWithProviders(<BookingsRoute />);
    await screen.findAllByTestId('booking-row');
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).endsWith('/me'))).toBe(true));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'New Booking' }) !== null).toBe(offered));
  });

  it('asks the server for the oldest first: the first row is the oldest booking, not the oldest loaded', async () => {
    serve();
    renderWithProviders(<BookingsRoute />);
    await screen.findAllByTestId('booking-row');
    expect(listed()[0]).toBe('FB-2026-000012');
    // Newest first is the specification's call, as it is written.
    expect(asked()).toEqual(['?limit=10&offset=1']);

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Old');
    await waitFor(() => expect(listed()[0]).toBe('FB-2026-000001'));
    expect(listed()).toEqual(ORDERS.oldest.slice(0, 10).map((row) => row.reference));
    expect(asked()).toContain('?limit=10&offset=1&sort=oldest');
  });

  it("shows the server's order by type as it comes, never sorted again by the type's name", async () => {
    serve();
    renderWithProviders(<BookingsRoute />);
    await screen.findAllByTestId('booking-row');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'By Type');
    await waitFor(() => expect(asked()).toContain('?limit=10&offset=1&sort=type'));
    await waitFor(() => expect(listed()).toEqual(ORDERS.type.slice(0, 10).map((row) => row.reference)));
  });

  it('keeps the search and the order in the address, so a reload or Back finds the list as left', async () => {
    serve();
    const { router } = renderWithProviders(<BookingsRoute />, { route: '/?q=Item&sort=oldest' });
    await screen.findAllByTestId('booking-row');
    expect(screen.getByRole('searchbox')).toHaveProperty('value', 'Item');
    expect((screen.getByLabelText('Sort by') as HTMLSelectElement).value).toBe('oldest');
    await waitFor(() => expect(asked()).toContain('?limit=10&offset=1&search=Item&sort=oldest'));

    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'By Type');
    await userEvent.clear(screen.getByRole('searchbox'));
    await userEvent.type(screen.getByRole('searchbox'), 'FB');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('q')).toBe('FB'));
    expect(new URLSearchParams(router.state.location.search).get('sort')).toBe('type');
    // Typing replaces the address rather than stacking an entry per keystroke.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lists only the bookings waiting for her when the overview opens it so, the filter kept in the address', async () => {
    // Decision 3909: the overview's "The latest 10 of 90" led to every booking, the 90 mixed among them.
    const waitingForHer = [booking(7), booking(3)].map((row) => ({ ...row, waitingFor: 'customer' as const }));
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/auth/api/v1/me') return envelope({ id: 'm', companyId: 'c', teamRole: 'owner' });
      const rows = url.searchParams.get('waiting') === 'customer' ? waitingForHer : NEWEST;
      return envelope({ list: { list: rows.slice(0, 10), totalCount: rows.length } });
    });
    const { router } = renderWithProviders(<BookingsRoute />, { route: '/?waiting=me' });
    const only = await screen.findByRole('checkbox', { name: 'Only those waiting for you' });
    await waitFor(() => expect(listed()).toEqual(['FB-2026-000007', 'FB-2026-000003']));
    expect(only).toHaveProperty('checked', true);
    expect(asked()).toEqual(['?limit=10&offset=1&waiting=customer']);

    await userEvent.click(only);
    await waitFor(() => expect(listed()).toHaveLength(10));
    expect(router.state.location.search).toBe('');
    expect(asked()).toContain('?limit=10&offset=1');
    await userEvent.click(only);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('waiting')).toBe('me'));
    await waitFor(() => expect(listed()).toHaveLength(2));
  });

  it('says that nothing waits for her rather than that she has no bookings', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/auth/api/v1/me') return envelope({ id: 'm', companyId: 'c', teamRole: 'owner' });
      return envelope({ list: { list: [], totalCount: 0 } });
    });
    renderWithProviders(<BookingsRoute />, { route: '/?waiting=me' });
    expect(await screen.findByText('No booking is waiting for you.')).toBeTruthy();
    expect(screen.queryByText('Your Booking Request List is Empty!')).toBeNull();
  });

  it("names the booking reference in its search's hint as the contract does, in either language", async () => {
    serve();
    for (const [language, reference] of [
      ['en', 'Booking reference'],
      ['fa', 'شمارهٔ رزرو'],
    ] as const) {
      await setLanguage(language);
      try {
        const { unmount } = renderWithProviders(<BookingsRoute />);
        expect(screen.getByRole('searchbox').getAttribute('placeholder')).toBe(
          language === 'en' ? `${reference} (FB-…) or commodity` : `${reference} (FB-…) یا کالا`,
        );
        unmount();
      } finally {
        await setLanguage('en');
      }
    }
  });
});

describe("the booking list's links", () => {
  it('names each booking by its reference, so two bookings of the same cargo are told apart', async () => {
    const cargo = { commodity: 'Pistachios', cargoDetails: '1 x 20 Dry, Pistachios' };
    const same = (n: number) => ({ ...booking(n), ...cargo });
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname === '/auth/api/v1/me') return envelope({ id: 'm', companyId: 'c', teamRole: 'owner' });
      return envelope({ list: { list: [same(2), same(1)], totalCount: 2 } });
    });
    renderWithProviders(<BookingsRoute />);
    const table = within(await screen.findByRole('table'));
    const names = table.getAllByRole('link').map((link) => link.getAttribute('aria-label'));
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(2);
    expect(names[0]).toMatch(/^View Details of FB-2026-000002, /);
    expect(names[1]).toMatch(/^View Details of FB-2026-000001, /);
  });
});
