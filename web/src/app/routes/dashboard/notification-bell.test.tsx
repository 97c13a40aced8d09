import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { startSession } from '@/lib/session';
import { stubFetchEachTest } from '@/testing/fetch';
import { envelope, renderWithProviders } from '@/testing/render';
import { NotificationBell } from './notification-bell';

const fetchMock = stubFetchEachTest();

function serve() {
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/auth/api/v1/me') return envelope({ id: 'a-1', language: 'en' });
    const notice = {
      id: 'n-1',
      title: 'Your quote is ready',
      message: 'Booking FB-2026-000124 has a price.',
      isRead: false,
      createdAt: '2026-11-28T05:00:00Z',
      subject: { id: 'rr-2', kind: 'rate_request', reference: 'FB-2026-000124' },
    };
    const page = { costumerlNotificationDetails: { list: [notice] }, totalCount: 1, notSeenCount: 1 };
    return envelope({ data: page });
  });
}

describe('the notification bell', () => {
  it('gives the focus back to the bell when Escape closes the panel from inside its list', async () => {
    startSession({ token: 't', accountType: 1 });
    serve();
    renderWithProviders(<NotificationBell />);
    const bell = screen.getByRole('button', { name: 'Notifications' });
    await userEvent.click(bell);
    const panel = screen.getByRole('region', { name: /notification/i });
    const link = await within(panel).findByRole('link', { name: 'Open FB-2026-000124' });
    link.focus();
    fireEvent.keyDown(link, { key: 'Escape' });
    expect(screen.queryByRole('region', { name: /notification/i })).toBeNull();
    expect(document.activeElement).toBe(bell);
  });
});
