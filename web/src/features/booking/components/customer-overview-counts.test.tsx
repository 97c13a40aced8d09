import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderWithProviders } from '@/testing/render';
import { CustomerOverviewPanel } from './customer-overview';

afterEach(() => vi.unstubAllGlobals());

describe("the overview's counts", () => {
  it('count a quoted booking under the badge the lists show it with, not as a request', async () => {
    const counts = [
      { state: 0, stateName: 'requested', name: 'Rate Request', count: 1 },
      { state: 0, stateName: 'quoted', name: 'Price Quoted', count: 2 },
      { state: 3, stateName: 'shipping_order', name: 'Shipping Order', count: 0 },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ counts, waiting: [], underway: [] })),
    );
    renderWithProviders(<CustomerOverviewPanel />);
    const box = (await screen.findByRole('heading', { name: /state/i })).closest('section');
    const lines = [...(box?.querySelectorAll('li') ?? [])].map((li) => li.textContent?.replace(/\s+/g, ' ').trim());
    expect(lines).toEqual(['1 Rate Request', '2 Price Quoted']);
  });
});
