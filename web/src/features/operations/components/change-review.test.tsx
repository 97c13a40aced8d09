import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fieldChange, requestedAmendment } from '@/testing/changes';
import { readInPersian } from '@/testing/language';
import { rateRequestDetail } from '@/testing/orders';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
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

describe('an amendment that needs a new price', () => {
  // 2 containers at $1,250.50 (freight $1,000, BAF $250.50) and a $45 documentation fee; asked: 3.
  const asked = requestedAmendment({ changesPrice: true, fields: [fieldChange('quantity', 'quantity', 2, 3)] });
  const kinds = [
    { code: 'ocean_freight', name: 'Ocean freight', per: 'container' },
    { code: 'baf', name: 'Bunker adjustment (BAF)', per: 'container' },
    { code: 'documentation_fee', name: 'Documentation fee', per: 'booking' },
  ];
  const review = (amendment: object) => {
    const fetch = vi.fn(async (url: string, _init?: RequestInit) => {
      if (url.endsWith('/tariff-suggestion'))
        return envelope({ matched: false, row: null, charges: [], price: null, chargeKinds: kinds });
      return envelope(
        url.includes('/changes') || url.includes('/amendments/')
          ? { amendment, cancellation: null, cargoSailedAt: null }
          : rateRequestDetail(),
      );
    });
    vi.stubGlobal('fetch', fetch);
    renderWithProviders(<ChangeReview rateRequestId="rr-1" />);
    return fetch;
  };

  it("is priced in the quote's editor from the booking's lines, totalled for the containers asked", async () => {
    const fetch = review(asked);
    const user = userEvent.setup();
    const freight = await screen.findByLabelText('Ocean freight (USD per container)');
    expect(screen.getByLabelText('Bunker adjustment (BAF) (USD per container)')).toHaveProperty('value', '250.5');
    expect(screen.getByLabelText('Documentation fee (USD per booking)')).toHaveProperty('value', '45');
    expect(screen.getByText('Total for 3 containers').parentElement?.textContent).toContain('$3,796.50');
    await user.clear(freight);
    await user.type(freight, '1349.50');
    // Typed, the customer's price shows at once: 3 x $1,600 + the fee once.
    expect(screen.getByTestId('quote-total').textContent).toBe('$1,600.00');
    expect(screen.getByTestId('quote-booking-total').textContent).toBe('$4,845.00');
    await user.type(screen.getByLabelText('Quote valid until'), '2099/01/31');
    await user.click(screen.getByRole('button', { name: 'Quote new price' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url.endsWith('/amendments/requote'))).toBe(true));
    const [, init] = fetch.mock.calls.find(([url]) => url.endsWith('/amendments/requote'))!;
    expect(JSON.parse(String(init?.body))).toMatchObject({
      price: 1600,
      charges: [
        { code: 'ocean_freight', amount: '1349.50' },
        { code: 'baf', amount: '250.5' },
        { code: 'documentation_fee', amount: '45' },
      ],
    });
  });

  it('valid until a day its month lacks is told so under the field, and not sent', async () => {
    const fetch = review(asked);
    const user = userEvent.setup();
    await screen.findByLabelText('Ocean freight (USD per container)');
    const validity = screen.getByLabelText('Quote valid until');
    await user.type(validity, '1405/12/30');
    await user.click(screen.getByRole('button', { name: 'Quote new price' }));
    const said = 'Esfand 1405 has 29 days: there is no 1405/12/30.';
    await waitFor(() => expect(validity.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(said)).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => url.endsWith('/amendments/requote'))).toBe(false);
    // Typed again, the word goes; a real day is sent.
    await user.clear(validity);
    expect(screen.queryByText(said)).toBeNull();
    await user.type(validity, '1405/12/29');
    await user.click(screen.getByRole('button', { name: 'Quote new price' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => url.endsWith('/amendments/requote'))).toBe(true));
  });

  it("starts from the booking's lines the amended cargo may carry: a reefer's surcharge goes with the reefer", async () => {
    const reefer = {
      ...rateRequestDetail(),
      charges: [
        { code: 'ocean_freight', name: 'Ocean freight', amount: 1000, per: 'container' },
        { code: 'reefer_surcharge', name: 'Reefer surcharge', amount: 300, per: 'container' },
        { code: 'documentation_fee', name: 'Documentation fee', amount: 45, per: 'booking' },
      ],
    };
    const toDry = requestedAmendment({
      changesPrice: true,
      fields: [fieldChange('container_type_id', 'containerType', 'Refrigerated', 'Dry')],
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        // The server offers the kinds the cargo as amended may carry (decision 3865): no reefer surcharge.
        if (url.endsWith('/tariff-suggestion'))
          return envelope({ matched: false, row: null, charges: [], price: null, chargeKinds: kinds });
        return envelope(
          url.includes('/changes') ? { amendment: toDry, cancellation: null, cargoSailedAt: null } : reefer,
        );
      }),
    );
    renderWithProviders(<ChangeReview rateRequestId="rr-1" />);
    expect(await screen.findByLabelText('Ocean freight (USD per container)')).toHaveProperty('value', '1000');
    expect(screen.getByLabelText('Documentation fee (USD per booking)')).toHaveProperty('value', '45');
    expect(screen.queryByLabelText('Reefer surcharge (USD per container)')).toBeNull();
  });

  it('once quoted, shows the lines and the total the customer is asked to accept, and until when', async () => {
    review({
      ...asked,
      state: 1,
      stateName: 'requoted',
      price: 1600,
      totalPrice: 4845,
      validUntil: '2099-01-31T23:59:59Z',
      charges: [
        { code: 'ocean_freight', name: 'Ocean freight', amount: 1349.5, per: 'container' },
        { code: 'baf', name: 'Bunker adjustment (BAF)', amount: 250.5, per: 'container' },
        { code: 'documentation_fee', name: 'Documentation fee', amount: 45, per: 'booking' },
      ],
    });
    const table = await screen.findByRole('table', { name: "The new price's breakdown" });
    expect(within(table).getAllByTestId('charge-line')).toHaveLength(3);
    expect(within(table).getByText('Total for 3 containers')).toBeTruthy();
    expect(within(table).getByTestId('booking-total').textContent).toBe('$4,845.00');
    expect(screen.getByText(/^The customer may accept this price until 2099\/\d\d\/\d\d/)).toBeTruthy();
    // Quoted again, it starts from the lines quoted, not the booking's.
    expect(await screen.findByLabelText('Ocean freight (USD per container)')).toHaveProperty('value', '1349.5');
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

// The customer may withdraw the amendment on screen and ask for another while staff read it (decision 3908).
describe('an amendment approved', () => {
  it('names the amendment as the screen showed it, and a refusal shows what stands at once', async () => {
    const shown = {
      amendment: requestedAmendment({ fields: [fieldChange('commodity', 'commodity', 'Pistachios', 'Dates')] }),
      cancellation: null,
      cargoSailedAt: null,
    };
    const changed = 'The customer changed this booking since you opened it: read it again before you decide';
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') return failureEnvelope(changed, 409);
      return envelope(url.endsWith('/changes') ? shown : rateRequestDetail());
    });
    vi.stubGlobal('fetch', fetch);
    const reads = () =>
      fetch.mock.calls.filter(([url, init]) => url.endsWith('/changes') && init?.method !== 'PUT').length;
    const user = userEvent.setup();
    renderWithProviders(<ChangeReview rateRequestId="rr-1" />);

    const approve = await screen.findByRole('button', { name: 'Approve amendment' });
    const before = reads();
    await user.click(approve);
    const put = await waitFor(() => {
      const call = fetch.mock.calls.find(([url]) => url.endsWith('/amendments/approve'));
      expect(call).toBeTruthy();
      return call!;
    });
    expect(JSON.parse(String(put[1]?.body))).toEqual({ seenUpdatedAt: shown.amendment.updatedAt });
    // Refused: the review is read again, not left on the amendment the customer withdrew.
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });
});

// The customer may withdraw what staff read and ask again, or make the change herself, while staff write their
// answer: a decline or an ask names what the screen showed, and a refusal shows what stands (decision 3910).
describe('a decline or an ask to amend', () => {
  const changed = 'The customer changed this booking since you opened it: read it again before you decide';

  function refusing(shown: object) {
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') return failureEnvelope(changed, 409);
      return envelope(url.endsWith('/changes') ? shown : rateRequestDetail());
    });
    vi.stubGlobal('fetch', fetch);
    const reads = () =>
      fetch.mock.calls.filter(([url, init]) => url.endsWith('/changes') && init?.method !== 'PUT').length;
    const sent = async (path: string) =>
      waitFor(() => {
        const call = fetch.mock.calls.find(([url]) => url.endsWith(path));
        expect(call).toBeTruthy();
        return JSON.parse(String(call![1]?.body)) as unknown;
      });
    return { reads, sent };
  }

  it('names the amendment shown when declining it, and reads the changes again once refused', async () => {
    const amendment = requestedAmendment({ fields: [fieldChange('commodity', 'commodity', 'Pistachios', 'Dates')] });
    const { reads, sent } = refusing({ amendment, cancellation: null, cargoSailedAt: null });
    const user = userEvent.setup();
    renderWithProviders(<ChangeReview rateRequestId="rr-1" />);
    await user.type(await screen.findByLabelText('Message to the customer'), 'Dates are not allowed');
    const before = reads();
    await user.click(screen.getByRole('button', { name: 'Decline amendment' }));
    expect(await sent('/amendments/decline')).toEqual({
      message: 'Dates are not allowed',
      seenUpdatedAt: amendment.updatedAt,
    });
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
  });

  it('names the cancellation request shown when declining it', async () => {
    const cancellation = { ...CHANGES.cancellation, updatedAt: '2026-12-03T08:00:00.000000Z' };
    const { sent } = refusing({ ...CHANGES, cancellation });
    const user = userEvent.setup();
    renderWithProviders(<ChangeReview rateRequestId="rr-1" />);
    await user.type(await screen.findByLabelText('Message to the customer'), 'The date can move instead');
    await user.click(screen.getByRole('button', { name: 'Decline cancellation' }));
    expect(await sent('/cancellation-request/decline')).toEqual({
      message: 'The date can move instead',
      seenUpdatedAt: cancellation.updatedAt,
    });
  });

  it('names the booking as the ask opened', async () => {
    const { sent } = refusing({ amendment: null, cancellation: null, cargoSailedAt: null });
    const user = userEvent.setup();
    renderWithProviders(<ChangeReview rateRequestId="rr-1" />);
    await user.click(await screen.findByRole('button', { name: 'Ask customer to amend' }));
    await user.type(screen.getByLabelText('What the customer should change, and why'), 'Name the consignee');
    await user.click(screen.getByRole('button', { name: 'Ask customer to amend' }));
    expect(await sent('/amendments/ask')).toEqual({
      message: 'Name the consignee',
      seenUpdatedAt: rateRequestDetail().updatedAt,
    });
  });
});
