/** Staff's console list keeps its state filter, search and page in the address, says when nothing matches,
 * and never sits on a page past the list's end (decision 3906). */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetchEachTest } from '@/testing/fetch';
import { envelope, renderWithProviders } from '@/testing/render';
import { OperationsRoute } from './operations';

const fetchMock = stubFetchEachTest();

const row = (n: number) => ({
  id: `rr-${n}`,
  reference: `FB-2026-${String(n).padStart(6, '0')}`,
  customerName: 'Sara Tehrani',
  commodity: `Item ${n}`,
  cargoDetails: `1 x 20 Dry, Item ${n}`,
  containerType: 'Dry',
  containerSize: '20',
  quantity: 1,
  polTitle: 'Shanghai (CNSHA)',
  podTitle: 'Hamburg (DEHAM)',
  preferredShippingDate: '2026-12-01',
  state: 2,
  stateName: 'booking_request',
  price: 900,
  orderState: null,
  orderStateName: null,
  waitingFor: 'staff',
  needsAttention: null,
  progress: null,
  viaApi: false,
});

/** The staff list as the server pages it: `total` rows, ten a page (`offset` is the page). */
function serve(total: number) {
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/booking/api/v1/admin/rate-requests') {
      const page = Number(url.searchParams.get('offset'));
      const rows = Array.from({ length: total }, (_, i) => row(total - i)).slice((page - 1) * 10, page * 10);
      return envelope({ list: { list: rows, totalCount: total } });
    }
    return envelope({ list: { list: [], totalCount: 0 } });
  });
}

const listAsked = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/booking/api/v1/admin/rate-requests')
    .map((url) => url.search);

const where = (router: { state: { location: { search: string } } }) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

describe("staff's console list", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks the server once the typing pauses, while the address follows each keystroke', async () => {
    // Decision 3909: every keystroke of a search was a request.
    serve(35);
    const { router } = renderWithProviders(<OperationsRoute />);
    await screen.findByText('Page 1 of 4');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const box = screen.getByRole('searchbox');
    for (const typed of ['F', 'FB', 'FB-2']) fireEvent.change(box, { target: { value: typed } });
    expect(where(router)).toEqual({ q: 'FB-2' });
    act(() => void vi.advanceTimersByTime(299));
    expect(listAsked().filter((asked) => asked.includes('search'))).toEqual([]);
    act(() => void vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(listAsked().filter((asked) => asked.includes('search'))).toHaveLength(1));
    expect(listAsked().filter((asked) => asked.includes('search'))).toEqual(['?limit=10&offset=1&search=FB-2']);
  });

  it('reads its state, search and page from the address and turns pages as steps Back returns from', async () => {
    serve(35);
    const { router } = renderWithProviders(<OperationsRoute />, { route: '/?state=2&q=Item&page=2' });
    await screen.findByText('Page 2 of 4');
    expect(listAsked()).toContain('?state=2&limit=10&offset=2&search=Item');
    expect((screen.getByLabelText('State') as HTMLSelectElement).value).toBe('2');
    expect(screen.getByRole('searchbox')).toHaveProperty('value', 'Item');

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 3 of 4');
    expect(where(router)).toEqual({ state: '2', q: 'Item', page: '3' });
    expect(router.state.historyAction).toBe('PUSH');
    await router.navigate(-1);
    await screen.findByText('Page 2 of 4');

    // A new search starts again from the first page.
    await userEvent.type(screen.getByRole('searchbox'), 's');
    await waitFor(() => expect(where(router)).toEqual({ state: '2', q: 'Items' }));
  });

  it('says when nothing matches, and goes back to the last page from one past the end', async () => {
    serve(0);
    renderWithProviders(<OperationsRoute />, { route: '/?q=nothing' });
    expect((await screen.findByRole('status')).textContent).toBe('No rate request matches this state and search.');

    serve(15);
    const { router } = renderWithProviders(<OperationsRoute />, { route: '/?page=9' });
    await waitFor(() => expect(where(router)).toEqual({ page: '2' }));
    await screen.findByText('Page 2 of 2');
  });
});
