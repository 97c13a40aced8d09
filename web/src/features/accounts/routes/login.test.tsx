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

describe('the login page after a session ended as a form was sent (decisions 3881, 3888)', () => {
  it('says, to whoever logs in next, that what was being sent was not sent and comes back to its writer', async () => {
    sessionStorage.setItem(
      'keptDraft:/dashboard/bookings#reason',
      JSON.stringify({ value: 'The buyer withdrew', person: 'ana' }),
    );
    renderWithProviders(<LoginRoute />, { route: '/login?signedOut=1' });
    expect((await screen.findByRole('status')).textContent).toContain(
      'If you were sending something, it was not sent. When you log in again it is back on its screen, as you ' +
        'wrote it, to send again; no one else who logs in here sees it.',
    );
    sessionStorage.clear();
  });
});
