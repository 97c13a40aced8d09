import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROLE_KEY } from '@/lib/session';
import { stubFetchEachTest } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';
import { ProfileRoute } from './profile';

// The signed-in account's kind, as the session keeps it (localStorage is cleared after each test).
const signedInAs = (kind: number) => localStorage.setItem(ROLE_KEY, String(kind));

const tabs = () => within(screen.getByRole('navigation', { name: 'Profile tabs' })).getAllByRole('link');

describe('ProfileRoute', () => {
  stubFetchEachTest();

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
});
