import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { formatMoment } from '@/lib/format';
import { getToken, startSession } from '@/lib/session';
import { stubFetchEachTest } from '@/testing/fetch';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
import { tokenFor } from '@/testing/token';
import { useRegistrationDecision } from '../api/requests';
import { Decision } from './decision';

const fetchMock = stubFetchEachTest();
const NOT_SENT =
  'Not sent: your session had ended before it reached us, so nothing was done. What you wrote is kept below: ' +
  'check it and send it again.';

/** The sign-up decision as its screen has it: accept or decline the registration. */
function SignUpDecision() {
  const { accept, decline } = useRegistrationDecision('individual', 'reg-1');
  return <Decision accept={accept} decline={decline} subject="the sign-up of Sara" messageLimit={500} />;
}

describe("staff's decline message sent as the session ended (decision 3881)", () => {
  it('comes back in its dialog after the login, said to be unsent, and is sent again', async () => {
    const state = { signedIn: false, sent: [] as unknown[] };
    fetchMock.mockImplementation(async (_url: string, init?: RequestInit) => {
      if (!state.signedIn) return failureEnvelope('Unauthorized', 401);
      state.sent.push(JSON.parse(String(init?.body ?? 'null')));
      return envelope(null);
    });
    startSession({ token: tokenFor('writer'), accountType: 1, roles: ['admin'] });
    const user = userEvent.setup();
    const first = renderWithProviders(<SignUpDecision />);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await user.type(within(screen.getByRole('dialog')).getByLabelText('Description'), 'The national id is wrong');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send' }));
    // Refused: the session ends and the app leads to the login page, which says why (no toast, decision 3902).
    await waitFor(() => expect(getToken()).toBeUndefined());
    first.unmount();

    // Signed in again, back on the sign-up's screen.
    state.signedIn = true;
    startSession({ token: tokenFor('writer', 2), accountType: 1, roles: ['admin'] });
    renderWithProviders(<SignUpDecision />);
    const dialog = await screen.findByRole('dialog', { name: 'Decline' });
    expect(within(dialog).getByRole('alert').textContent).toBe(NOT_SENT);
    expect((within(dialog).getByLabelText('Description') as HTMLTextAreaElement).value).toBe(
      'The national id is wrong',
    );
    expect(Object.keys(sessionStorage).filter((key) => key.startsWith('keptDraft:'))).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Declined.')).toBeTruthy();
    expect(state.sent).toEqual([{ message: 'The national id is wrong' }]);
  });
});

describe('a decision a colleague made first (decision 3911)', () => {
  const refusal = (details: Record<string, string | boolean> | null) =>
    new Response(
      JSON.stringify({
        isSuccess: false,
        isError: true,
        error: { description: 'sara.karimi already accepted this sign-up at 2026/12/07 14:02 UTC', details },
        response: null,
      }),
      { status: 409, headers: { 'Content-Type': 'application/json' } },
    );

  it('names the colleague and the time, in the reader’s zone', async () => {
    const at = '2026-12-07T14:02:09.123456Z';
    fetchMock.mockImplementation(async () =>
      refusal({
        decidedBy: 'sara.karimi',
        decidedByYou: false,
        decidedAt: at,
        machine: 'registration',
        state: 'accepted',
      }),
    );
    startSession({ token: tokenFor('writer'), accountType: 0, roles: ['admin'] });
    const user = userEvent.setup();
    renderWithProviders(<SignUpDecision />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    const said = await screen.findByText(/already accepted this sign-up/);
    expect(said.textContent).toBe(
      `\u2068sara.karimi\u2069 already accepted this sign-up at \u2068${formatMoment(at)}\u2069`,
    );
    // The confirmation closed: the page behind it shows what stands.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says the server’s words where it gives no details', async () => {
    fetchMock.mockImplementation(async () => refusal(null));
    startSession({ token: tokenFor('writer'), accountType: 0, roles: ['admin'] });
    const user = userEvent.setup();
    renderWithProviders(<SignUpDecision />);
    await user.click(screen.getByRole('button', { name: 'Accept' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('sara.karimi already accepted this sign-up at 2026/12/07 14:02 UTC')).toBeTruthy();
  });
});
