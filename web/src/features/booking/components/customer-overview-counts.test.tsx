import { screen, within } from '@testing-library/react';
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
      vi.fn(async () => envelope({ counts, waiting: [], waitingCount: 0, underway: [] })),
    );
    renderWithProviders(<CustomerOverviewPanel />);
    const box = (await screen.findByRole('heading', { name: /state/i })).closest('section');
    const lines = [...(box?.querySelectorAll('li') ?? [])].map((li) => li.textContent?.replace(/\s+/g, ' ').trim());
    expect(lines).toEqual(['1 Rate Request', '2 Price Quoted']);
  });

  it('count every booking waiting for her, not only the latest ten listed, and lead to the rest', async () => {
    const row = (n: number) => ({
      id: `r${n}`,
      reference: `FB-2026-${String(n).padStart(6, '0')}`,
      commodity: `Item ${n}`,
      cargoDetails: `1 x 20 Dry, Item ${n}`,
      containerType: 'Dry',
      containerSize: '20',
      quantity: 1,
      state: 0,
      stateName: 'quoted',
      price: 900,
      waitingFor: 'customer',
      progress: null,
      createdAt: '2026-11-01T08:00:00Z',
      updatedAt: '2026-11-02T08:00:00Z',
    });
    const waiting = Array.from({ length: 10 }, (_, i) => row(90 - i));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/auth/api/v1/me')
          ? envelope({ id: 'm', companyId: 'c', teamRole: 'owner', language: 'en' })
          : envelope({ counts: [], waiting, waitingCount: 90, underway: [] }),
      ),
    );
    renderWithProviders(<CustomerOverviewPanel />);
    expect(await screen.findByRole('heading', { name: 'Waiting for you (90)' })).toBeTruthy();
    const more = screen.getByTestId('waiting-more');
    expect(more.textContent).toBe('The latest 10 of 90. All waiting for you');
    expect(within(more).getByRole('link', { name: 'All waiting for you' }).getAttribute('href')).toBe(
      '/dashboard/bookings?waiting=me',
    );
  });
});
