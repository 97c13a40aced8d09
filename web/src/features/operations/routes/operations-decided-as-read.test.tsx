import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getState } from '@/lib/lifecycle';
import { stubFetchEachTest } from '@/testing/fetch';
import { rateRequestDetail, shippingOrder } from '@/testing/orders';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
import { OperationsRoute } from './operations';

// The customer (or her integrator, through the API) may update the shipping order while staff read it: their
// acceptance names the order as the dialog opened, and a refusal shows what stands at once (decision 3908).
const fetchMock = stubFetchEachTest();
beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn(); // the panel scrolls itself into view; jsdom has no layout
});

const CHANGED = 'The customer changed this shipping order since you opened it: read it again before you decide';

function updatedOrder(updatedAt: string) {
  const state = getState('shipping_order', 'update_received')!;
  const order = {
    ...shippingOrder({ status: state.code, statusName: 'update_received', statusLabel: state.label, updatedAt }),
    revisionRequests: {},
  };
  return { ...rateRequestDetail({ order }), needsAttention: null, orderMismatch: null };
}

describe("staff's acceptance of a shipping order", () => {
  it('names the order as the dialog opened, and reads the booking again once refused', async () => {
    const opened = '2026-11-02T09:00:00.000000Z';
    let detail = updatedOrder(opened);
    const accepts: unknown[] = [];
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/shipping-orders/so-1/accept')) {
        accepts.push(JSON.parse(String(init?.body)));
        return failureEnvelope(CHANGED, 409);
      }
      if (url.includes('/rate-requests/rr-1/changes'))
        return envelope({ amendment: null, cancellation: null, cargoSailedAt: null });
      if (url.includes('/rate-requests/rr-1/sailing')) return envelope(null);
      if (url.includes('/rate-requests/rr-1')) return envelope(detail);
      return envelope({ list: { list: [], totalCount: 0 } });
    });
    const reads = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/rate-requests/rr-1')).length;
    renderWithProviders(<OperationsRoute />, { route: '/?open=rr-1' });

    fireEvent.click(await screen.findByRole('button', { name: 'Accept Shipping Order' }));
    const dialog = await screen.findByRole('dialog');
    // The customer's update arrives under the open dialog (a live refresh): what was opened is what is named.
    detail = updatedOrder('2026-11-02T09:05:00.000000Z');
    const before = reads();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(CHANGED)).toBeTruthy();
    expect(accepts).toEqual([{ seenUpdatedAt: opened }]);
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });
});

// She may correct what staff are about to return it for: the revision request names the order as the dialog
// opened, as the acceptance does, and a refusal reads the booking again (decision 3910).
describe("staff's revision request of a shipping order", () => {
  it('names the order as the dialog opened, and reads the booking again once refused', async () => {
    const opened = '2026-11-02T09:00:00.000000Z';
    let detail = updatedOrder(opened);
    const asked: unknown[] = [];
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url.includes('/shipping-orders/so-1/request-revision')) {
        asked.push(JSON.parse(String(init?.body)));
        return failureEnvelope(CHANGED, 409);
      }
      if (url.includes('/rate-requests/rr-1/changes'))
        return envelope({ amendment: null, cancellation: null, cargoSailedAt: null });
      if (url.includes('/rate-requests/rr-1/sailing')) return envelope(null);
      if (url.includes('/rate-requests/rr-1')) return envelope(detail);
      return envelope({ list: { list: [], totalCount: 0 } });
    });
    const reads = () => fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/rate-requests/rr-1')).length;
    renderWithProviders(<OperationsRoute />, { route: '/?open=rr-1' });

    fireEvent.click(await screen.findByRole('button', { name: 'Request Order Revision' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getAllByLabelText(/revise message/)[0];
    fireEvent.change(field, { target: { value: 'Name the pistachios' } });
    detail = updatedOrder('2026-11-02T09:05:00.000000Z');
    const before = reads();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText(CHANGED)).toBeTruthy();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ seenUpdatedAt: opened });
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });
});
