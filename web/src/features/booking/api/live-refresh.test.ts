import { describe, expect, it } from 'vitest';
import { isBellNotificationKey, notificationMark } from './live-refresh';

describe('live refresh', () => {
  it("follows the bell's notification query but not its own watch", () => {
    expect(isBellNotificationKey(['accounts', 'notifications', 'a1'])).toBe(true);
    expect(isBellNotificationKey(['notifications', 'a1'])).toBe(true);
    expect(isBellNotificationKey(['booking-watch', 'notifications', 'a1'])).toBe(false);
    expect(isBellNotificationKey(['booking', 'detail', 'x'])).toBe(false);
  });

  it('marks a page by its unread count and newest id', () => {
    expect(notificationMark(undefined)).toBeNull();
    expect(notificationMark({ data: { notSeenCount: 2, costumerlNotificationDetails: { list: [{ id: 'n9' }] } } })).toBe('2:n9');
  });
});
