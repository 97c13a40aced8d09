import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
import { TeamPanel } from './team-panel';

const TEAM = '/account/api/v1/client/team';
const members = {
  companyName: 'Pars Export Co.',
  list: [
    { id: 'c1', name: 'Pars Export Co.', email: 'ops@parsexport.example', role: 'owner', status: 'active' },
    { id: 'm1', name: 'Reza Tehrani', email: 'reza.tehrani@parsexport.example', role: 'booker', status: 'active' },
    { id: 'm2', name: 'Maryam Ahmadi', email: 'maryam.ahmadi@parsexport.example', role: 'viewer', status: 'expired' },
  ],
  totalCount: 3,
};

describe('TeamPanel', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn((url: string, init?: RequestInit) => {
      const key = `${init?.method ?? 'GET'} ${url}`;
      if (key === `GET ${TEAM}`) return Promise.resolve(envelope(members));
      if (key === `PUT ${TEAM}/members/m1`) return Promise.resolve(envelope({ ...members.list[1], role: 'viewer' }));
      if (key === `POST ${TEAM}/invitations`)
        return Promise.resolve(
          new Response(
            JSON.stringify({
              isSuccess: false,
              isError: true,
              error: { description: 'email: Invalid email address.', fields: { email: 'Invalid email address.' } },
              response: null,
            }),
            { status: 400, headers: { 'Content-Type': 'application/json' } },
          ),
        );
      return Promise.resolve(failureEnvelope('Not found', 404));
    });
    vi.stubGlobal('fetch', fetchMock);
  });

  it('lets an owner change a role and shows the field a refused invitation names', async () => {
    renderWithProviders(<TeamPanel manage />);
    const list = await screen.findByRole('list', { name: 'Team members' });
    const reza = await within(list).findByRole('listitem', { name: 'Reza Tehrani' });
    expect(within(list).getByRole('listitem', { name: 'Maryam Ahmadi' }).textContent).toContain('Invitation expired');
    fireEvent.change(within(reza).getByLabelText('Role of Reza Tehrani'), { target: { value: 'viewer' } });
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url, init]) => url === `${TEAM}/members/m1` && init?.method === 'PUT')).toBe(
        true,
      ),
    );
    const form = screen.getByRole('form', { name: 'Invite a colleague' });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'nope' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByText('Invalid email address.')).not.toBeNull();
  });

  it("heads the team with its company's name isolated in its own direction", async () => {
    renderWithProviders(<TeamPanel manage />);
    const heading = await screen.findByRole('heading', { name: 'Pars Export Co.: team' });
    // In a Persian line a Latin name's full stop would otherwise move to its front (".Pars Export Co").
    expect(heading.querySelector('bdi')?.textContent).toBe('Pars Export Co.');
  });

  it('shows a booker or viewer the team without the owner controls', async () => {
    renderWithProviders(<TeamPanel manage={false} />);
    const list = await screen.findByRole('list', { name: 'Team members' });
    await within(list).findByRole('listitem', { name: 'Reza Tehrani' });
    expect(screen.queryByRole('form', { name: 'Invite a colleague' })).toBeNull();
    expect(within(list).queryByRole('combobox')).toBeNull();
    expect(screen.getByText('Only an owner changes the team.')).not.toBeNull();
  });
});
