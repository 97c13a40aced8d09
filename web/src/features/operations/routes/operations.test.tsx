import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { BookingChanges } from '@/components/booking-changes';
import { fieldChange, requestedAmendment } from '@/testing/changes';
import { stubFetchEachTest } from '@/testing/fetch';
import { rateRequestDetail } from '@/testing/orders';
import { envelope, renderWithProviders } from '@/testing/render';
import { OperationsRoute } from './operations';

// A confirmed booking (its shipping order step) whose customer asked for an amendment staff have not decided.
const amendment = requestedAmendment({ fields: [fieldChange('commodity', 'Commodity', 'Sumac', 'Figs')] });

const fetchMock = stubFetchEachTest();
beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn(); // the panel scrolls itself into view; jsdom has no layout
});

function answering(changes: BookingChanges) {
  const detail = { ...rateRequestDetail({ order: null }), needsAttention: null, orderMismatch: null };
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/rate-requests/rr-1/changes')) return envelope(changes);
    if (url.includes('/rate-requests/rr-1/sailing')) return envelope(null);
    if (url.includes('/rate-requests/rr-1')) return envelope(detail);
    if (url.includes('/rate-requests')) return envelope({ list: { list: [], totalCount: 0 } });
    return envelope({ list: { list: [], totalCount: 0 } });
  });
  renderWithProviders(<OperationsRoute />, { route: '/?open=rr-1' });
}

describe("staff's console offers a confirmed booking's rejection", () => {
  it('while no change awaits their decision', async () => {
    answering({ amendment: null, cancellation: null });
    expect(await screen.findByRole('button', { name: 'Reject' })).toBeTruthy();
  });

  it('not while an amendment awaits it: they decide that first (the server refuses it too)', async () => {
    answering({ amendment, cancellation: null });
    await screen.findAllByText('Figs'); // the change review shows the amendment: the changes are read
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
