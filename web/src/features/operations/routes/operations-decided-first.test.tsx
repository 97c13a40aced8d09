import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import table from '../../../../../contract/decided-first.json';
import english from '../../../../../contract/validation-messages.json';
import persian from '../../../../../contract/validation-messages.fa.json';
import { setLanguage } from '@/i18n';
import { decidedFirstWords } from '@/lib/decided-first';
import { formatMoment, formatMoney } from '@/lib/format';
import { getState } from '@/lib/lifecycle';
import { stubFetchEachTest } from '@/testing/fetch';
import { rateRequestDetail, shippingOrder } from '@/testing/orders';
import { envelope, renderWithProviders } from '@/testing/render';
import { ChangeReview } from '../components/change-review';
import { OperationsRoute } from './operations';

// Two staff members on one booking: the second's decision, refused because the first decided already, names
// the colleague and the time in the reader's zone and calendar, in the catalogue's words the server says
// too (decision 3916).
const fetchMock = stubFetchEachTest();
beforeAll(() => {
  Element.prototype.scrollIntoView = vi.fn(); // the panel scrolls itself into view; jsdom has no layout
});
afterEach(() => act(() => setLanguage('en')));

const AT = '2026-12-07T14:02:09.123456Z';
const ACCEPTED = {
  decidedBy: 'sara.karimi',
  decidedByYou: false,
  decidedAt: AT,
  machine: 'shipping_order',
  state: 'ready_for_approval',
};

function submittedOrder() {
  const state = getState('shipping_order', 'submitted')!;
  const order = {
    ...shippingOrder({ status: state.code, statusName: 'submitted', statusLabel: state.label }),
    revisionRequests: {},
  };
  return { ...rateRequestDetail({ order }), needsAttention: null, orderMismatch: null };
}

function refusedAsAcceptedFirst(details: typeof ACCEPTED = ACCEPTED) {
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.includes('/shipping-orders/so-1/accept'))
      return new Response(
        JSON.stringify({
          isSuccess: false,
          isError: true,
          error: {
            description: `${details.decidedBy} already accepted this shipping order at 2026/12/07 14:02 UTC`,
            details,
          },
          response: null,
        }),
        { status: 409, headers: { 'Content-Type': 'application/json' } },
      );
    if (url.includes('/rate-requests/rr-1/changes'))
      return envelope({ amendment: null, cancellation: null, cargoSailedAt: null });
    if (url.includes('/rate-requests/rr-1/sailing')) return envelope(null);
    if (url.includes('/rate-requests/rr-1')) return envelope(submittedOrder());
    return envelope({ list: { list: [], totalCount: 0 } });
  });
}

const at = () => `\u2068${formatMoment(AT)}\u2069`;

describe('a booking decision a colleague made first', () => {
  it('names the colleague and the time, in the reader’s zone', async () => {
    refusedAsAcceptedFirst();
    renderWithProviders(<OperationsRoute />, { route: '/?open=rr-1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Shipping Order' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const said = await within(dialog).findByText(/already accepted this shipping order/);
    expect(said.textContent).toBe(`\u2068sara.karimi\u2069 already accepted this shipping order at ${at()}`);
  });

  it('in Persian, the time in the Solar Hijri calendar', async () => {
    await act(() => setLanguage('fa'));
    refusedAsAcceptedFirst();
    renderWithProviders(<OperationsRoute />, { route: '/?open=rr-1' });
    fireEvent.click(await screen.findByRole('button', { name: 'پذیرش دستور حمل' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'تأیید' }));
    const said = await within(dialog).findByText(/این دستور حمل را در/);
    expect(said.textContent).toBe(`\u2068sara.karimi\u2069 این دستور حمل را در ${at()} پذیرفته است`);
    expect(at()).toMatch(/[۰-۹]/); // Persian digits, the reader's calendar
  });
});

// One staff member deciding twice (a second tab, a double submit): told it was their own decision, in the second
// person, never their own login name (decision 3922).
describe('a booking decision the reader made first themselves', () => {
  const MINE = { ...ACCEPTED, decidedBy: 'admin', decidedByYou: true };

  it('says “You”, in the reader’s zone', async () => {
    refusedAsAcceptedFirst(MINE);
    renderWithProviders(<OperationsRoute />, { route: '/?open=rr-1' });
    fireEvent.click(await screen.findByRole('button', { name: 'Accept Shipping Order' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const said = await within(dialog).findByText(/already accepted this shipping order/);
    expect(said.textContent).toBe(`You already accepted this shipping order at ${at()}`);
  });

  it('in Persian, the verb in the second person', async () => {
    await act(() => setLanguage('fa'));
    refusedAsAcceptedFirst(MINE);
    renderWithProviders(<OperationsRoute />, { route: '/?open=rr-1' });
    fireEvent.click(await screen.findByRole('button', { name: 'پذیرش دستور حمل' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'تأیید' }));
    const said = await within(dialog).findByText(/این دستور حمل را در/);
    expect(said.textContent).toBe(`شما این دستور حمل را در ${at()} پذیرفته\u200cاید`);
  });
});

// Two staff members asking the customer to amend one booking: the second ask is a 409 naming who asked first
// (decision 3921), not the field message of a change waiting for a decision.
describe('an amendment a colleague asked for first', () => {
  it('names the colleague and the time in the failure toast', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/amendments/ask') && init?.method === 'PUT')
        return new Response(
          JSON.stringify({
            isSuccess: false,
            isError: true,
            error: {
              description: 'sara.karimi already asked the customer for this amendment at 2026/12/07 14:02 UTC',
              details: { ...ACCEPTED, machine: 'booking_amendment', state: 'asked' },
            },
            response: null,
          }),
          { status: 409, headers: { 'Content-Type': 'application/json' } },
        );
      if (String(input).endsWith('/changes'))
        return envelope({ amendment: null, cancellation: null, cargoSailedAt: null });
      return envelope(rateRequestDetail());
    });
    const user = userEvent.setup();
    renderWithProviders(<ChangeReview rateRequestId="rr-1" />);
    await user.click(await screen.findByRole('button', { name: 'Ask customer to amend' }));
    await user.type(screen.getByLabelText('What the customer should change, and why'), 'Name the consignee');
    await user.click(screen.getByRole('button', { name: 'Ask customer to amend' }));
    const said = await screen.findByText(/already asked the customer for this amendment/);
    expect(said.textContent).toBe(`\u2068sara.karimi\u2069 already asked the customer for this amendment at ${at()}`);
  });
});

// A quote refused because a price was quoted meanwhile (by a colleague, or by the reader in another tab): the
// sentence names the price it now stands at, per container, as the app writes money in the reader's language
// (decision 3922).
describe('a price quoted meanwhile', () => {
  const QUOTED = {
    decidedBy: 'sara.karimi',
    decidedByYou: false,
    decidedAt: AT,
    machine: 'rate_request',
    state: 'quoted',
  };

  it('names the price now standing, in English', () => {
    expect(decidedFirstWords({ details: { ...QUOTED, price: 1450.75 } })).toBe(
      `\u2068sara.karimi\u2069 already quoted $1,450.75 per container for this booking at ${at()}`,
    );
    const amendment = { ...QUOTED, machine: 'booking_amendment', state: 'requoted', decidedByYou: true, price: 2600 };
    expect(decidedFirstWords({ details: amendment })).toBe(
      `You already quoted $2,600.00 per container for this amendment at ${at()}`,
    );
    // No price carried: the sentence without one.
    expect(decidedFirstWords({ details: QUOTED })).toBe(
      `\u2068sara.karimi\u2069 already quoted a price for this booking at ${at()}`,
    );
  });

  it('in Persian, with Persian digits', async () => {
    await act(() => setLanguage('fa'));
    const price = formatMoney(1450.75);
    expect(price).toMatch(/۱٬۴۵۰٫۷۵/);
    expect(decidedFirstWords({ details: { ...QUOTED, price: 1450.75 } })).toBe(
      `\u2068sara.karimi\u2069 در ${at()} برای این رزرو نرخ ${price} برای هر کانتینر اعلام کرده است`,
    );
    expect(decidedFirstWords({ details: { ...QUOTED, decidedByYou: true, price: 1450.75 } })).toBe(
      `شما در ${at()} برای این رزرو نرخ ${price} برای هر کانتینر اعلام کرده\u200cاید`,
    );
  });
});

describe('the sentences of every decision, from the one catalogue', () => {
  const decisions = Object.entries(table.machines).flatMap(([machine, said]) =>
    Object.keys(said.states).map((state) => ({ machine, state })),
  );

  it.each(['en', 'fa'] as const)('each names who, the thing and when (%s)', async (language) => {
    await act(() => setLanguage(language));
    for (const { machine, state } of decisions) {
      const details = { decidedBy: 'sara.karimi', decidedByYou: false, decidedAt: AT, machine, state };
      const words = decidedFirstWords({ details });
      expect(words, `${machine}/${state}`).toContain('\u2068sara.karimi\u2069');
      expect(words, `${machine}/${state}`).toContain(at());
      expect(words, `${machine}/${state}`).not.toMatch(/[{}]|staff\.decidedFirst/);
      // The reader's own decision: in the second person, their name nowhere (decision 3922).
      const yours = decidedFirstWords({ details: { ...details, decidedBy: 'admin', decidedByYou: true } });
      expect(yours, `${machine}/${state}`).toMatch(language === 'en' ? /^You already / : /^شما /);
      expect(yours, `${machine}/${state}`).toContain(at());
      expect(yours, `${machine}/${state}`).not.toMatch(/admin|[{}]|staff\.decidedFirst/);
    }
  });

  it('every sentence and thing the table names is in both catalogues', () => {
    const outcomes = new Set(Object.values(table.machines).flatMap(({ states }) => Object.values(states)));
    const keys = [
      ...[...outcomes].flatMap((outcome) =>
        [table.sentences.byColleague, table.sentences.byYou].map((template) => template.replace('{outcome}', outcome)),
      ),
      ...Object.values(table.machines).map(({ thing }) => table.sentences.thing.replace('{thing}', thing)),
      ...table.priced.flatMap((outcome) =>
        [table.sentences.byColleagueAtPrice, table.sentences.byYouAtPrice].map((template) =>
          template.replace('{outcome}', outcome),
        ),
      ),
    ];
    for (const catalogue of [english, persian] as Record<string, string>[])
      expect(keys.filter((key) => !catalogue[key])).toEqual([]);
  });

  it('booking decisions, in English and Persian', async () => {
    const said = (machine: string, state: string) =>
      decidedFirstWords({ details: { decidedBy: 'sara.karimi', decidedByYou: false, decidedAt: AT, machine, state } });
    expect(said('rate_request', 'shipping_order')).toBe(
      `\u2068sara.karimi\u2069 already confirmed this booking at ${at()}`,
    );
    expect(said('booking_amendment', 'requoted')).toBe(
      `\u2068sara.karimi\u2069 already quoted a price for this amendment at ${at()}`,
    );
    expect(said('booking_amendment', 'asked')).toBe(
      `\u2068sara.karimi\u2069 already asked the customer for this amendment at ${at()}`,
    );
    expect(said('rate_request', 'loi_pending')).toBeNull(); // no staff decision leaves it there
    await act(() => setLanguage('fa'));
    expect(said('rate_request', 'rejected_by_admin')).toBe(
      `\u2068sara.karimi\u2069 این رزرو را در ${at()} رد کرده است`,
    );
    expect(said('booking_cancellation', 'confirmed')).toBe(
      `\u2068sara.karimi\u2069 این درخواست لغو را در ${at()} تأیید کرده است`,
    );
    expect(said('booking_amendment', 'asked')).toBe(
      `\u2068sara.karimi\u2069 در ${at()} این اصلاحیه را از مشتری درخواست کرده است`,
    );
  });
});
