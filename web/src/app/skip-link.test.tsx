import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from '@/app/router';
import { i18next } from '@/i18n';
import { createQueryClient } from '@/lib/query-client';
import { endSession, startSession } from '@/lib/session';
import { stubFetchEachTest } from '@/testing/fetch';

const fetchMock = stubFetchEachTest();

/** The app at a public `path`, signed out (or `signedIn`); every call to the server stays unanswered. */
function publicPage(path: string, signedIn = false) {
  if (signedIn) startSession({ token: 't', accountType: 1, roles: [] });
  else endSession();
  fetchMock.mockImplementation(() => new Promise(() => undefined));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const PUBLIC_PAGES: [string, string][] = [
  ['/login', i18next.t('accounts:login.title')],
  ['/register', i18next.t('accounts:register.title')],
  ['/forgetpassword', 'Forgot Password'],
  ['/forgetpassword/createpassword?token=t', 'Create New Password'],
  ['/team/invitation?token=t', 'Join your team'],
];

describe('the skip link on every page (records 3875, 3884)', () => {
  it.each(PUBLIC_PAGES)(
    'is the first stop of %s, before the language switch, and leads to its heading',
    async (path, title) => {
      publicPage(path);
      const heading = await screen.findByRole('heading', { level: 1, name: new RegExp(title, 'i') });
      expect(document.activeElement).toBe(document.body);
      await userEvent.tab();
      const skip = screen.getByRole('link', { name: 'Skip to content' });
      expect(document.activeElement).toBe(skip);
      expect(screen.getAllByRole('link', { name: 'Skip to content' })).toHaveLength(1);
      await userEvent.keyboard('{Enter}');
      expect(document.activeElement).toBe(heading);
    },
  );

  it("is the not-found page's first stop too (outside the dashboard's shell)", async () => {
    publicPage('/no-such-page', true);
    const heading = await screen.findByRole('heading', { level: 1, name: i18next.t('common:notFound.pageNotFound') });
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Skip to content' }));
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(heading);
  });

  it('leads to the main content itself where a page has no heading', async () => {
    publicPage('/login');
    await screen.findByRole('heading', { level: 1 });
    document.querySelector('main h1')?.remove();
    await userEvent.tab();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});
