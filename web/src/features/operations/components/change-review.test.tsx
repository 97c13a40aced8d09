import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldChange, requestedAmendment } from '@/testing/changes';
import { readInPersian } from '@/testing/language';
import { rateRequestDetail } from '@/testing/orders';
import { envelope, renderWithProviders } from '@/testing/render';
import { ChangeReview, OpenChangesQueue } from './change-review';

const CHANGES = {
  amendment: null,
  cancellation: { number: 1, stateName: 'requested', reason: 'The buyer withdrew the order' },
  cargoSailedAt: null,
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

describe('a cancellation asked for before the cargo sailed', () => {
  it("is only declined once the vessel left with the cargo, and staff are told why, on the port's day", async () => {
    // 23:10 at the port is the 7th in UTC: the day said is the port's, as the server says it.
    const sailed = { ...CHANGES, cargoSailedAt: '2026-01-06T23:10:00+08:00' };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => envelope(url.endsWith('/changes') ? sailed : rateRequestDetail())),
    );
    renderWithProviders(<ChangeReview rateRequestId="rr-1" />);
    const said = await screen.findByRole('alert');
    expect(said.textContent).toContain("left with this booking's cargo on 2026/01/06");
    expect(screen.getByRole('button', { name: 'Decline cancellation' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm cancellation' })).toBeNull();
  });
});

describe('an amendment once the cargo sailed', () => {
  const changes = (field: string, cargoSailedAt: string | null) => ({
    amendment: requestedAmendment({ fields: [fieldChange(field, field, 'Shanghai (CNSHA)', 'Ningbo (CNNGB)')] }),
    cancellation: null,
    cargoSailedAt,
  });
  const review = (answer: object) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => envelope(url.endsWith('/changes') ? answer : rateRequestDetail())),
    );
    renderWithProviders(<ChangeReview rateRequestId="rr-1" />);
  };

  it('that moves the port of loading is only declined', async () => {
    review(changes('pol_id', '2026-01-06T23:10:00+08:00'));
    expect(await screen.findByRole('button', { name: 'Decline amendment' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve amendment' })).toBeNull();
  });

  it('that keeps it is approved as before', async () => {
    review(changes('commodity', '2026-01-06T23:10:00+08:00'));
    expect(await screen.findByRole('button', { name: 'Approve amendment' })).toBeTruthy();
  });

  it('that moves it is approved while the vessel has not left', async () => {
    review(changes('pol_id', null));
    expect(await screen.findByRole('button', { name: 'Approve amendment' })).toBeTruthy();
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

describe('an amendment reviewed in Persian', () => {
  readInPersian();

  it('writes its number and new price in Persian digits', async () => {
    const priced = requestedAmendment({
      number: 3,
      changesPrice: true,
      price: 1416,
      fields: [fieldChange('quantity', 'quantity', 1, 3)],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) =>
        envelope(
          url.endsWith('/changes')
            ? { amendment: priced, cancellation: null, cargoSailedAt: null }
            : rateRequestDetail(),
        ),
      ),
    );
    renderWithProviders(<ChangeReview rateRequestId="rr-1" />);
    const region = await screen.findByRole('region');
    const heading = within(region).getByText(
      (_, node) => node?.tagName === 'STRONG' && /۳/.test(node.textContent ?? ''),
    );
    expect(heading.textContent).not.toMatch(/[0-9]/);
    const price = within(region).getByText(
      (_, node) => node?.tagName === 'P' && /۱/.test(node.textContent ?? '') && /\$/.test(node.textContent ?? ''),
    );
    expect(price.textContent).not.toMatch(/[0-9]/);
  });
});
