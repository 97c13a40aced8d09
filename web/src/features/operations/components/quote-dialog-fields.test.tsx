import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18next } from '@/i18n';
import { stubFetchEachTest } from '@/testing/fetch';
import { readInPersian } from '@/testing/language';
import { rateRequestDetail } from '@/testing/orders';
import { envelope, renderWithProviders } from '@/testing/render';
import { QuoteDialog } from './quote-dialog';

const fetchMock = stubFetchEachTest();
const said = (key: 'quote.pricePositive' | 'quote.validityRequired' | 'quote.chargeAmount') =>
  i18next.t(key, { ns: 'operations' });
const KINDS = [{ code: 'ocean_freight', name: 'Ocean freight', per: 'container' as const }];

/** The quote dialog of a request no tariff row priced, with Confirm pressed on what is typed so far. */
async function confirmed(breakDown = false): Promise<HTMLElement> {
  fetchMock.mockImplementation(async () =>
    envelope({ matched: false, row: null, charges: [], price: null, chargeKinds: KINDS }),
  );
  renderWithProviders(<QuoteDialog detail={rateRequestDetail()} onClose={() => {}} />);
  const dialog = await screen.findByRole('dialog');
  const breakDownButton = { name: i18next.t('operations:quote.breakDown') };
  if (breakDown) fireEvent.click(within(dialog).getByRole('button', breakDownButton));
  const confirm = within(dialog).getByRole('button', { name: i18next.t('operations:actionDialog.confirm') });
  confirm.focus();
  fireEvent.click(confirm);
  return dialog;
}

/** The text of what describes `field` (its error, its hint). */
const describedText = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

function expectInvalid(field: HTMLElement, error: string) {
  expect(field.getAttribute('aria-invalid')).toBe('true');
  expect(describedText(field)).toContain(error);
}

describe('a quote confirmed empty', () => {
  it('says under each field what is wrong with it, all at once, and focuses the price', async () => {
    const dialog = await confirmed();
    const price = within(dialog).getByLabelText(i18next.t('operations:quote.priceLabel'));
    const validity = within(dialog).getByLabelText(i18next.t('operations:quote.validUntil'));
    await waitFor(() => expect(document.activeElement).toBe(price));
    expectInvalid(price, said('quote.pricePositive'));
    expectInvalid(validity, said('quote.validityRequired'));
    expect(within(dialog).queryByRole('alert')).toBeNull(); // nothing said for the dialog as a whole
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/quote'))).toBe(false);
  });

  it('clears a field’s error once it is typed in, and keeps the other’s', async () => {
    const dialog = await confirmed();
    const price = within(dialog).getByLabelText(i18next.t('operations:quote.priceLabel'));
    fireEvent.change(price, { target: { value: '1450' } });
    expect(price.getAttribute('aria-invalid')).toBeNull();
    expectInvalid(
      within(dialog).getByLabelText(i18next.t('operations:quote.validUntil')),
      said('quote.validityRequired'),
    );
  });

  it('broken down, says it under the line without an amount, and focuses that line', async () => {
    const dialog = await confirmed(true);
    const line = within(dialog).getByTestId('charge-line').querySelector('input')!;
    await waitFor(() => expect(document.activeElement).toBe(line));
    expectInvalid(line, said('quote.chargeAmount'));
    expectInvalid(
      within(dialog).getByLabelText(i18next.t('operations:quote.validUntil')),
      said('quote.validityRequired'),
    );
  });

  describe('in Persian', () => {
    readInPersian();

    it('says each field’s error in Persian', async () => {
      const dialog = await confirmed();
      const price = within(dialog).getByLabelText(i18next.t('operations:quote.priceLabel'));
      await waitFor(() => expect(document.activeElement).toBe(price));
      expectInvalid(price, said('quote.pricePositive'));
      expect(said('quote.pricePositive')).not.toBe('Price must be a positive number of USD');
    });
  });
});

describe('a quote valid until a day its month lacks', () => {
  async function confirmedUntil(typed: string): Promise<HTMLElement> {
    fetchMock.mockImplementation(async () =>
      envelope({ matched: false, row: null, charges: [], price: null, chargeKinds: KINDS }),
    );
    renderWithProviders(<QuoteDialog detail={rateRequestDetail()} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(i18next.t('operations:quote.priceLabel')), {
      target: { value: '1450' },
    });
    const validity = within(dialog).getByLabelText(i18next.t('operations:quote.validUntil'));
    fireEvent.change(validity, { target: { value: typed } });
    fireEvent.click(within(dialog).getByRole('button', { name: i18next.t('operations:actionDialog.confirm') }));
    return validity;
  }

  it('is told the month’s length under the field, and nothing is sent', async () => {
    const validity = await confirmedUntil('1405/12/30');
    await waitFor(() => expectInvalid(validity, 'Esfand 1405 has 29 days: there is no 1405/12/30.'));
    expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/quote'))).toBe(false);
  });

  it('in the Gregorian calendar too', async () => {
    const validity = await confirmedUntil('2027/02/29');
    await waitFor(() => expectInvalid(validity, 'February 2027 has 28 days: there is no 2027/02/29.'));
  });
});

// Two staff at one booking: the quote names the price its dialog opened on, so a colleague's quote made
// meanwhile is refused (409) rather than followed by a second, contradictory price.
describe('a quote confirmed', () => {
  async function quoteSent(price: number | null): Promise<unknown> {
    fetchMock.mockImplementation(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? envelope(rateRequestDetail())
        : envelope({ matched: false, row: null, charges: [], price: null, chargeKinds: KINDS }),
    );
    renderWithProviders(<QuoteDialog detail={rateRequestDetail({ price })} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(i18next.t('operations:quote.priceLabel')), {
      target: { value: '1450' },
    });
    fireEvent.change(within(dialog).getByLabelText(i18next.t('operations:quote.validUntil')), {
      target: { value: '2099-01-01' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: i18next.t('operations:actionDialog.confirm') }));
    const put = await waitFor(() => {
      const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/quote'));
      expect(call).toBeTruthy();
      return call!;
    });
    return JSON.parse(String((put[1] as RequestInit).body));
  }

  it('names the price the booking had as the dialog opened', async () => {
    expect(await quoteSent(1250.5)).toMatchObject({ price: 1450, previousPrice: 1250.5 });
  });

  // The customer may ask for other containers while the dialog is open (decision 3908).
  it('names the booking as the dialog opened', async () => {
    expect(await quoteSent(null)).toMatchObject({ seenUpdatedAt: rateRequestDetail().updatedAt });
  });

  it('names no price (null) for a booking not quoted yet', async () => {
    expect(await quoteSent(null)).toMatchObject({ price: 1450, previousPrice: null });
  });
});

// A colleague's price came first: the dialog says whose, when, and the price it now stands at, in the reader's
// language and digits (decision 3922).
describe('a quote refused for a price quoted meanwhile', () => {
  async function refused(): Promise<HTMLElement> {
    fetchMock.mockImplementation(async (_url: string, init?: RequestInit) =>
      init?.method === 'PUT'
        ? new Response(
            JSON.stringify({
              isSuccess: false,
              isError: true,
              error: {
                description:
                  'sara.karimi already quoted $1,450.75 per container for this booking at 2026/12/07 14:02 UTC',
                details: {
                  decidedBy: 'sara.karimi',
                  decidedByYou: false,
                  decidedAt: '2026-12-07T14:02:09Z',
                  machine: 'rate_request',
                  state: 'quoted',
                  price: 1450.75,
                },
              },
              response: null,
            }),
            { status: 409, headers: { 'Content-Type': 'application/json' } },
          )
        : envelope({ matched: false, row: null, charges: [], price: null, chargeKinds: KINDS }),
    );
    renderWithProviders(<QuoteDialog detail={rateRequestDetail({ price: 1300 })} onClose={() => {}} />);
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(i18next.t('operations:quote.priceLabel')), {
      target: { value: '1500' },
    });
    fireEvent.change(within(dialog).getByLabelText(i18next.t('operations:quote.validUntil')), {
      target: { value: '2099-01-01' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: i18next.t('operations:actionDialog.confirm') }));
    return dialog;
  }

  it('names the price now standing', async () => {
    const dialog = await refused();
    expect(
      await within(dialog).findByText(/already quoted \$1,450\.75 per container for this booking at /),
    ).toBeTruthy();
  });

  describe('in Persian', () => {
    readInPersian();

    it('with Persian digits', async () => {
      const dialog = await refused();
      expect(
        await within(dialog).findByText(/نرخ \u2066.*۱٬۴۵۰٫۷۵.*\u2069 برای هر کانتینر اعلام کرده است/),
      ).toBeTruthy();
    });
  });
});
