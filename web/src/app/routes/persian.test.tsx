import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { LoginRoute } from '@/features/accounts/routes/login';
import { renderWithProviders } from '@/testing/render';
import { NotFoundRoute } from './not-found';

describe('the public pages in Persian', () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('shows the login page right to left, in Persian, with the switch back to English', async () => {
    await act(() => setLanguage('fa'));
    renderWithProviders(<LoginRoute />);
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('fa');
    expect(screen.getByRole('heading', { name: 'خوش آمدید' })).toBeTruthy();
    expect(screen.getByLabelText(/نام کاربری/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'ورود' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Show in English' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\b(Log In|Password|Welcome)\b/);
  });

  it('says a missing page in Persian', async () => {
    await act(() => setLanguage('fa'));
    renderWithProviders(<NotFoundRoute />);
    expect(screen.getByText('صفحه پیدا نشد')).toBeTruthy();
  });
});
