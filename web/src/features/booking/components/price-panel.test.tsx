import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { formatMoment } from '@/lib/format';
import { rateRequestDetail } from '@/testing/orders';
import { renderWithProviders } from '@/testing/render';
import { PricePanel } from './steps';

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
