// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { dashboardEntry, guardRedirect, isPublicPath, loginLeadingTo } from './guard';

describe('route guard', () => {
  it('sends visitors without a token to /login from private paths', () => {
    for (const path of ['/dashboard/bookings', '/dashboard', '/', '/dashboard/profile', '/no/such/page']) {
      expect(guardRedirect(path, false), path).toBe('/login');
    }
  });

  it('lets visitors without a token open login, register, forgetpassword, the reset link and a team invitation', () => {
    for (const path of [
      '/login',
      '/register',
      '/forgetpassword',
      '/forgetpassword/createpassword',
      '/Login/',
      '/team/invitation',
    ]) {
      expect(guardRedirect(path, false), path).toBeNull();
    }
  });

  it('does not treat look-alike paths as public', () => {
    expect(isPublicPath('/loginx')).toBe(false);
    expect(isPublicPath('/register-now')).toBe(false);
    expect(guardRedirect('/forgetpasswordx', false)).toBe('/login');
  });

  it('sends a token holder on /login to /dashboard/bookings', () => {
    expect(guardRedirect('/login', true)).toBe('/dashboard/bookings');
    expect(guardRedirect('/login/', true)).toBe('/dashboard/bookings');
  });

  it('leaves a token holder alone everywhere else', () => {
    for (const path of ['/dashboard/overview', '/register', '/forgetpassword', '/dashboard/bookings/NewBooking']) {
      expect(guardRedirect(path, true), path).toBeNull();
    }
  });

  it('routes the dashboard entry by token', () => {
    expect(dashboardEntry(true)).toBe('/dashboard/bookings');
    expect(dashboardEntry(false)).toBe('/login');
  });

  it('carries a deep link through the login, and nothing for the entries or the public pages', () => {
    expect(loginLeadingTo('/dashboard/bookings/rate-request/detail/5')).toBe(
      '/login?next=%2Fdashboard%2Fbookings%2Frate-request%2Fdetail%2F5',
    );
    expect(loginLeadingTo('/dashboard/audit?kind=booking', 'signedOut')).toBe(
      '/login?signedOut=1&next=%2Fdashboard%2Faudit%3Fkind%3Dbooking',
    );
    for (const path of ['/', '/dashboard', '/dashboard/', '/register', '/login?next=/x']) {
      expect(loginLeadingTo(path), path).toBe('/login');
    }
    expect(loginLeadingTo('/', 'signedOut')).toBe('/login?signedOut=1');
  });
});
