import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { localDay } from '@/components/ui/date-field';
import { getToken, startSession } from '@/lib/session';
import { stubFetchEachTest } from '@/testing/fetch';
import { rateRequestDetail } from '@/testing/orders';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
import { tokenFor } from '@/testing/token';
import { BookingChangesPanel } from './booking-changes';
import { CancelOrderAction } from './cancel-order';

const fetchMock = stubFetchEachTest();
const NOT_SENT =
  'Not sent: your session had ended before it reached us, so nothing was done. What you wrote is kept below: ' +
  'check it and send it again.';

/** The server answers reads (no change yet, empty lists); each write is refused with 401 until signed in. */
function server() {
  const state = { signedIn: false, sent: [] as unknown[] };
  fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
    if (!init?.method || init.method === 'GET') {
      if (String(url).includes('/general/')) return envelope({ list: { list: [], totalCount: 0 } });
      return envelope({ amendment: null, cancellation: null, cargoSailedAt: null });
    }
    if (!state.signedIn) return failureEnvelope('Unauthorized', 401);
    state.sent.push(JSON.parse(String(init.body ?? 'null')));
    return envelope({ amendment: null, cancellation: null, cargoSailedAt: null });
  });
  return state;
}

describe('a reason sent as the session ended (decision 3881)', () => {
  it('comes back in its dialog on the same screen after the login, said to be unsent, and is sent again', async () => {
    const state = server();
    startSession({ token: tokenFor('writer'), accountType: 3, roles: [] });
    const user = userEvent.setup();
    const first = renderWithProviders(<BookingChangesPanel detail={rateRequestDetail()} />);
    await user.click(await screen.findByRole('button', { name: 'Request cancellation' }));
    await user.type(screen.getByLabelText('Reason (optional)'), 'The buyer withdrew');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send request' }));
    // Refused: the session ends and the app leads to the login page, which says why (no toast, decision 3902).
    await waitFor(() => expect(getToken()).toBeUndefined());
    first.unmount();

    // Signed in again, back on the booking's screen.
    state.signedIn = true;
    startSession({ token: tokenFor('writer', 2), accountType: 3, roles: [] });
    renderWithProviders(<BookingChangesPanel detail={rateRequestDetail()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Request cancellation' });
    expect(within(dialog).getByRole('alert').textContent).toBe(NOT_SENT);
    expect((within(dialog).getByLabelText('Reason (optional)') as HTMLTextAreaElement).value).toBe(
      'The buyer withdrew',
    );
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('keptDraft:'))).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await screen.findByText('Cancellation requested')).toBeTruthy();
    expect(state.sent).toEqual([{ reason: 'The buyer withdrew' }]);
  });

  it('is kept by the order cancellation too, the one mechanism every reason dialog uses', async () => {
    server();
    startSession({ token: tokenFor('writer'), accountType: 3, roles: [] });
    const user = userEvent.setup();
    const first = renderWithProviders(<CancelOrderAction detail={rateRequestDetail()} />);
    await user.click(screen.getByRole('button', { name: 'Cancel the order' }));
    await user.type(within(screen.getByRole('dialog')).getByRole('textbox'), 'Wrong port');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel the order' }));
    // Refused: the session ends and the app leads to the login page, which says why (no toast, decision 3902).
    await waitFor(() => expect(getToken()).toBeUndefined());
    first.unmount();

    startSession({ token: tokenFor('writer', 2), accountType: 3, roles: [] }); // she signs in again
    renderWithProviders(<CancelOrderAction detail={rateRequestDetail()} />);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('alert').textContent).toBe(NOT_SENT);
    expect((within(dialog).getByRole('textbox') as HTMLInputElement).value).toBe('Wrong port');
  });
});

describe('an amendment requested as the session ended (decision 3881)', () => {
  it('comes back in its dialog after the login with the words she wrote, said to be unsent', async () => {
    // Shipping after today, as an amendment's form requires (its date is sent again).
    const booked = rateRequestDetail({ preferredShippingDate: localDay(30) });
    const state = server();
    startSession({ token: tokenFor('writer'), accountType: 3, roles: [] });
    const user = userEvent.setup();
    const first = renderWithProviders(<BookingChangesPanel detail={booked} />);
    await user.click(await screen.findByRole('button', { name: 'Request amendment' }));
    const form = within(await screen.findByRole('dialog', { name: 'Request an amendment' }));
    await user.clear(form.getByLabelText(/Commodity/));
    await user.type(form.getByLabelText(/Commodity/), 'Salted pistachios');
    await user.type(form.getByLabelText('Comment'), 'Packed in smaller boxes');
    await user.clear(form.getByLabelText(/Number of containers/));
    await user.type(form.getByLabelText(/Number of containers/), '3');
    await user.click(form.getByRole('button', { name: 'Request Amendment' }));
    // Refused: the session ends and the app leads to the login page, which says why (no toast, decision 3902).
    await waitFor(() => expect(getToken()).toBeUndefined());
    first.unmount();

    // Signed in again, back on the booking's screen.
    state.signedIn = true;
    startSession({ token: tokenFor('writer', 2), accountType: 3, roles: [] });
    renderWithProviders(<BookingChangesPanel detail={booked} />);
    const dialog = within(await screen.findByRole('dialog', { name: 'Request an amendment' }));
    expect(dialog.getByRole('alert').textContent).toBe(NOT_SENT);
    expect(dialog.getByText(/Only the words you wrote \(the commodity and the comment\) are kept/)).toBeTruthy();
    expect((dialog.getByLabelText(/Commodity/) as HTMLInputElement).value).toBe('Salted pistachios');
    expect((dialog.getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('Packed in smaller boxes');
    // A figure is not kept: the booking's quantity again.
    expect((dialog.getByLabelText(/Number of containers/) as HTMLInputElement).value).toBe(
      String(rateRequestDetail().quantity),
    );
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('keptDraft:'))).toEqual([]);
    await user.click(dialog.getByRole('button', { name: 'Request Amendment' }));
    expect(await screen.findByText('Amendment requested')).toBeTruthy();
    expect(state.sent).toEqual([
      expect.objectContaining({ commodity: 'Salted pistachios', additionalComment: 'Packed in smaller boxes' }),
    ]);
  });
});
