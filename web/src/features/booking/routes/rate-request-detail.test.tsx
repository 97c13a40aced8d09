import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { stubFetchEachTest } from '@/testing/fetch';
import { rateRequestDetail, shippingOrder } from '@/testing/orders';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
import { maxLength } from '@/types/limits';
import type { RateRequestDetail } from '../api/booking-api';
import { RateRequestDetailRoute } from './rate-request-detail';

// The booking's screen where the customer is offered to fill her shipping order again (decision 3824): the
// order declined by staff (6) or cancelled by her (5), the booking live (confirmed, its shipping order step).
const REASON = 'The consignee may not receive this cargo';

function booking(status: 5 | 6, declineMessage: string | null): RateRequestDetail {
  return rateRequestDetail({
    reference: 'FB-2026-000042',
    waitingFor: 'customer',
    orderState: status,
    order: shippingOrder({
      status,
      statusName: status === 6 ? 'declined' : 'cancelled',
      statusLabel: status === 6 ? 'Declined' : 'Cancelled',
      declineMessage,
    }),
  });
}

function screenOf(detail: RateRequestDetail) {
  return renderWithProviders(
    <Routes>
      <Route path="/dashboard/bookings/rate-request/detail/:id" element={<RateRequestDetailRoute />} />
    </Routes>,
    { route: `/dashboard/bookings/rate-request/detail/${detail.id}` },
  );
}

/** Answers the booking as `detail` and every other call (its sailing, its tracking) as not found. */
function answering(fetchMock: ReturnType<typeof stubFetchEachTest>, detail: RateRequestDetail) {
  fetchMock.mockImplementation((url: string) =>
    Promise.resolve(
      String(url).endsWith(`/rate-requests/${detail.id}`) ? envelope(detail) : failureEnvelope('Not found', 404),
    ),
  );
}

describe("the booking's screen of an order that may be filled again", () => {
  const fetchMock = stubFetchEachTest();

  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('says why staff declined it, as they wrote it, beside the offer and above the form', async () => {
    const detail = booking(6, REASON);
    answering(fetchMock, detail);
    screenOf(detail);
    expect(await screen.findByText(/Staff declined your shipping order\./)).toBeTruthy();
    const why = screen.getByRole('region', { name: 'Why staff declined it' });
    expect(within(why).getByText(REASON)).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Fill the order again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Shipping Order' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Why staff declined it' })).getByText(REASON)).toBeTruthy();
  });

  it('says it in Persian around the message as staff wrote it', async () => {
    await act(() => setLanguage('fa'));
    const persian = 'گیرنده اجازهٔ دریافت این محموله را ندارد';
    const detail = booking(6, persian);
    answering(fetchMock, detail);
    screenOf(detail);
    const why = await screen.findByRole('region', { name: 'چرا کارکنان ما آن را رد کردند' });
    const said = within(why).getByText(persian);
    expect(said.getAttribute('dir')).toBe('auto');
    expect(screen.getByText(/کارکنان ما دستور حمل شما را رد کردند/)).toBeTruthy();
  });

  it('gives no reason for an order the customer cancelled', async () => {
    const detail = booking(5, null);
    answering(fetchMock, detail);
    screenOf(detail);
    expect(await screen.findByText(/Your shipping order was cancelled\./)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Why staff declined it' })).toBeNull();
  });
});

// The customer cancels her order from the booking's screen where the lifecycle lets her (decision 3832): under
// review (0) or returned for changes (1); not once staff accepted it (2), nor when it is cancelled already (5).
function withOrder(status: 0 | 1 | 2 | 5): RateRequestDetail {
  const names = { 0: 'submitted', 1: 'revision_requested', 2: 'ready_for_approval', 5: 'cancelled' } as const;
  return rateRequestDetail({
    reference: 'FB-2026-000042',
    waitingFor: status === 0 ? 'staff' : 'customer',
    orderState: status,
    order: shippingOrder({ status, statusName: names[status], statusLabel: names[status] }),
  });
}

describe('cancelling the shipping order from the booking screen', () => {
  const fetchMock = stubFetchEachTest();
  /** Answers the booking as `shown` until the order is cancelled, then as cancelled. */
  const serving = (shown: RateRequestDetail) => {
    let current = shown;
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      const path = String(url);
      if (path.endsWith(`/shipping-orders/${shown.order?.id}/cancel`) && init?.method === 'PUT') {
        current = withOrder(5);
        return Promise.resolve(envelope(current.order));
      }
      return Promise.resolve(
        path.endsWith(`/rate-requests/${shown.id}`) ? envelope(current) : failureEnvelope('Not found', 404),
      );
    });
  };
  const cancelCalls = () =>
    fetchMock.mock.calls.filter(([url]) => String(url).includes('/cancel')) as [string, RequestInit][];

  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it.each([0, 1] as const)('offers it for an order in state %i and asks once more before it acts', async (status) => {
    serving(withOrder(status));
    screenOf(withOrder(status));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel the order' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel this shipping order?' });
    // Keeping it changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(cancelCalls()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel the order' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel this shipping order?' });
    const reason = within(dialog).getByLabelText<HTMLInputElement>('Reason (optional)');
    // It takes no more than the server does (the limit generated from the OpenAPI document).
    expect(reason.maxLength).toBe(maxLength.ShippingOrderCancelBody.reason);
    await user.type(reason, 'The buyer postponed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel the order' }));
    // The screen shows the order cancelled, and the offer to fill it again.
    expect(await screen.findByText(/Your shipping order was cancelled\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Fill the order again' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).toBeNull();
    const [[url, init]] = cancelCalls();
    expect(url).toContain('/booking/api/v1/client/shipping-orders/so-1/cancel');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ reason: 'The buyer postponed' });
  });

  it.each([2, 5] as const)('does not offer it for an order in state %i', async (status) => {
    serving(withOrder(status));
    screenOf(withOrder(status));
    await screen.findByRole('button', { name: 'Book again' });
    expect(screen.queryByRole('button', { name: 'Cancel the order' })).toBeNull();
  });

  it('asks in Persian', async () => {
    await act(() => setLanguage('fa'));
    serving(withOrder(0));
    screenOf(withOrder(0));
    await userEvent.setup().click(await screen.findByRole('button', { name: 'لغو دستور حمل' }));
    const dialog = screen.getByRole('dialog', { name: 'این دستور حمل را لغو می‌کنید؟' });
    expect(within(dialog).getByRole('button', { name: 'نگه داشتن دستور حمل' })).toBeTruthy();
    expect(within(dialog).getByLabelText('دلیل (اختیاری)')).toBeTruthy();
  });
});

// An order the customer updated (through /v3): the specification's code 0, as a fresh submission's, with the
// state's name beside it. Her screen says so, in her language, and offers what the lifecycle lets her do next.
function updated(): RateRequestDetail {
  return rateRequestDetail({
    reference: 'FB-2026-000042',
    waitingFor: 'staff',
    order: shippingOrder({ status: 0, statusName: 'update_received', statusLabel: 'Update Received' }),
  });
}

describe('the booking screen of an order its customer updated', () => {
  const fetchMock = stubFetchEachTest();

  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('says Update Received, not a fresh submission under review, and lets her cancel it', async () => {
    const detail = updated();
    answering(fetchMock, detail);
    screenOf(detail);
    const said = await screen.findByText(/^Update Received: /);
    expect(said.getAttribute('role')).toBe('status');
    expect(screen.queryByText('Your shipping order is being reviewed.')).toBeNull();
    // update_received -> cancel is the customer's (state-machines/shipping_order.json).
    expect(screen.getByRole('button', { name: 'Cancel the order' })).toBeTruthy();
  });

  it('says it in Persian', async () => {
    await act(() => setLanguage('fa'));
    const detail = updated();
    answering(fetchMock, detail);
    screenOf(detail);
    expect(await screen.findByText(/^اصلاحات دریافت شد: /)).toBeTruthy();
    expect(screen.queryByText('دستور حمل شما در حال بررسی است.')).toBeNull();
  });
});

// The customer withdraws her update from the booking's screen while it awaits staff (decision 3839): the
// lifecycle's `cancel_update`, from `update_received` only. The order before the update stands again.
describe('withdrawing the update of the shipping order from the booking screen', () => {
  const fetchMock = stubFetchEachTest();
  /** Answers the booking as `shown` until the update is withdrawn, then as submitted (under review). */
  const serving = (shown: RateRequestDetail = updated()) => {
    let current = shown;
    fetchMock.mockImplementation((url: string, init?: RequestInit) => {
      const path = String(url);
      if (path.endsWith(`/shipping-orders/${shown.order?.id}/cancel-update`) && init?.method === 'PUT') {
        current = withOrder(0);
        return Promise.resolve(envelope(current.order));
      }
      return Promise.resolve(
        path.endsWith(`/rate-requests/${shown.id}`) ? envelope(current) : failureEnvelope('Not found', 404),
      );
    });
  };
  const withdrawCalls = () =>
    fetchMock.mock.calls.filter(([url]) => String(url).includes('/cancel-update')) as [string, RequestInit][];

  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('offers it while the update awaits staff and asks once more before it acts', async () => {
    serving();
    screenOf(updated());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Withdraw my update' }));
    let dialog = screen.getByRole('dialog', { name: 'Withdraw your update of this shipping order?' });
    // Keeping it changes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep my update' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(withdrawCalls()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Withdraw my update' }));
    dialog = screen.getByRole('dialog', { name: 'Withdraw your update of this shipping order?' });
    expect(within(dialog).getByText('FB-2026-000042')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw my update' }));
    // The order before the update stands again: under review, with nothing left to withdraw.
    expect(await screen.findByText('Your shipping order is being reviewed.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw my update' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel the order' })).toBeTruthy();
    const [[url, init]] = withdrawCalls();
    expect(url).toContain('/booking/api/v1/client/shipping-orders/so-1/cancel-update');
    expect(init.method).toBe('PUT');
  });

  it.each([0, 1, 2, 5] as const)('does not offer it for an order in state %i', async (status) => {
    serving(withOrder(status));
    screenOf(withOrder(status));
    await screen.findByRole('button', { name: 'Book again' });
    expect(screen.queryByRole('button', { name: 'Withdraw my update' })).toBeNull();
  });

  it('asks in Persian', async () => {
    await act(() => setLanguage('fa'));
    serving();
    screenOf(updated());
    await userEvent.setup().click(await screen.findByRole('button', { name: 'پس گرفتن اصلاحات من' }));
    const dialog = screen.getByRole('dialog', { name: 'اصلاحات این دستور حمل را پس می‌گیرید؟' });
    expect(within(dialog).getByRole('button', { name: 'نگه داشتن اصلاحات' })).toBeTruthy();
  });
});

// A state the booking's screen has no screen for (decision 3842): said honestly, never "accepted", nothing
// offered but Back.
describe('the booking screen of a state it has no screen for', () => {
  const fetchMock = stubFetchEachTest();

  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('does not say an order in a state the lifecycle file lacks was accepted, and offers no action', async () => {
    const detail = rateRequestDetail({
      reference: 'FB-2026-000042',
      waitingFor: 'staff',
      order: shippingOrder({ status: 7, statusName: 'on_hold', statusLabel: 'On Hold' }),
    });
    answering(fetchMock, detail);
    screenOf(detail);
    expect(await screen.findByText('Your shipping order is in a state this page cannot show yet.')).toBeTruthy();
    expect(screen.queryByText('Your shipping order was accepted.')).toBeNull();
    for (const name of ['Continue', 'Cancel the order', 'Withdraw my update', 'Fill the order again']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
  });

  it('does not say a booking in a state the lifecycle file lacks awaits a quote', async () => {
    const detail = rateRequestDetail({ reference: 'FB-2026-000042', state: 99, order: null });
    answering(fetchMock, detail);
    screenOf(detail);
    expect(await screen.findByText('This booking is in a state this page cannot show yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });
});

// A firm request staff completed without a shipping order (decision 3849): the order's step, reached by Back
// from the final step, says so instead of offering the order form.
describe('a booking completed without a shipping order', () => {
  const fetchMock = stubFetchEachTest();

  it('says so on the order step and offers no order form', async () => {
    const detail = rateRequestDetail({ reference: 'FB-2026-000042', state: 4, stateName: 'completed', order: null });
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        String(url).endsWith(`/rate-requests/${detail.id}`) ? envelope(detail) : failureEnvelope('Not found', 404),
      ),
    );
    screenOf(detail);
    await userEvent.click(await screen.findByRole('button', { name: 'Back' }));
    expect(await screen.findByText('This booking was completed without a shipping order on the portal.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Shipping order' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy();
  });
});

// The booking letter's step once the documents are sent: what was sent, read only, and a badge that says so.
describe("the booking letter's step once the documents are sent", () => {
  const fetchMock = stubFetchEachTest();
  const types = [1, 2, 3].map((id) => ({ id, value: id, name: null, templateUrl: `/templates/${id}.pdf` }));
  const sent = rateRequestDetail({
    reference: 'FB-2026-000042',
    state: 2,
    stateName: 'loi_pending',
    waitingFor: 'staff',
    order: null,
    bookingRequest: {
      documents: [{ documentTypeId: 1, documentType: null, fileId: 'f-1', fileName: 'loi.pdf' }],
    },
  });

  it('shows what was sent with no file to choose, and a badge that says the documents are in', async () => {
    fetchMock.mockImplementation((url: string) => {
      const path = String(url);
      const answer = path.endsWith('/rate-requests/documents')
        ? envelope({ list: { list: types } })
        : path.endsWith(`/rate-requests/${sent.id}`)
          ? envelope(sent)
          : failureEnvelope('', 404);
      return Promise.resolve(answer);
    });
    const { container } = screenOf(sent);
    expect(await screen.findByText('Your documents were sent; we are confirming the booking.')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'loi.pdf' })).toBeTruthy();
    expect(container.ownerDocument.querySelectorAll('input[type=file]')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Submit Booking Request' })).toBeNull();
    expect(screen.getAllByText('Not sent')).toHaveLength(2);
    const badge = container.ownerDocument.querySelector('[data-state=loi_pending]');
    expect(badge?.textContent).toBe('Booking Request');
    // Until staff confirm, she may still replace them (decision 0046): the choice opens on her asking.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Replace documents' }));
    expect(container.ownerDocument.querySelectorAll('input[type=file]')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Submit Booking Request' })).toBeTruthy();
  });
});

// A member of a company's team is offered only what their role may do (state-machines/team_member.json `roles`):
// a viewer follows every step and changes none; approving the draft transport document is an owner's.
describe("the booking's screen by the team role of who reads it", () => {
  const fetchMock = stubFetchEachTest();
  const types = [1, 2, 3].map((id) => ({ id, value: id, name: null, templateUrl: `/templates/${id}.pdf` }));

  /** Answers the booking as `detail`, the document types, and who is asking as a member of `teamRole`. */
  function as(teamRole: string, detail: RateRequestDetail) {
    fetchMock.mockImplementation((url: string) => {
      const path = String(url);
      const answer = path.endsWith('/auth/api/v1/me')
        ? envelope({ id: 'm-1', companyId: 'c-1', teamRole, language: 'en', accountType: 2, roles: [] })
        : path.endsWith('/rate-requests/documents')
          ? envelope({ list: { list: types } })
          : path.endsWith(`/rate-requests/${detail.id}`)
            ? envelope(detail)
            : failureEnvelope('Not found', 404);
      return Promise.resolve(answer);
    });
    return screenOf(detail);
  }
  const roleAnswered = () =>
    vi.waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/me'))).toBe(true));
  const quoted = rateRequestDetail({
    state: 0,
    stateName: 'quoted',
    order: null,
    reference: 'FB-2026-000042',
    waitingFor: 'customer',
  });
  const letter = rateRequestDetail({ state: 2, stateName: 'loi_pending', order: null });
  const orderToFill = rateRequestDetail({ state: 3, stateName: 'shipping_order', order: null });
  // Accepted by staff: its draft bill of lading waits for the customer's approval on the final step.
  const draft = rateRequestDetail({ state: 4, stateName: 'completed', order: shippingOrder() });
  const viewerNote = 'You read this booking: a booker or an owner of your team makes its changes.';

  it.each(['owner', 'booker'])('offers a %s the quote to accept or decline, and to book again', async (role) => {
    as(role, quoted);
    expect(await screen.findByRole('button', { name: 'Accept price' })).toBeTruthy();
    await roleAnswered();
    expect(screen.getByRole('button', { name: 'Decline quote' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Book again' })).toBeTruthy();
    expect(screen.queryByText(viewerNote)).toBeNull();
  });

  it('shows a viewer the quote and its total, with no decision to make and who makes it', async () => {
    as('viewer', quoted);
    expect(await screen.findByText(viewerNote)).toBeTruthy();
    expect(screen.getAllByText(/1,250\.50/).length).toBeGreaterThan(0);
    // The move is the team's, not hers to make.
    expect(screen.getByText('Waiting for your team')).toBeTruthy();
    expect(screen.queryByText('Action needed')).toBeNull();
    for (const name of ['Accept price', 'Decline quote', 'Book again']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it("shows a viewer the booking letter's step with no file to choose and nothing to submit", async () => {
    const { container } = as('viewer', letter);
    expect(await screen.findByText(viewerNote)).toBeTruthy();
    expect((await screen.findAllByText('Not sent')).length).toBe(3);
    expect(container.ownerDocument.querySelectorAll('input[type=file]')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Submit Booking Request' })).toBeNull();
  });

  it('tells a viewer where the request and the sent letter stand, with no promise of what she cannot do', async () => {
    as('viewer', rateRequestDetail({ state: 0, stateName: 'requested', price: null, order: null }));
    expect(await screen.findByText('The request is waiting for a price quote.')).toBeTruthy();
    expect(screen.queryByText(/you can still change it/)).toBeNull();
  });

  it('tells a viewer that the documents were sent and the booking is being confirmed', async () => {
    const sent = { documents: [{ documentTypeId: 1, documentType: null, fileId: 'f-1', fileName: 'loi.pdf' }] };
    as('viewer', { ...letter, bookingRequest: sent });
    expect(await screen.findByText('Your documents were sent; we are confirming the booking.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Replace documents' })).toBeNull();
  });

  it('tells a viewer who fills the shipping order, in place of the form', async () => {
    as('viewer', orderToFill);
    expect(
      await screen.findByText('The shipping order is for a booker or an owner of your team to fill.'),
    ).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Shipping order' })).toBeNull();
  });

  it("prints the report on its own page, not the step page, at Ctrl+P or the Mac's ⌘P", async () => {
    as('viewer', draft);
    const frame = (await screen.findByTitle('Shipping order report')) as HTMLIFrameElement;
    const print = vi.fn();
    frame.contentWindow!.print = print;
    const user = userEvent.setup();
    await user.keyboard('{Control>}p{/Control}');
    await user.keyboard('{Meta>}p{/Meta}');
    expect(print).toHaveBeenCalledTimes(2);
    // Printed from the browser's menu, the page says how to print the report (shown on paper only).
    const note = document.querySelector('[data-print-note]');
    expect(note?.textContent).toContain("use the report's Print button");
  });

  it.each([
    ['owner', true],
    ['booker', false],
    ['viewer', false],
  ])('offers the approval of the draft transport document to an owner only (%s: %s)', async (role, offered) => {
    as(role, draft);
    expect(await screen.findByTitle('Shipping order report')).toBeTruthy();
    await roleAnswered();
    await vi.waitFor(() => expect(screen.queryByRole('button', { name: 'Finish' }) !== null).toBe(offered));
    expect(screen.queryByText('An owner of your team approves the draft transport document.') === null).toBe(offered);
  });
});

// A colleague chose the signed documents while the owner sent them (decision 3886): the note names who sent
// them, and keeps the files she chose, by name, until she closes it.
describe('the booking letter sent by another while she chooses its files', () => {
  const fetchMock = stubFetchEachTest();
  const types = [1, 2, 3].map((id) => ({ id, value: id, name: null, templateUrl: `/templates/${id}.pdf` }));
  const choosing = rateRequestDetail({
    reference: 'FB-2026-000042',
    state: 2,
    stateName: 'loi_pending',
    waitingFor: 'customer',
    order: null,
    bookingRequest: null,
    sent: { request: null, documents: null, order: null },
  });
  const sentByOwner = {
    ...choosing,
    waitingFor: 'staff',
    bookingRequest: {
      documents: [{ documentTypeId: 1, documentType: null, fileId: 'f-owner', fileName: 'owner-letter.pdf' }],
    },
    sent: {
      request: null,
      documents: { name: 'Maryam Ahmadi', byYou: false, at: '2026-12-07T10:57:00Z' },
      order: null,
    },
  } as RateRequestDetail;

  it('names who sent them and lists the files she chose, which were not sent', async () => {
    let detail: RateRequestDetail = choosing;
    fetchMock.mockImplementation((url: string) => {
      const path = String(url);
      const answer = path.endsWith('/auth/api/v1/me')
        ? envelope({ id: 'm-2', companyId: 'c-1', teamRole: 'booker', language: 'en', accountType: 2, roles: [] })
        : path.endsWith('/rate-requests/documents')
          ? envelope({ list: { list: types } })
          : path.endsWith('/files/upload-chunk')
            ? envelope({ filePath: 'f-mine', fileName: 'my-signed-letter.pdf' })
            : path.endsWith(`/rate-requests/${choosing.id}`)
              ? envelope(detail)
              : failureEnvelope('Not found', 404);
      return Promise.resolve(answer);
    });
    const { container, queryClient } = screenOf(choosing);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Submit Booking Request' });
    const inputs = await vi.waitFor(() => {
      const found = container.ownerDocument.querySelectorAll<HTMLInputElement>('input[type=file]');
      expect(found).toHaveLength(3);
      return found;
    });
    await user.upload(inputs[0], new File(['%PDF'], 'my-signed-letter.pdf', { type: 'application/pdf' }));
    expect((await screen.findAllByText('my-signed-letter.pdf', { selector: 'bdi' })).length).toBeGreaterThan(0);

    detail = sentByOwner;
    await act(() => queryClient.invalidateQueries());
    const note = await screen.findByRole('alert');
    expect(within(note).getByRole('heading').textContent).toMatch(
      /^Maryam Ahmadi sent the booking request's documents at .+, while you were choosing them\.$/,
    );
    // The step shows what was sent; what she chose is in the note.
    expect(await screen.findByRole('link', { name: 'owner-letter.pdf' })).toBeTruthy();
    await user.click(within(note).getByRole('button', { name: 'Show what I typed' }));
    const typed = within(note).getByRole('definition');
    expect(typed.textContent).toBe('my-signed-letter.pdf');
    await user.click(within(note).getByRole('button', { name: 'Close' }));
    expect(screen.queryByText('my-signed-letter.pdf')).toBeNull();
  });
});
