import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { formatMoment } from '@/lib/format';
import { rateRequestDetail } from '@/testing/orders';
import { BookingFacts } from './booking-facts';

const quoted = rateRequestDetail({
  stateName: 'quoted',
  state: 1,
  order: null,
  validUntil: '2026-12-07T01:22:24Z',
  pol: { id: 1, name: 'Bandar Abbas (IRBND)', value: 1 },
  pod: { id: 2, name: 'Hamburg (DEHAM)', value: 2 },
});

/** The definition a term names on the card. */
const fact = (term: string) => screen.getByText(term).nextElementSibling;

describe("the booking's facts", () => {
  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it('says until what moment a quote is valid, as the e-mail and an amendment say it, not a whole day', () => {
    render(<BookingFacts request={quoted} />);
    const until = fact('Quote valid until')?.textContent;
    expect(until).toBe(formatMoment('2026-12-07T01:22:24Z'));
    expect(until).toMatch(/\d{2}:\d{2}/);
  });

  it('points the route from the port of loading to the port of discharge the way the text reads', async () => {
    const { unmount } = render(<BookingFacts request={quoted} />);
    expect(fact('Route')?.textContent).toBe('Bandar Abbas (IRBND) → Hamburg (DEHAM)');
    unmount();
    await act(() => setLanguage('fa'));
    render(<BookingFacts request={quoted} />);
    const route = fact('مسیر');
    // Each port isolated, so the arrow between them takes the sentence's direction: right to left, pointing left.
    expect(route?.textContent).toBe('Bandar Abbas (IRBND) ← Hamburg (DEHAM)');
    expect([...(route?.querySelectorAll('bdi') ?? [])].map((b) => b.textContent)).toEqual([
      'Bandar Abbas (IRBND)',
      'Hamburg (DEHAM)',
    ]);
  });
});
