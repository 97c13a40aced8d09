import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setToken, startSession } from '@/lib/session';
import { stubFetchEachTest } from '@/testing/fetch';
import { rateRequestDetail } from '@/testing/orders';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
import { BookingChangesPanel } from './booking-changes';

// Decision 3902: a failure that is the session having ended is said by the login page (or the overview of the
// person now signed in), never in a toast by the screen that asked.
const fetchMock = stubFetchEachTest();

/** A token naming `sub` (read, not verified, by the tab: decision 3893). */
function tokenOf(sub: string): string {
  return `h.${btoa(JSON.stringify({ sub })).replace(/=+$/, '')}.s`;
}

const NONE = { amendment: null, cancellation: null, cargoSailedAt: null };

/** Asks for the booking's cancellation, the POST answered by `answer`; resolves once the request has failed. */
async function askCancellation(answer: () => Response, beforeSending: () => void = () => {}) {
  fetchMock.mockImplementation(async (_url: string, init?: RequestInit) =>
    init?.method === 'POST' ? answer() : envelope(NONE),
  );
  const { queryClient } = renderWithProviders(<BookingChangesPanel detail={rateRequestDetail()} />);
  await userEvent.setup().click(await screen.findByRole('button', { name: 'Request cancellation' }));
  beforeSending();
  fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Send request' }));
  await waitFor(() => expect(queryClient.getMutationCache().getAll()[0]?.state.status).toBe('error'));
  // The dialog's catch runs on the failure's rejection, just after the mutation's state says it.
  await act(async () => {});
}

function errorToasts(): Element[] {
  return [...document.querySelectorAll('[data-type="error"]')];
}

describe('a cancellation sent as the session ends', () => {
  it('raises no toast when the server answers that the session has ended', async () => {
    startSession({ token: tokenOf('alice'), accountType: 1 });
    await askCancellation(() => failureEnvelope('Authentication required', 401));
    expect(errorToasts()).toEqual([]);
    expect(screen.queryByText('Authentication required')).toBeNull();
  });

  it('raises no toast when the tab finds someone else signed in before sending', async () => {
    startSession({ token: tokenOf('alice'), accountType: 1 });
    await askCancellation(
      () => envelope(null),
      () => setToken(tokenOf('bob')),
    );
    expect(fetchMock.mock.calls.some(([, init]) => (init as RequestInit | undefined)?.method === 'POST')).toBe(false);
    expect(errorToasts()).toEqual([]);
  });

  it('still toasts any other refusal', async () => {
    startSession({ token: tokenOf('alice'), accountType: 1 });
    await askCancellation(() => failureEnvelope('This booking cannot be cancelled now', 400));
    expect(errorToasts().map((toast) => toast.textContent)).toEqual(['This booking cannot be cancelled now']);
  });
});
