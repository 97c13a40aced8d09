import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import type { BookingChanges } from '@/components/booking-changes';
import { fieldChange, requestedAmendment } from '@/testing/changes';
import { stubFetchEachTest } from '@/testing/fetch';
import { rateRequestDetail, shippingOrder } from '@/testing/orders';
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
    answering({ amendment: null, cancellation: null });
    expect(await screen.findByRole('button', { name: 'Reject' })).toBeTruthy();
  });

  it('not while an amendment awaits it: they decide that first (the server refuses it too)', async () => {
    answering({ amendment, cancellation: null });
    await screen.findAllByText('Figs'); // the change review shows the amendment: the changes are read
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});

// A confirmed booking whose shipping order is in the given state (its code), with the decline's message if any.
function withOrder(status: number, declineMessage: string | null = null, decline?: (body: unknown) => Response) {
  const order = shippingOrder({ status, declineMessage });
  const detail = { ...rateRequestDetail({ order, orderState: status }), needsAttention: null, orderMismatch: null };
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.includes('/shipping-orders/so-1/decline') && decline) return decline(JSON.parse(String(init?.body)));
    if (url.includes('/rate-requests/rr-1/changes')) return envelope({ amendment: null, cancellation: null });
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
    withOrder(6, REASON);
    const why = await screen.findByRole('region', { name: 'Why the order was declined' });
    expect(within(why).getByText(REASON).getAttribute('dir')).toBe('auto');
  });

  it('in Persian too', async () => {
    await act(() => setLanguage('fa'));
    withOrder(6, REASON);
    expect(await screen.findByRole('region', { name: 'چرا دستور حمل رد شد' })).toBeTruthy();
  });

  it('says nothing of a decline for an order under review', async () => {
    withOrder(0);
    await screen.findByRole('button', { name: 'Accept Shipping Order' });
    expect(screen.queryByRole('region', { name: 'Why the order was declined' })).toBeNull();
  });
});

describe("staff's decline of a shipping order", () => {
  it('is offered where the lifecycle lets staff decline (under review), not once accepted', async () => {
    withOrder(0);
    expect(await screen.findByRole('button', { name: 'Decline Shipping Order' })).toBeTruthy();
  });

  it("is not offered for an order ready for the customer's approval", async () => {
    withOrder(2);
    await screen.findByRole('heading', { name: /Shipping order/ });
    expect(screen.queryByRole('button', { name: 'Decline Shipping Order' })).toBeNull();
  });

  it("needs a message, and shows the server's word on it beside the field", async () => {
    const sent: unknown[] = [];
    withOrder(0, null, (body) => {
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
    expect(sent).toEqual([{ message: REASON }]);
  });

  it('sends the message and tells staff it is done', async () => {
    withOrder(0, null, () => envelope(shippingOrder({ status: 6, declineMessage: REASON })));
    fireEvent.click(await screen.findByRole('button', { name: 'Decline Shipping Order' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/Why the order is declined/), { target: { value: REASON } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Shipping order declined: the customer is told why')).toBeTruthy();
  });
});
