import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rateRequestDetail } from '@/testing/orders';
import { envelope, renderWithProviders } from '@/testing/render';
import { ChangeReview, OpenChangesQueue } from './change-review';

const CHANGES = {
  amendment: null,
  cancellation: { number: 1, stateName: 'requested', reason: 'The buyer withdrew the order' },
};

afterEach(() => vi.unstubAllGlobals());

describe("staff decide a customer's cancellation request", () => {
  it('asks before cancelling: one click opens a question, Keep changes nothing, only the named act cancels', async () => {
    const fetch = vi.fn(async (url: string, _init?: RequestInit) =>
      envelope(url.endsWith('/changes') || url.endsWith('/confirm') ? CHANGES : rateRequestDetail()),
    );
    vi.stubGlobal('fetch', fetch);
    const confirms = () => fetch.mock.calls.filter(([url]) => url.endsWith('/cancellation-request/confirm'));
    const user = userEvent.setup();
    renderWithProviders(<ChangeReview rateRequestId="rr-1" />);

    await user.click(await screen.findByRole('button', { name: 'Confirm cancellation' }));
    const question = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(question.textContent).toContain('cannot be undone');
    expect(confirms()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Keep the booking' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(confirms()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Confirm cancellation' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel the booking' }));
    await waitFor(() => expect(confirms()).toHaveLength(1));
    expect(confirms()[0][1]?.method).toBe('PUT');
  });
});

describe("the console's queue of changes waiting for staff", () => {
  it('names each change by its booking reference, then its cargo and its customer', async () => {
    const booking = {
      ...rateRequestDetail(),
      reference: 'FB-2026-000028',
      cargoDetails: '1 x 20 Dry, Paint, flammable',
      quantity: 1,
      containerSize: { id: 1, name: '20', value: 1 },
      containerType: { id: 1, name: 'Dry', value: 1 },
      commodity: 'Paint, flammable',
      customerName: 'Hanse Kontor Hamburg',
    };
    const item = { kind: 'cancellation', rateRequest: booking, change: CHANGES.cancellation };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => envelope({ list: { list: [item] } })),
    );
    const opened: string[] = [];
    renderWithProviders(<OpenChangesQueue onOpen={(id) => opened.push(id)} />);
    const entry = await screen.findByRole('listitem');
    expect(entry.textContent).toContain(
      'Cancellation of FB-2026-000028 (1 x 20 Dry, Paint, flammable) for Hanse Kontor Hamburg',
    );
    // The reference reads left to right and whole, whatever the page's direction.
    expect(screen.getByText('FB-2026-000028').closest('[dir="ltr"]')).not.toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Review' }));
    expect(opened).toEqual([booking.id]);
  });
});
