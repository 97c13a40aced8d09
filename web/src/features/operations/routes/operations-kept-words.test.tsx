import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getState } from '@/lib/lifecycle';
import { getToken, startSession } from '@/lib/session';
import { stubFetchEachTest } from '@/testing/fetch';
import { rateRequestDetail, shippingOrder } from '@/testing/orders';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
import { tokenFor } from '@/testing/token';
import { OperationsRoute } from './operations';

const fetchMock = stubFetchEachTest();
beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn(); // the panel scrolls itself into view; jsdom has no layout
});

const NOT_SENT =
  'Not sent: your session had ended before it reached us, so nothing was done. What you wrote is kept below: ' +
  'check it and send it again.';

/** A submitted shipping order on staff's console; every PUT is refused with 401 until `signedIn`. */
function staffConsole(state: { signedIn: boolean; sent: unknown[] }) {
  const status = getState('shipping_order', 'submitted');
  const order = shippingOrder({ status: status?.code, statusName: 'submitted', statusLabel: status?.label });
  const detail = { ...rateRequestDetail({ order }), needsAttention: null, orderMismatch: null };
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (init?.method === 'PUT') {
      if (!state.signedIn) return failureEnvelope('Authentication required', 401);
      state.sent.push(JSON.parse(String(init.body)));
      return envelope(order);
    }
    if (url.includes('/rate-requests/rr-1/changes'))
      return envelope({ amendment: null, cancellation: null, cargoSailedAt: null });
    if (url.includes('/rate-requests/rr-1/sailing')) return envelope(null);
    if (url.includes('/rate-requests/rr-1')) return envelope(detail);
    return envelope({ list: { list: [], totalCount: 0 } });
  });
  return renderWithProviders(<OperationsRoute />, { route: '/?open=rr-1' });
}

describe("staff's revision messages sent as the session ended (decision 3881)", () => {
  it('come back in the same action of the same booking after the login, said to be unsent', async () => {
    const state = { signedIn: false, sent: [] as unknown[] };
    startSession({ token: tokenFor('writer'), accountType: 0, roles: ['admin'] });
    const first = staffConsole(state);
    fireEvent.click(await screen.findByRole('button', { name: 'Request Order Revision' }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getAllByRole('textbox')[0] as HTMLInputElement;
    const label = field.labels?.[0]?.textContent ?? '';
    fireEvent.change(field, { target: { value: 'Write the shipper as on the licence' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // Refused: the session ends and the app leads to the login page, which says why (no toast, decision 3902).
    await waitFor(() => expect(getToken()).toBeUndefined());
    first.unmount();

    state.signedIn = true;
    startSession({ token: tokenFor('writer', 2), accountType: 0, roles: ['admin'] });
    staffConsole(state);
    const back = await screen.findByRole('dialog', { name: 'Request Order Revision' });
    expect(within(back).getByRole('alert').textContent).toBe(NOT_SENT);
    expect((within(back).getByLabelText(label) as HTMLInputElement).value).toBe('Write the shipper as on the licence');
    fireEvent.click(within(back).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(/Order revision requested/)).toBeTruthy();
    expect(state.sent).toHaveLength(1);
    expect(Object.values((state.sent[0] as { revise: Record<string, string> }).revise)).toEqual([
      'Write the shipper as on the licence',
    ]);
  });
});
