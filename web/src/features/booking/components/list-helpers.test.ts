import { describe, expect, it } from 'vitest';
import type { RateRequestRow } from '../api/booking-api';
import { detailsTarget, sortRows } from './list-helpers';

const row = (id: string, createdAt: string, containerType: string) =>
  ({ id, createdAt, containerType, orderState: null }) as unknown as RateRequestRow;

describe('booking list helpers', () => {
  const rows = [row('a', '2026-01-02T00:00:00Z', 'Refrigerated'), row('b', '2026-01-03T00:00:00Z', 'Dry'), row('c', '2026-01-01T00:00:00Z', 'Dry')];
  it('sorts newest, old and by type', () => {
    expect(sortRows(rows, 'newest').map((r) => r.id)).toEqual(['b', 'a', 'c']);
    expect(sortRows(rows, 'old').map((r) => r.id)).toEqual(['c', 'a', 'b']);
    expect(sortRows(rows, 'type').map((r) => r.id)).toEqual(['b', 'c', 'a']);
  });
  it('opens the edit page for an order in revision, the detail page otherwise', () => {
    expect(detailsTarget({ id: 'x', orderState: 1 })).toBe('/dashboard/bookings/rate-request/edit/x');
    for (const orderState of [0, 2, 3, null]) {
      expect(detailsTarget({ id: 'x', orderState })).toBe('/dashboard/bookings/rate-request/detail/x');
    }
  });
});
