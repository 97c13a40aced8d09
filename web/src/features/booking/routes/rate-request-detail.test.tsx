import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { stubFetchEachTest } from '@/testing/fetch';
import { rateRequestDetail, shippingOrder } from '@/testing/orders';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
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

describe("the booking's screen of an order that may be filled again", () => {
  const fetchMock = stubFetchEachTest();
  const answering = (detail: RateRequestDetail) =>
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        String(url).endsWith(`/rate-requests/${detail.id}`) ? envelope(detail) : failureEnvelope('Not found', 404),
      ),
    );

  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('says why staff declined it, as they wrote it, beside the offer and above the form', async () => {
    const detail = booking(6, REASON);
    answering(detail);
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
    answering(detail);
    screenOf(detail);
    const why = await screen.findByRole('region', { name: 'چرا کارشناسان ما آن را رد کردند' });
    const said = within(why).getByText(persian);
    expect(said.getAttribute('dir')).toBe('auto');
    expect(screen.getByText(/کارشناسان ما دستور حمل شما را رد کردند/)).toBeTruthy();
  });

  it('gives no reason for an order the customer cancelled', async () => {
    const detail = booking(5, null);
    answering(detail);
    screenOf(detail);
    expect(await screen.findByText(/Your shipping order was cancelled\./)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Why staff declined it' })).toBeNull();
  });
});
