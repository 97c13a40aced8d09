import { describe, expect, it } from 'vitest';
import { detailsTarget } from './list-helpers';

describe('booking list helpers', () => {
  it('opens the edit page for an order in revision, the detail page otherwise', () => {
    expect(detailsTarget({ id: 'x', orderState: 1 })).toBe('/dashboard/bookings/rate-request/edit/x');
    for (const orderState of [0, 2, 3, null]) {
      expect(detailsTarget({ id: 'x', orderState })).toBe('/dashboard/bookings/rate-request/detail/x');
    }
  });
});
