// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { nextAfterLogin } from './return-path';

const ORIGIN = 'https://freight.example.test';

describe('the page after login', () => {
  it('is the path a deep link named, with its query and fragment', () => {
    expect(nextAfterLogin('/dashboard/bookings/rate-request/detail/5', ORIGIN)).toBe(
      '/dashboard/bookings/rate-request/detail/5',
    );
    expect(nextAfterLogin('/dashboard/audit?kind=booking#top', ORIGIN)).toBe('/dashboard/audit?kind=booking#top');
  });

  it('is never another site, however the address is dressed', () => {
    for (const next of [
      'https://evil.example/dashboard',
      '//evil.example/dashboard',
      '/\\evil.example/dashboard',
      '/\t/evil.example',
      'javascript:alert(1)',
      'dashboard/bookings',
      '',
      null,
    ]) {
      expect(nextAfterLogin(next, ORIGIN), String(next)).toBeNull();
    }
  });

  it('is never the login screen again', () => {
    expect(nextAfterLogin('/login', ORIGIN)).toBeNull();
    expect(nextAfterLogin('/Login/?next=/login', ORIGIN)).toBeNull();
  });
});
