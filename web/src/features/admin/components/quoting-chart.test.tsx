import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetchEachTest } from '@/testing/fetch';
import { readInPersian } from '@/testing/language';
import { envelope, renderWithProviders } from '@/testing/render';
import { formatWait } from '../lib/quoting';
import { QuotingPanel } from './quoting-chart';

const none = { quoted: 0, medianSecondsToQuote: null, p90SecondsToQuote: null };
const week = (weekStart: string, changes: Record<string, unknown>) => ({
  weekStart,
  requests: 0,
  quoted: 0,
  quotedInstantly: 0,
  instantShare: null,
  medianSecondsToQuote: null,
  p90SecondsToQuote: null,
  fromTariff: none,
  byStaff: none,
  accepted: 0,
  acceptedShare: null,
  waiting: 0,
  oldestWaitSeconds: null,
  ...changes,
});
const HOUR = 3600;
const DAY = 24 * HOUR;
// Oldest first, as the server answers: a week without requests, a mixed week (4 tariff quotes, 3 staff quotes
// taking 2, 5.5 and 9 hours, 2 requests still waiting for a price, the oldest for 8.25 days, and one withdrawn)
// and a week only the tariff quoted.
const WEEKS = [
  week('2026-11-23', {}),
  week('2026-11-30', {
    requests: 10,
    quoted: 7,
    quotedInstantly: 4,
    instantShare: 4 / 10,
    medianSecondsToQuote: 0,
    p90SecondsToQuote: 9 * HOUR,
    fromTariff: { quoted: 4, medianSecondsToQuote: 0, p90SecondsToQuote: 0 },
    byStaff: { quoted: 3, medianSecondsToQuote: 5.5 * HOUR, p90SecondsToQuote: 9 * HOUR },
    accepted: 3,
    acceptedShare: 3 / 7,
    waiting: 2,
    oldestWaitSeconds: 8.25 * DAY,
  }),
  week('2026-12-07', {
    requests: 1,
    quoted: 1,
    quotedInstantly: 1,
    instantShare: 1,
    medianSecondsToQuote: 0.0002,
    p90SecondsToQuote: 0.0002,
    fromTariff: { quoted: 1, medianSecondsToQuote: 0.0002, p90SecondsToQuote: 0.0002 },
  }),
];

/** Each week's cells, newest first (the table's order). */
async function rows(): Promise<string[][]> {
  const found = await screen.findAllByTestId('quoting-week');
  return found.map((row) =>
    within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent ?? ''),
  );
}

describe('quoting by week', () => {
  const fetchMock = stubFetchEachTest();

  it("tells the time to quote apart for the tariff's quotes and staff's, and how many still wait for a price", async () => {
    fetchMock.mockResolvedValue(envelope(WEEKS));
    renderWithProviders(<QuotingPanel />);
    const [thisWeek, mixed, empty] = await rows();
    expect(screen.getByRole('columnheader', { name: 'Quoted from the tariff' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Quoted by staff' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Waiting for a price' })).toBeTruthy();
    // Week | requests | waiting (oldest's wait) | tariff: quotes (share), median | staff: quotes, median, 90th
    // pct. | accepted.
    expect(mixed).toEqual([
      '2026/11/30',
      '10',
      '2 (oldest 8.3 days)',
      '4 (40%)',
      'under 1 s',
      '3',
      '5.5 h',
      '9.0 h',
      '43%',
    ]);
    expect(thisWeek.slice(1, 8)).toEqual(['1', '0', '1 (100%)', 'under 1 s', '0', 'no staff quotes', '-']);
    expect(empty.slice(1, 9)).toEqual(['0', '-', '-', '-', '-', '-', '-', '-']);
    // What counts as waiting is said under the chart.
    expect(screen.getByText(/^Waiting for a price: requests not priced yet/)).toBeTruthy();
  });

  describe('in Persian', () => {
    readInPersian();

    it('labels each way of quoting and what still waits, and says when staff quoted none', async () => {
      fetchMock.mockResolvedValue(envelope(WEEKS));
      renderWithProviders(<QuotingPanel />);
      const [thisWeek, mixed] = await rows();
      expect(screen.getByRole('columnheader', { name: 'نرخ‌گذاری از تعرفه' })).toBeTruthy();
      expect(screen.getByRole('columnheader', { name: 'نرخ‌گذاری توسط کارکنان' })).toBeTruthy();
      expect(screen.getByRole('columnheader', { name: 'در انتظار نرخ' })).toBeTruthy();
      // Hours are worded as every wait on this screen is (lib/quoting's own test covers that wording).
      const hours = [formatWait(5.5 * HOUR), formatWait(9 * HOUR)];
      expect(mixed.slice(1, 8)).toEqual(['۱۰', '۲ (قدیمی‌ترین ۸٫۳ روز)', '۴ (٪۴۰)', 'کمتر از ۱ ثانیه', '۳', ...hours]);
      expect(hours).toEqual(['۵٫۵ ساعت', '۹٫۰ ساعت']);
      expect(thisWeek.slice(1, 3)).toEqual(['۱', '۰']);
      expect(thisWeek[6]).toBe('کارکنان نرخی اعلام نکردند');
    });
  });
});
