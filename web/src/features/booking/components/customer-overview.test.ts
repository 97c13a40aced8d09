import { describe, expect, it } from 'vitest';
import { countsByBadge } from './customer-overview';

describe('counts by badge', () => {
  it('adds states named alike and leaves out empty ones', () => {
    const counts = [
      { state: 0, stateName: 'requested', name: 'Rate Request', count: 2 },
      { state: 1, stateName: 'revision_requested', name: 'Rate Request', count: 1 },
      { state: 2, stateName: 'loi_pending', name: 'Loi Pending', count: 0 },
      { state: 3, stateName: 'shipping_order', name: 'Shipping Order', count: 1 },
    ];
    expect(countsByBadge(counts)).toEqual([
      { name: 'Rate Request', count: 3 },
      { name: 'Shipping Order', count: 1 },
    ]);
  });

  it('names each badge as told, adding the states it names alike', () => {
    const counts = [
      { state: 0, stateName: 'requested', name: 'Rate Request', count: 2 },
      { state: 3, stateName: 'shipping_order', name: 'Shipping Order', count: 1 },
    ];
    expect(countsByBadge(counts, (c) => (c.state === 0 ? 'درخواست نرخ' : 'دستور حمل'))).toEqual([
      { name: 'درخواست نرخ', count: 2 },
      { name: 'دستور حمل', count: 1 },
    ]);
  });
});
