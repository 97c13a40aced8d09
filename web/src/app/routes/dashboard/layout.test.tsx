import { act, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { createQueryClient } from '@/lib/query-client';
import { startSession } from '@/lib/session';
import { stubFetchEachTest } from '@/testing/fetch';
import { routes } from '../../router';

const fetchMock = stubFetchEachTest();

/** The app at `path`, signed in as a customer; every call to the server stays unanswered (the pages show
 * their titles while they load). */
async function appAt(path: string) {
  startSession({ token: 't', accountType: 1, roles: [] });
  fetchMock.mockImplementation(() => new Promise(() => undefined));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('navigation', { name: 'Side menu' });
  return router;
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('the dashboard shell and the keyboard', () => {
  it('keeps the keyboard in the open phone menu; Escape gives the focus back to its button', async () => {
    await appAt('/dashboard/documents');
    await heading('Documents');
    const menuButton = screen.getByRole('button', { name: 'Menu' });
    await userEvent.click(menuButton);
    const drawer = screen.getByRole('navigation', { name: 'Mobile menu' });
    const [first] = within(drawer).getAllByRole('link');
    expect(document.activeElement).toBe(first);
    // What lies behind the scrim cannot be reached.
    expect(screen.getByRole('main', { hidden: true }).hasAttribute('inert')).toBe(true);
    const side = screen.getByRole('navigation', { name: 'Side menu', hidden: true });
    expect(side.closest('[inert]')).not.toBeNull();
    const skip = screen.getByRole('link', { name: 'Skip to content', hidden: true });
    expect(skip.hasAttribute('inert')).toBe(true);

    within(drawer).getByRole('button', { name: 'Log out' }).focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(menuButton);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(within(drawer).getByRole('button', { name: 'Log out' }));

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('navigation', { name: 'Mobile menu' })).toBeNull();
    expect(document.activeElement).toBe(menuButton);
    expect(screen.getByRole('main').hasAttribute('inert')).toBe(false);
    expect(skip.hasAttribute('inert')).toBe(false);
  });

  it("moves the focus to the new page's heading when a link in the phone menu is chosen", async () => {
    const router = await appAt('/dashboard/documents');
    await heading('Documents');
    await userEvent.click(screen.getByRole('button', { name: 'Menu' }));
    const drawer = screen.getByRole('navigation', { name: 'Mobile menu' });
    within(drawer).getByRole('link', { name: 'Bookings' }).focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/bookings'));
    const title = await heading('Booking Requests');
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(title.getAttribute('tabindex')).toBe('-1');
  });

  it('offers a skip link as the first stop, leading past the header and the menu to the page', async () => {
    await appAt('/dashboard/documents');
    const title = await heading('Documents');
    // The first page of the app keeps the browser's start.
    expect(document.activeElement).toBe(document.body);
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(title);
  });

  it("moves the focus to the new page's heading on a route change, not on a query's", async () => {
    const router = await appAt('/dashboard/documents');
    await heading('Documents');
    const side = screen.getByRole('navigation', { name: 'Side menu' });
    await userEvent.click(within(side).getByRole('link', { name: 'Bookings' }));
    const title = await heading('Booking Requests');
    await waitFor(() => expect(document.activeElement).toBe(title));

    const search = screen.getByRole('searchbox');
    search.focus();
    await act(() => router.navigate('/dashboard/bookings?RateRequests=true'));
    expect(document.activeElement).toBe(search);
  });
});

describe('after someone else signed in on the browser (decision 3893)', () => {
  it('says so on the overview the tab opened, until dismissed', async () => {
    sessionStorage.setItem('someoneElseSignedIn', 'draftKept');
    await appAt('/dashboard/overview');
    const said = i18next.t('common:someoneElse.signedIn');
    const words = screen.getByText(said, { exact: false });
    expect(words.textContent).toBe(`${said} ${i18next.t('common:someoneElse.draftKept')}`);
    const notice = words.closest('[role=status]');
    if (!(notice instanceof HTMLElement)) throw new Error('not said as a status');
    await userEvent.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(said, { exact: false })).toBeNull();
    expect(sessionStorage.getItem('someoneElseSignedIn')).toBeNull(); // said once
  });
});
