import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubFetchEachTest } from '@/testing/fetch';
import { clearToasts } from '@/components/ui/toast';
import { setLanguage } from '@/i18n';
import { message } from '@/lib/messages';
import { getRole, getRoles, getToken } from '@/lib/session';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
import { LoginForm, POST_LOGIN_RELOAD_MS } from './login-form';

describe('LoginForm', () => {
  const fetchMock = stubFetchEachTest();

  afterEach(() => {
    vi.useRealTimers();
    act(() => clearToasts());
  });

  it('requires both fields with the spec message and sends nothing', async () => {
    renderWithProviders(<LoginForm onLoggedIn={() => {}} />, { route: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    // The contract's wording, as the accounts catalogue carries it for the login page.
    const messages = await screen.findAllByText(message('common.required'));
    expect(messages).toHaveLength(2);
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("says the contract's Persian words for a missing field in Persian, and clears a field's once it is typed", async () => {
    await act(() => setLanguage('fa'));
    try {
      renderWithProviders(<LoginForm onLoggedIn={() => {}} />, { route: '/login' });
      fireEvent.click(screen.getByRole('button', { name: 'ورود' }));
      expect(await screen.findAllByText(message('common.required', {}, 'fa'))).toHaveLength(2);
      fireEvent.change(screen.getByLabelText('نام کاربری'), { target: { value: 'alice' } });
      await waitFor(() => expect(screen.getAllByText(message('common.required', {}, 'fa'))).toHaveLength(1));
      expect(fetchMock).not.toHaveBeenCalled();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('asks only for the missing field', async () => {
    renderWithProviders(<LoginForm onLoggedIn={() => {}} />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(1);
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBeNull();
  });

  it('stores the session, toasts and reloads 3 seconds after a successful login', async () => {
    fetchMock.mockResolvedValue(envelope({ token: 'jwt-1', accountType: 0, roles: ['admin'] }));
    const onLoggedIn = vi.fn();
    renderWithProviders(<LoginForm onLoggedIn={onLoggedIn} />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'admin' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 's3cret!' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));

    expect(await screen.findByText('Signed in')).not.toBeNull();
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/auth/api/v1/login');
    expect(JSON.parse(init.body as string)).toEqual({ username: 'admin', password: 's3cret!' });
    expect(getToken()).toBe('jwt-1');
    expect(getRole()).toBe(0);
    expect(getRoles()).toEqual(['admin']);
    expect(screen.getByRole('button', { name: 'Log In' }).getAttribute('aria-disabled')).toBe('true');
    expect(onLoggedIn).not.toHaveBeenCalled();
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledTimes(1), { timeout: POST_LOGIN_RELOAD_MS + 1000 });
  });

  it("says the server's error text once, under the form", async () => {
    fetchMock.mockResolvedValue(failureEnvelope('Invalid username or password', 401));
    renderWithProviders(<LoginForm onLoggedIn={() => {}} />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    const form = screen.getByRole('form', { name: 'Log in' });
    expect((await within(form).findByRole('alert')).textContent).toBe('Invalid username or password');
    // One alert: a toast saying it again is heard twice by a screen reader.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(getToken()).toBeUndefined();
  });

  it("falls back to 'Error in proccess !' when the server gives no text", async () => {
    fetchMock.mockResolvedValue(failureEnvelope(null, 400));
    renderWithProviders(<LoginForm onLoggedIn={() => {}} />);
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'alice' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log In' }));
    const form = screen.getByRole('form', { name: 'Log in' });
    expect((await within(form).findByRole('alert')).textContent).toContain('Error in proccess !');
  });

  it('links to password reset and sign-up', () => {
    renderWithProviders(<LoginForm onLoggedIn={() => {}} />);
    expect(screen.getByRole('link', { name: 'No account yet? Sign Up' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgetpassword');
    expect(screen.getByLabelText('Remember me').getAttribute('type')).toBe('checkbox');
  });
});
