import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, renderWithProviders } from '@/testing/render';
import { CustomerOverviewPanel } from './customer-overview';

const row = {
  id: 'r1',
  reference: 'FB-2027-000123',
  waitingFor: null,
  commodity: 'Saffron',
  hsCode: '091020',
  quantity: 1,
  state: 3,
  stateName: 'shipping_order',
  orderState: 2,
  orderStateName: 'ready_for_approval',
  polTitle: 'Bandar Abbas (IRBND)',
  podTitle: 'Hamburg (DEHAM)',
  cargoDetails: '1 x 20 Dry, Saffron',
  price: 3700,
  validUntil: null,
  preferredShippingDate: null,
  containerType: 'Dry',
  containerSize: '20',
  customerName: 'Tracked Traders',
  createdAt: '2027-01-01T00:00:00Z',
  viaApi: false,
  updatedAt: '2027-01-06T20:00:00Z',
  progress: {
    stage: 'departed',
    summary: 'Departed Bandar Abbas on KING OF THE SEAS, arriving Hamburg 2027/01/14, 2 days late',
    vesselName: 'KING OF THE SEAS',
    lastMilestoneAt: '2027-01-06T20:00:00Z',
    estimatedArrival: '2027-01-14T08:00:00Z',
    arrivalDelayHours: 48,
    milestones: 4,
    plannedArrival: '2027-01-12T08:00:00Z',
  },
};

afterEach(() => vi.unstubAllGlobals());

describe('the overview of bookings on their way', () => {
  it('lists each booking underway with where it is, and nothing when none is', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ counts: [], waiting: [], waitingCount: 0, underway: [row] })),
    );
    const { unmount } = renderWithProviders(<CustomerOverviewPanel />);
    const item = await screen.findByTestId('underway-row');
    expect(screen.getByRole('heading', { name: 'On the way (1)' })).toBeTruthy();
    expect(item.textContent).toContain('FB-2027-000123');
    expect(item.querySelector('[data-testid="booking-progress"]')?.textContent).toBe(row.progress.summary);
    unmount();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ counts: [], waiting: [], waitingCount: 0, underway: [] })),
    );
    renderWithProviders(<CustomerOverviewPanel />);
    await waitFor(() => expect(screen.getByRole('heading', { name: /Waiting for you/ })).toBeTruthy());
    expect(screen.queryByTestId('underway-row')).toBeNull();
  });

  it("tells a viewer that what waits is her team's move, and a booker that it is hers", async () => {
    const waiting = { ...row, id: 'r3', reference: 'FB-2027-000125', waitingFor: 'customer', progress: null };
    const asking = (teamRole: string) =>
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).includes('/auth/api/v1/me')
          ? envelope({ id: 'm', companyId: 'c', teamRole, language: 'en' })
          : envelope({ counts: [], waiting: [waiting], waitingCount: 1, underway: [] }),
      );
    vi.stubGlobal('fetch', asking('viewer'));
    const { unmount } = renderWithProviders(<CustomerOverviewPanel />);
    expect(await screen.findByRole('heading', { name: 'Waiting for your team (1)' })).toBeTruthy();
    unmount();
    vi.stubGlobal('fetch', asking('booker'));
    renderWithProviders(<CustomerOverviewPanel />);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Waiting for you (1)' })).toBeTruthy());
  });

  it('never counts a booking that ended as on its way', async () => {
    const ended = {
      ...row,
      id: 'r2',
      reference: 'FB-2027-000124',
      state: 8,
      stateName: 'cancelled',
      progress: {
        ...row.progress,
        summary: 'Departed Bandar Abbas on KING OF THE SEAS; tracking stopped when the booking ended',
        ended: true,
      },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ counts: [], waiting: [], waitingCount: 0, underway: [row, ended] })),
    );
    renderWithProviders(<CustomerOverviewPanel />);
    await screen.findByTestId('underway-row');
    expect(screen.getByRole('heading', { name: 'On the way (1)' })).toBeTruthy();
    expect(screen.getAllByTestId('underway-row').map((item) => item.textContent)).toEqual([
      expect.stringContaining('FB-2027-000123'),
    ]);
  });
});
