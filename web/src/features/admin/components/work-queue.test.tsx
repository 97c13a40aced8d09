import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetchEachTest } from '@/testing/fetch';
import { envelope, renderWithProviders } from '@/testing/render';
import { WorkQueuePanel } from './work-queue';

const since = new Date(Date.now() - 5 * 60_000).toISOString();
const item = (id: string, who: string, accountType: number | null) => ({
  id,
  reference: null,
  title: who,
  who,
  about: null,
  since,
  accountType,
});

describe("staff's work queue", () => {
  const fetchMock = stubFetchEachTest();

  it('opens a sign-up and a profile edit on their own review page, by their type of account', async () => {
    fetchMock.mockResolvedValue(
      envelope({
        queues: [
          { kind: 'registrations', count: 2, oldestAt: since, items: [item('0012345679', 'Sara Rahimi', 1)] },
          { kind: 'editRequests', count: 1, oldestAt: since, items: [item('10320894562', 'Pars Export', 2)] },
        ],
      }),
    );
    renderWithProviders(<WorkQueuePanel />);
    const signUp = await screen.findByRole('link', { name: /Sara Rahimi/ });
    expect(signUp.getAttribute('href')).toBe('/dashboard/request/indivisual/detail/0012345679');
    const edit = screen.getByRole('link', { name: /Pars Export/ });
    expect(edit.getAttribute('href')).toBe('/dashboard/request/update/Corporate/detail/10320894562');
  });

  it('falls back to the list where the type of account is not known', async () => {
    fetchMock.mockResolvedValue(
      envelope({
        queues: [{ kind: 'registrations', count: 1, oldestAt: since, items: [item('0012345679', 'Sara', null)] }],
      }),
    );
    renderWithProviders(<WorkQueuePanel />);
    expect((await screen.findByRole('link', { name: /Sara/ })).getAttribute('href')).toBe(
      '#registration-requests-heading',
    );
  });
});
