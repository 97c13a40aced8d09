import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readInPersian } from '@/testing/language';
import { renderWithProviders } from '@/testing/render';
import { LoginRoute } from './login';

describe("the login page's document title", () => {
  readInPersian();

  it('is the login, then the portal, in the language shown', () => {
    renderWithProviders(<LoginRoute />);
    expect(document.title).toBe('ورود | درگاه رزرو حمل بار');
  });
});

describe('the login page after a session ended as a form was sent (decision 3881)', () => {
  it('says what was being sent was not sent, and comes back to be sent again', async () => {
    sessionStorage.setItem('keptDraft:/dashboard/bookings#reason', JSON.stringify({ value: 'The buyer withdrew' }));
    renderWithProviders(<LoginRoute />, { route: '/login?signedOut=1' });
    expect((await screen.findByRole('status')).textContent).toContain(
      'What you were sending was not sent. Log in and it is back on its screen, as you wrote it, to send again.',
    );
    sessionStorage.clear();
  });
});
