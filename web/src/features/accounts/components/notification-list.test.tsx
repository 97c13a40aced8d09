import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetchEachTest } from '@/testing/fetch';
import { renderWithProviders } from '@/testing/render';
import type { NotificationItem } from '../api/notifications';
import { NotificationList } from './notification-list';

const LONG =
  'The estimated arrival of your booking FB-2026-000123 moved from 2027/01/04 to 2027/01/06: plan the ' +
  'collection of your cargo with the new time.';

const items: NotificationItem[] = [
  {
    id: 'n-1',
    title: 'Arrival estimate changed',
    message: LONG,
    isRead: false,
    createdAt: '2026-11-29T05:00:00Z',
    subject: { id: 'rr-1', kind: 'rate_request', reference: 'FB-2026-000123' },
  },
  {
    id: 'n-2',
    title: 'Your quote is ready',
    message: 'Booking FB-2026-000124 has a price.',
    isRead: true,
    createdAt: '2026-11-28T05:00:00Z',
    subject: { id: 'rr-2', kind: 'rate_request', reference: 'FB-2026-000124' },
  },
];

/** The message's element, whole: its reference is an element of its own inside it. */
const wholeMessage = (text: string) => (_: string, element: Element | null) =>
  element?.tagName === 'SPAN' && element.textContent === text && element.children.length > 0;

describe('NotificationList', () => {
  stubFetchEachTest();

  it('shows each notification whole, its link inside its own item', () => {
    renderWithProviders(
      <NotificationList items={items} accountId="a-1" hasMore={false} loadingMore={false} onLoadMore={() => {}} />,
    );
    expect(screen.getByText(wholeMessage(LONG))).not.toBeNull();
    const [first, second] = screen.getAllByRole('listitem');
    expect(within(first!).getByRole('link', { name: 'Open FB-2026-000123' })).not.toBeNull();
    expect(within(second!).getByRole('link', { name: 'Open FB-2026-000124' })).not.toBeNull();
    expect(within(first!).getByText(wholeMessage(LONG))).not.toBeNull();
  });

  it('keeps the reference in the message on one line', () => {
    renderWithProviders(
      <NotificationList items={items} accountId="a-1" hasMore={false} loadingMore={false} onLoadMore={() => {}} />,
    );
    const [, second] = screen.getAllByRole('listitem');
    // The reference is an element of its own (styled `white-space: nowrap`), inside the whole message.
    const reference = within(second!).getByText('FB-2026-000124', { selector: 'span' });
    expect(reference.parentElement?.textContent).toBe('Booking FB-2026-000124 has a price.');
  });
});
