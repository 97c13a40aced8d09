import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE_KEY } from '@/lib/session';
import { stubFetchEachTest } from '@/testing/fetch';
import { envelope, renderWithProviders } from '@/testing/render';
import { ProfileRoute } from './profile';

// The signed-in account's kind, as the session keeps it (localStorage is cleared after each test).
const signedInAs = (kind: number) => localStorage.setItem(ROLE_KEY, String(kind));

const tabs = () => within(screen.getByRole('navigation', { name: 'Profile tabs' })).getAllByRole('link');

describe('ProfileRoute', () => {
  const fetchMock = stubFetchEachTest();

  it('gives an individual four tabs: no team, since an individual stays one person', () => {
    signedInAs(1);
    renderWithProviders(<ProfileRoute />, { route: '/dashboard/profile?team=true' });
    expect(tabs().map((t) => t.textContent)).toEqual(['Edit Profile', 'Security', 'Integrations', 'E-mails']);
    expect(screen.getByRole('heading', { name: 'Edit Profile' })).not.toBeNull();
  });

  it('gives a company five tabs, its team among them, and opens the profile without a query', () => {
    signedInAs(3);
    renderWithProviders(<ProfileRoute />, { route: '/dashboard/profile' });
    expect(tabs().map((t) => t.textContent)).toEqual(['Edit Profile', 'Team', 'Security', 'Integrations', 'E-mails']);
    expect(tabs().map((t) => t.getAttribute('href'))).toEqual([
      '/dashboard/profile?editProfile=true',
      '/dashboard/profile?team=true',
      '/dashboard/profile?security=true',
      '/dashboard/profile?integrations=true',
      '/dashboard/profile?emails=true',
    ]);
    expect(
      tabs()
        .filter((t) => t.getAttribute('aria-current') === 'page')
        .map((t) => t.textContent),
    ).toEqual(['Edit Profile']);
    expect(screen.getByRole('heading', { name: 'Edit Profile' })).not.toBeNull();
  });

  it('opens security for staff without a query (they have no customer profile)', () => {
    signedInAs(0);
    renderWithProviders(<ProfileRoute />, { route: '/dashboard/profile' });
    expect(screen.getByRole('link', { name: 'Security' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { name: 'Security' })).not.toBeNull();
  });

  it('gives staff the two tabs of every account; the first asked for is the one open', () => {
    signedInAs(0);
    renderWithProviders(<ProfileRoute />, { route: '/dashboard/profile?emails=true&editProfile=true' });
    expect(tabs().map((t) => t.textContent)).toEqual(['Edit Profile', 'Security']);
    expect(screen.getByRole('link', { name: 'Edit Profile' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { name: 'Edit Profile' })).not.toBeNull();
    expect(screen.getByText('Staff accounts have no customer profile.')).not.toBeNull();
  });

  /** Who is asking: the company's login (`id` the company's) or a colleague, with `teamRole`. */
  const asking = (teamRole: string, colleague: boolean) =>
    fetchMock.mockImplementation((input: RequestInfo | URL) =>
      Promise.resolve(
        String(input).endsWith('/auth/api/v1/me')
          ? envelope({ id: colleague ? 'm-1' : 'c-1', companyId: 'c-1', teamRole, accountType: 2, language: 'en' })
          : envelope({}),
      ),
    );

  it("keeps the company's profile, e-mails and webhooks from its own login once its team made it a booker", async () => {
    signedInAs(2);
    asking('booker', false);
    renderWithProviders(<ProfileRoute />, { route: '/dashboard/profile?editProfile=true' });
    expect(await screen.findByText("The company's profile is kept by an owner of its team.")).not.toBeNull();
    expect(tabs().map((t) => t.textContent)).toEqual(['Edit Profile', 'Team', 'Security', 'Integrations']);
  });

  it("gives an owner colleague the company's profile and its e-mails beside his own profile", async () => {
    signedInAs(2);
    asking('owner', true);
    renderWithProviders(<ProfileRoute />, { route: '/dashboard/profile?editProfile=true' });
    expect(await screen.findByRole('heading', { name: "The company's profile" })).not.toBeNull();
    await waitFor(() => expect(tabs().map((t) => t.textContent)).toContain('E-mails'));
  });

  it('gives a booker colleague his own profile only, and no e-mails tab', async () => {
    signedInAs(2);
    asking('booker', true);
    renderWithProviders(<ProfileRoute />, { route: '/dashboard/profile?editProfile=true' });
    await waitFor(() => expect(tabs().map((t) => t.textContent)).not.toContain('E-mails'));
    expect(screen.queryByRole('heading', { name: "The company's profile" })).toBeNull();
  });
});
