/** Staff's registration and profile-edit lists keep their pages in the address (decision 3906): a reload or
 * Back from a request shows the page left, each list's page its own. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubFetchEachTest } from '@/testing/fetch';
import { envelope, renderWithProviders } from '@/testing/render';
import { RegistrationRequestsPanel } from './registration-requests-panel';

const fetchMock = stubFetchEachTest();

const registration = (n: number) => ({
  id: `0${String(n).padStart(9, '0')}`,
  registrationId: `reg-${n}`,
  name: `Applicant ${n}`,
  kind: 1,
  isForeign: false,
  nationalId: `0${String(n).padStart(9, '0')}`,
  email: `a${n}@example.com`,
  phone: '09120000000',
  state: 'submitted',
  stateCode: 1,
  stateLabel: 'Submitted',
  createdAt: '2026-11-01T08:00:00Z',
  needsAttention: null,
});

const edit = (n: number) => ({
  id: `edit-${n}`,
  accountId: `acc-${n}`,
  accountType: 1,
  customerName: `Customer ${n}`,
  nationalId: `1${String(n).padStart(9, '0')}`,
  editedFields: ['email'],
  state: 'requested',
  stateCode: 0,
  declineMessage: null,
  requestedAt: '2026-11-02T08:00:00Z',
});

/** 60 registrations and 40 edits waiting, twenty a page. */
function serve() {
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const page = Number(url.searchParams.get('page'));
    const [total, make] = url.pathname.endsWith('/register-requests') ? [60, registration] : [40, edit];
    const list = Array.from({ length: total }, (_, i) => make(i + 1)).slice((page - 1) * 20, page * 20);
    return envelope({ list, totalCount: total, page, limit: 20 });
  });
}

const pager = (name: string) => screen.getByRole('navigation', { name });

describe("staff's request lists", () => {
  it('open on the pages the address names and turn them as steps Back returns from', async () => {
    serve();
    const { router } = renderWithProviders(<RegistrationRequestsPanel />, { route: '/?registrations=3&edits=2' });
    await screen.findByText('Applicant 41');
    await screen.findByText('Customer 21');
    expect(within(pager('Registration requests pages')).getByText('Page 3 of 3')).toBeTruthy();

    await userEvent.click(within(pager('Registration requests pages')).getByRole('button', { name: 'Previous' }));
    await screen.findByText('Applicant 21');
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('registrations=2&edits=2');
    expect(router.state.historyAction).toBe('PUSH');
    await router.navigate(-1);
    await screen.findByText('Applicant 41');
  });

  it('go back to the last page from one past the end', async () => {
    serve();
    const { router } = renderWithProviders(<RegistrationRequestsPanel />, { route: '/?edits=7' });
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('edits')).toBe('2'));
    await screen.findByText('Customer 21');
  });
});
