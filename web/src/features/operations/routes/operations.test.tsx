import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { getState } from '@/lib/lifecycle';
import type { BookingChanges } from '@/components/booking-changes';
import { fieldChange, requestedAmendment } from '@/testing/changes';
import { stubFetchEachTest } from '@/testing/fetch';
import { rateRequestDetail, shippingOrder } from '@/testing/orders';
import { loadedProgress } from '@/testing/tracking';
import { envelope, renderWithProviders } from '@/testing/render';
import { OperationsRoute } from './operations';

// A confirmed booking (its shipping order step) whose customer asked for an amendment staff have not decided.
const amendment = requestedAmendment({ fields: [fieldChange('commodity', 'Commodity', 'Sumac', 'Figs')] });

const fetchMock = stubFetchEachTest();
beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn(); // the panel scrolls itself into view; jsdom has no layout
});

function answering(changes: BookingChanges) {
  const detail = { ...rateRequestDetail({ order: null }), needsAttention: null, orderMismatch: null };
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/rate-requests/rr-1/changes')) return envelope(changes);
    if (url.includes('/rate-requests/rr-1/sailing')) return envelope(null);
    if (url.includes('/rate-requests/rr-1')) return envelope(detail);
    if (url.includes('/rate-requests')) return envelope({ list: { list: [], totalCount: 0 } });
    return envelope({ list: { list: [], totalCount: 0 } });
  });
  renderWithProviders(<OperationsRoute />, { route: '/?open=rr-1' });
}

describe("staff's console offers a confirmed booking's rejection", () => {
  it('while no change awaits their decision', async () => {
    answering({ amendment: null, cancellation: null, cargoSailedAt: null });
    expect(await screen.findByRole('button', { name: 'Reject' })).toBeTruthy();
  });

  it('not while an amendment awaits it: they decide that first (the server refuses it too)', async () => {
    answering({ amendment, cancellation: null, cargoSailedAt: null });
    await screen.findAllByText('Figs'); // the change review shows the amendment: the changes are read
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
  it("not once the vessel left with its cargo, and says so on the port's day (decision 3858)", async () => {
    answering({ amendment: null, cancellation: null, cargoSailedAt: '2026-01-06T23:10:00+08:00' });
    const said = await screen.findByTestId('cargo-sailed');
    expect(said.textContent).toContain("left with this booking's cargo on 2026/01/06");
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});

describe("staff's Reject confirmed without a reason", () => {
  it('focuses the Reason, which its error describes', async () => {
    answering({ amendment: null, cancellation: null, cargoSailedAt: null });
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    confirm.focus();
    fireEvent.click(confirm);
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(reason.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'A reason is required',
    );
  });
});

// A confirmed booking whose shipping order is in the state named (as the server answers it: its code, name and
// label), with the decline's message if any.
function withOrder(
  name: string,
  declineMessage: string | null = null,
  decline?: (body: unknown) => Response,
  revisionRequests: Record<string, string> = {},
) {
  const state = getState('shipping_order', name);
  if (!state) throw new Error(`no shipping order state ${name}`);
  const order = {
    ...shippingOrder({ status: state.code, statusName: name, statusLabel: state.label, declineMessage }),
    revisionRequests,
  };
  const detail = { ...rateRequestDetail({ order }), needsAttention: null, orderMismatch: null };
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/shipping-orders/so-1/decline') && decline) return decline(JSON.parse(String(init?.body)));
    if (url.includes('/rate-requests/rr-1/changes'))
      return envelope({ amendment: null, cancellation: null, cargoSailedAt: null });
    if (url.includes('/rate-requests/rr-1/sailing')) return envelope(null);
    if (url.includes('/rate-requests/rr-1')) return envelope(detail);
    return envelope({ list: { list: [], totalCount: 0 } });
  });
  renderWithProviders(<OperationsRoute />, { route: '/?open=rr-1' });
}

const REASON = 'The consignee may not receive this cargo';

describe("staff's view of a declined shipping order", () => {
  afterEach(() => act(() => setLanguage('en')));

  it('says why it was declined, as staff wrote it', async () => {
    withOrder('declined', REASON);
    const why = await screen.findByRole('region', { name: 'Why the order was declined' });
    expect(within(why).getByText(REASON).getAttribute('dir')).toBe('auto');
  });

  it('in Persian too', async () => {
    await act(() => setLanguage('fa'));
    withOrder('declined', REASON);
    expect(await screen.findByRole('region', { name: 'چرا دستور حمل رد شد' })).toBeTruthy();
  });

  it('says nothing of a decline for an order under review', async () => {
    withOrder('submitted');
    await screen.findByRole('button', { name: 'Accept Shipping Order' });
    expect(screen.queryByRole('region', { name: 'Why the order was declined' })).toBeNull();
  });
});

describe("staff's revision request of a shipping order", () => {
  afterEach(() => act(() => setLanguage('en')));
  const asked = { cargoDescription: 'Say how many boxes', containers: 'The second seal is missing' };

  it.each(['revision_requested', 'update_received', 'submitted'])(
    'is shown on the order, each field by its label, while it is %s',
    async (name) => {
      withOrder(name, null, undefined, asked);
      const region = await screen.findByRole('region', { name: 'What staff asked the customer to revise' });
      const said = within(region)
        .getAllByRole('term')
        .map((term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`);
      expect(said).toEqual(['Cargo description: Say how many boxes', 'Containers: The second seal is missing']);
      // What staff typed is isolated, as every typed value (its own direction, whatever the page's).
      expect(within(region).getByText('Say how many boxes').tagName).toBe('BDI');
    },
  );

  it('names the fields in Persian', async () => {
    await act(() => setLanguage('fa'));
    withOrder('update_received', null, undefined, asked);
    const region = await screen.findByRole('region', { name: 'آنچه کارکنان از مشتری خواستند اصلاح کند' });
    expect(within(region).getByText('شرح محموله')).toBeTruthy();
    expect(within(region).getByText('کانتینرها')).toBeTruthy();
  });

  it('says nothing where staff asked nothing', async () => {
    withOrder('submitted');
    await screen.findByRole('button', { name: 'Accept Shipping Order' });
    expect(screen.queryByRole('region', { name: 'What staff asked the customer to revise' })).toBeNull();
  });
});

describe("staff's decline of a shipping order", () => {
  it('is offered where the lifecycle lets staff decline (under review), not once accepted', async () => {
    withOrder('submitted');
    expect(await screen.findByRole('button', { name: 'Decline Shipping Order' })).toBeTruthy();
  });

  it("is not offered for an order ready for the customer's approval", async () => {
    withOrder('ready_for_approval');
    await screen.findByRole('heading', { name: /Shipping order/ });
    expect(screen.queryByRole('button', { name: 'Decline Shipping Order' })).toBeNull();
  });

  it("needs a message, and shows the server's word on it beside the field", async () => {
    const sent: unknown[] = [];
    withOrder('submitted', null, (body) => {
      sent.push(body);
      return new Response(
        JSON.stringify({
          isSuccess: false,
          isError: true,
          error: { description: 'message: Too long', fields: { message: 'Too long' } },
          response: null,
        }),
        { status: 400, headers: { 'Content-Type': 'application/json' } },
      );
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Decline Shipping Order' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const field = within(dialog).getByLabelText(/Why the order is declined/);
    const described = () => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(described()).toBe('A reason is required');
    expect(sent).toEqual([]);
    fireEvent.change(field, { target: { value: '  ' + REASON + '  ' } });
    // Written: the refusal of the empty field is not shown beside what is there now.
    expect(described()).toBeUndefined();
    expect(field.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(described()).toBe('Too long'));
    expect(document.activeElement).toBe(field);
    // Named as the dialog opened: an order the customer changed since is not declined unread (decision 3910).
    expect(sent).toEqual([{ message: REASON, seenUpdatedAt: shippingOrder().updatedAt }]);
  });

  it('sends the message and tells staff it is done', async () => {
    withOrder('submitted', null, () =>
      envelope(shippingOrder({ status: 6, statusName: 'declined', statusLabel: 'Declined', declineMessage: REASON })),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Decline Shipping Order' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Why the order is declined/), { target: { value: REASON } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Shipping order declined: the customer is told why')).toBeTruthy();
  });
});

// An order whose customer sent an update (through /v3): the specification's code 0, as a fresh submission's,
// and the state's name beside it (`statusName`, the row's `orderStateName`).
function updatedOrder(changes: { waitingFor?: 'customer' | 'staff' | null } = {}) {
  const order = shippingOrder({ status: 0, statusName: 'update_received', statusLabel: 'Update Received' });
  consoleOf(rateRequestDetail({ order, reference: 'FB-2026-000042' }), changes);
}

/** Staff's console with one booking (`rr-1`), open: its row and its detail. */
function consoleOf(
  booking: ReturnType<typeof rateRequestDetail>,
  changes: { waitingFor?: 'customer' | 'staff' | null } = {},
) {
  const detail = { ...booking, needsAttention: null, orderMismatch: null };
  const { order: _, pol: __, pod: ___, containerType, containerSize, ...facts } = detail;
  const row = {
    ...facts,
    containerType: containerType.name,
    containerSize: containerSize.name,
    progress: null,
    ...changes,
  };
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/rate-requests/rr-1/changes'))
      return envelope({ amendment: null, cancellation: null, cargoSailedAt: null });
    if (url.includes('/rate-requests/rr-1/sailing')) return envelope(null);
    if (url.includes('/rate-requests/rr-1')) return envelope(detail);
    if (url.includes('/rate-requests')) return envelope({ list: { list: [row], totalCount: 1 } });
    return envelope({ list: { list: [], totalCount: 0 } });
  });
  renderWithProviders(<OperationsRoute />, { route: '/?open=rr-1' });
}

describe("staff's console of a booking whose revision staff asked for", () => {
  afterEach(() => act(() => setLanguage('en')));

  // The specification's badge is "Rate Request", as a new one's; the lifecycle file names what it is.
  it('says the revision was requested, in the list and the booking, in English and Persian', async () => {
    consoleOf(rateRequestDetail({ state: 1, price: null, order: null, waitingFor: 'customer' }));
    const row = (await screen.findAllByTestId('ops-row'))[0];
    expect(row.querySelector('td[data-label="State"]')?.textContent).toBe('Revision Requested');
    expect(await screen.findByText(/^Revision Requested/, { selector: 'p' })).toBeTruthy();
    await act(() => setLanguage('fa'));
    expect(row.querySelector('td')?.closest('tr')?.textContent).toContain('بازنگری درخواست شده');
  });
});

describe("staff's console row of an ended booking", () => {
  it('says nobody moves next with a dash, as its empty order cell does', async () => {
    updatedOrder({ waitingFor: null });
    const row = (await screen.findAllByTestId('ops-row'))[0];
    expect(row.querySelector('td[data-label="Next move"]')?.textContent).toBe('-');
  });

  it("and a live one's by whose move it is", async () => {
    updatedOrder({ waitingFor: 'staff' });
    const row = (await screen.findAllByTestId('ops-row'))[0];
    expect(row.querySelector('td[data-label="Next move"]')?.textContent).toBe('Action needed');
  });
});

describe("staff's console of an order its customer updated", () => {
  afterEach(() => act(() => setLanguage('en')));

  it('says Update Received in the list and the booking, and offers what the lifecycle lets staff do next', async () => {
    updatedOrder();
    expect(await screen.findByRole('heading', { name: 'Shipping order (Update Received)' })).toBeTruthy();
    const row = (await screen.findAllByTestId('ops-row'))[0];
    expect(within(row).getByText('Update Received')).toBeTruthy();
    expect(screen.queryByText(/Submitted/)).toBeNull();
    // From update_received staff may ask for a revision, accept or decline (state-machines/shipping_order.json).
    for (const name of ['Request Order Revision', 'Accept Shipping Order', 'Decline Shipping Order']) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect(screen.queryByRole('button', { name: 'Issue Bill of Lading' })).toBeNull();
  });

  it('in Persian too', async () => {
    await act(() => setLanguage('fa'));
    updatedOrder();
    expect(await screen.findByRole('heading', { name: 'دستور حمل (اصلاحات دریافت شد)' })).toBeTruthy();
    const row = (await screen.findAllByTestId('ops-row'))[0];
    expect(within(row).getByText('اصلاحات دریافت شد')).toBeTruthy();
  });
});

// The booking's tracking on staff's detail (decision 3843): where it is and each container's latest milestone,
// from the detail itself (no request of its own), in the tracking catalogue's words.
describe("staff's detail of a tracked booking", () => {
  afterEach(() => act(() => setLanguage('en')));

  function tracked(
    progress: ReturnType<typeof loadedProgress> | null,
    containerMilestones: unknown[],
    changes: Parameters<typeof rateRequestDetail>[0] = {},
  ) {
    const detail = {
      ...rateRequestDetail({ order: null, ...changes }),
      needsAttention: null,
      orderMismatch: null,
      progress,
      containerMilestones,
    };
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.includes('/rate-requests/rr-1/changes'))
        return envelope({ amendment: null, cancellation: null, cargoSailedAt: null });
      if (url.includes('/rate-requests/rr-1/sailing')) return envelope(null);
      if (url.includes('/rate-requests/rr-1')) return envelope(detail);
      if (url.includes('/places')) return envelope([]);
      return envelope({ list: { list: [], totalCount: 0 } });
    });
    renderWithProviders(<OperationsRoute />, { route: '/?open=rr-1' });
  }
  const boxes = [
    { equipmentReference: 'MSCU1234566', milestone: 'LOAD', eventDateTime: '2026-12-20T08:00:00Z', location: 'IRBND' },
    { equipmentReference: 'HLXU8097389', milestone: 'GTIN', eventDateTime: '2026-12-19T08:00:00Z', location: null },
  ];

  it('says where it is and names each container’s latest milestone', async () => {
    tracked(loadedProgress(), boxes);
    const section = await screen.findByRole('region', { name: 'Tracking' });
    expect(within(section).getByTestId('booking-progress').textContent).toBe(loadedProgress().summary);
    const lines = within(section).getAllByTestId('container-milestone');
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringMatching(/^MSCU1234566: Loaded 2026\/12\/20 .* at IRBND$/),
      expect.stringMatching(/^HLXU8097389: Gated in 2026\/12\/19 08:00 UTC$/),
    ]);
    // Read from the detail: nothing asks the tracking doors.
    expect(fetchMock.mock.calls.map(([u]) => String(u)).filter((u) => u.includes('events'))).toEqual([]);
  });

  it('says a confirmed booking awaits its first tracking event', async () => {
    tracked(null, []);
    const section = await screen.findByRole('region', { name: 'Tracking' });
    expect(within(section).getByText('No tracking event has reached this booking yet.')).toBeTruthy();
  });

  it('of a booking that ended without any, awaits none', async () => {
    tracked(null, [], { state: 8, stateName: 'cancelled' });
    const section = await screen.findByRole('region', { name: 'Tracking' });
    expect(within(section).getByText('No tracking event reached this booking, and it has ended.')).toBeTruthy();
    expect(within(section).queryByText(/yet/)).toBeNull();
  });

  it('in Persian too', async () => {
    await act(() => setLanguage('fa'));
    tracked(loadedProgress(), boxes);
    const section = await screen.findByRole('region', { name: 'رهگیری' });
    expect(within(section).getByText('آخرین رویداد هر کانتینر')).toBeTruthy();
    expect(within(section).getAllByTestId('container-milestone')[0].textContent).not.toMatch(/Loaded/);
  });
});
