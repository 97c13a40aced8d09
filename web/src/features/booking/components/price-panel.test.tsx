import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/i18n';
import { formatMoment } from '@/lib/format';
import { stubFetchEachTest } from '@/testing/fetch';
import { rateRequestDetail } from '@/testing/orders';
import { envelope, failureEnvelope, renderWithProviders } from '@/testing/render';
import { rateRequestOptions } from '../api/booking-api';
import { PricePanel } from './steps';

const fetchMock = stubFetchEachTest();

const quoted = rateRequestDetail({
  stateName: 'quoted',
  state: 1,
  order: null,
  price: 1505,
  totalPrice: 3010,
  quantity: 2,
  charges: [],
  validUntil: '2026-12-07T01:22:24Z',
});

/** The line that gives the price: its label, the amount per container, the total and the validity. */
const priceLine = (label: string) => screen.getByText(label).closest('p');

describe("the customer's price line", () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('gives the moment the quote is valid until, not a whole day', () => {
    renderWithProviders(<PricePanel detail={quoted} />);
    expect(priceLine('Price per container:')?.textContent).toContain(
      `quote valid until ${formatMoment('2026-12-07T01:22:24Z')}`,
    );
  });

  it('in Persian, keeps each amount isolated beside its own words', async () => {
    await act(() => setLanguage('fa'));
    renderWithProviders(<PricePanel detail={quoted} />);
    const line = priceLine('نرخ هر کانتینر:')?.textContent ?? '';
    // Each amount a left-to-right isolate: the per-container rate beside its label, the total beside "for 2".
    expect(line).toMatch(/^نرخ هر کانتینر: \u2066\$۱٬۵۰۵٫۰۰\u2069 – \u2066\$۳٬۰۱۰٫۰۰\u2069 برای ۲ کانتینر/);
    expect(line).not.toContain('\u200e');
  });
});

/** The panel as the booking's page shows it: the detail read from the server. */
function PricePage({ id }: { id: string }) {
  const query = useQuery(rateRequestOptions(id));
  return query.data ? <PricePanel detail={query.data} /> : null;
}

// Staff quoted again ($2,900) while her Accept price dialog showed $1,505: the accept names $1,505, refused.
describe('a price given again under the customer’s open dialog', () => {
  const REFUSAL = 'The price changed to $2,900.00 per container since you opened it: read it before you accept';
  function answered() {
    const puts: { url: string; body: unknown }[] = [];
    let reads = 0;
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (init?.method === 'PUT') {
        puts.push({ url: String(url), body: JSON.parse(String(init.body ?? 'null')) });
        return failureEnvelope(REFUSAL, 409);
      }
      if (!String(url).endsWith(`/rate-requests/${quoted.id}`)) return envelope(null);
      reads += 1;
      return envelope(reads <= 1 ? quoted : { ...quoted, price: 2900, totalPrice: 5800 });
    });
    return { puts, reads: () => reads };
  }
  async function acceptInTheDialog() {
    fireEvent.click(await screen.findByRole('button', { name: 'Accept price' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Accept price' }));
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
  }

  it('accepts naming the price the dialog shows', async () => {
    const { puts } = answered();
    renderWithProviders(<PricePage id={quoted.id} />);
    await acceptInTheDialog();
    expect(puts).toEqual([{ url: expect.stringMatching(/\/rate-requests\/rr-1\/approve$/), body: { price: 1505 } }]);
  });

  it('shows the price as it is now at once on the refusal, not at the next poll', async () => {
    const { reads } = answered();
    renderWithProviders(<PricePage id={quoted.id} />);
    await acceptInTheDialog();
    await vi.waitFor(() => expect(reads()).toBeGreaterThan(1));
    expect(within(await screen.findByRole('dialog')).getByText(/\$2,900\.00/)).toBeTruthy();
  });
});
