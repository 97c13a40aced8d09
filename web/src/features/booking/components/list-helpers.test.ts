import { describe, expect, it } from 'vitest';
import { detailsTarget } from './list-helpers';

describe('booking list helpers', () => {
  it('opens the edit page for an order in revision, the detail page otherwise', () => {
    expect(detailsTarget({ id: 'x', orderStateName: 'revision_requested' })).toBe(
      '/dashboard/bookings/rate-request/edit/x',
    );
    for (const orderStateName of ['submitted', 'update_received', 'ready_for_approval', 'approved', null]) {
      expect(detailsTarget({ id: 'x', orderStateName })).toBe('/dashboard/bookings/rate-request/detail/x');
    }
  });
});
