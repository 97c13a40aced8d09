import { act, fireEvent, render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, matchRoutes, RouterProvider } from 'react-router-dom';
import { createQueryClient } from '@/lib/query-client';
import { endSession, startSession } from '@/lib/session';
import { routes } from './router';

const SPEC_PATHS = [
  '/login',
  '/register',
  '/forgetpassword',
  '/forgetpassword/createpassword',
  '/dashboard',
  '/dashboard/doucuments',
  '/dashboard/documents',
  '/dashboard/overview',
  '/dashboard/request/indivisual/detail/0012345678',
  '/dashboard/request/corporate/detail/7',
  '/dashboard/request/corporateForeign/detail/7',
  '/dashboard/profile',
  '/dashboard/request/update/indivisual/detail/7',
  '/dashboard/request/update/Corporate/detail/7',
  '/dashboard/request/update/CorporateForeign/detail/7',
  '/dashboard/bookings',
  '/dashboard/bookings/NewBooking',
  '/dashboard/bookings/rate-request/detail/5',
  '/dashboard/bookings/rate-request/edit/5',
];

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('route table', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('matches every path of both specs without falling to the not-found page', () => {
    for (const path of SPEC_PATHS) {
      const matches = matchRoutes(routes, path) ?? [];
      expect(matches.length, path).toBeGreaterThan(0);
      expect(matches[matches.length - 1].route.path, path).not.toBe('*');
    }
    const unknown = matchRoutes(routes, '/dashboard/nowhere') ?? [];
    expect(unknown[unknown.length - 1].route.path).toBe('*');
  });

  it('sends a visitor without a token from the dashboard to the login screen', async () => {
    const router = renderAt('/dashboard/bookings');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).not.toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('signedOut')).toBeNull();
  });

  it("says why when the server ended the session, though the guard's redirect came before the 401's", async () => {
    endSession({ byServer: true });
    const router = renderAt('/dashboard/bookings');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).not.toBeNull();
    expect(new URLSearchParams(router.state.location.search).get('signedOut')).toBe('1');
    expect(screen.getByRole('status').textContent).toContain('You were signed out');
  });

  it('carries a deep link opened signed out through the login to the page it pointed at', async () => {
    const signedOut = renderAt('/dashboard/bookings/rate-request/detail/5');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).not.toBeNull();
    expect(signedOut.state.location.pathname).toBe('/login');
    const next = new URLSearchParams(signedOut.state.location.search).get('next');
    expect(next).toBe('/dashboard/bookings/rate-request/detail/5');
  });

  it('sends a token holder on /login with a deep link to that page, and never off the site', async () => {
    startSession({ token: 't', accountType: 2 });
    const router = renderAt('/login?next=%2Fdashboard%2Fprofile');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/profile'));
    const away = renderAt('/login?next=%2F%2Fevil.example%2Fdashboard');
    await vi.waitFor(() => expect(away.state.location.pathname).toBe('/dashboard/overview'));
  });

  it('carries no target to a path that is no screen, and a login ignores one: never a 404', async () => {
    const signedOut = renderAt('/staff');
    expect(await screen.findByRole('heading', { name: 'Welcome back' })).not.toBeNull();
    expect(signedOut.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(signedOut.state.location.search).get('next')).toBeNull();
    // A link written before (or typed) still names it: the staff land on their home, the overview.
    startSession({ token: 't', accountType: 0, roles: ['admin'] });
    const staff = renderAt('/login?next=%2Fstaff');
    await vi.waitFor(() => expect(staff.state.location.pathname).toBe('/dashboard/overview'));
    expect(screen.queryByRole('heading', { name: 'Page not found' })).toBeNull();
  });

  it('opens the reset-link page without a token', async () => {
    renderAt('/forgetpassword/createpassword?token=t&nationalId=1');
    expect(await screen.findByRole('heading', { name: 'Create New Password' })).not.toBeNull();
  });

  it('sends /dashboard to the bookings with a token', async () => {
    startSession({ token: 't', accountType: 1 });
    const router = renderAt('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Booking Requests' })).not.toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard/bookings');
  });

  it('sends a token holder on /login to the overview', async () => {
    startSession({ token: 't', accountType: 2 });
    const router = renderAt('/login');
    expect(await screen.findByRole('heading', { name: 'Overview' })).not.toBeNull();
    expect(router.state.location.pathname).toBe('/dashboard/overview');
  });

  it('shows the not-found page with a Refresh button for unknown paths', async () => {
    startSession({ token: 't', accountType: 1 });
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh' })).not.toBeNull();
  });

  it('shows the spec placeholder for the misspelt documents path', async () => {
    startSession({ token: 't', accountType: 1 });
    renderAt('/dashboard/doucuments');
    expect(await screen.findByRole('heading', { name: 'Documents' })).not.toBeNull();
  });

  it('hides the Staff menu from customers', async () => {
    startSession({ token: 't', accountType: 1, roles: [] });
    renderAt('/dashboard/overview');
    await screen.findByRole('heading', { name: 'Overview' });
    const side = screen.getByRole('navigation', { name: 'Side menu' });
    expect(side.textContent).toContain('Bookings');
    expect(side.textContent).not.toContain('Staff');
    expect(screen.getByRole('button', { name: 'Notifications' })).not.toBeNull();
  });

  it('shows the Staff section with operations and audit to an admin', async () => {
    startSession({ token: 't', accountType: 0, roles: ['admin'] });
    renderAt('/dashboard/overview');
    await screen.findByRole('heading', { name: 'Overview' });
    const side = screen.getByRole('navigation', { name: 'Side menu' });
    expect(side.textContent).toContain('Staff');
    expect(side.querySelector('a[href="/dashboard/operations"]')).not.toBeNull();
    expect(side.querySelector('a[href="/dashboard/audit"]')).not.toBeNull();
  });

  it('keeps customers out of the operations page', async () => {
    startSession({ token: 't', accountType: 1, roles: [] });
    renderAt('/dashboard/operations');
    expect(await screen.findByText('This area is for staff only.')).not.toBeNull();
  });

  it('logs out: drops the cookie and role, then goes to /login after 2 seconds', async () => {
    startSession({ token: 't', accountType: 1 });
    const router = renderAt('/dashboard/overview');
    await screen.findByRole('heading', { name: 'Overview' });
    vi.useFakeTimers();
    const side = screen.getByRole('navigation', { name: 'Side menu' });
    fireEvent.click(side.querySelector('button') as HTMLButtonElement);
    expect(document.cookie).not.toContain('token=');
    expect(localStorage.getItem('role')).toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1999);
    });
    expect(router.state.location.pathname).toBe('/dashboard/overview');
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(router.state.location.pathname).toBe('/login');
  });
});
