import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/i18n';
import { stubFetchEachTest } from '@/testing/fetch';
import { envelope, renderWithProviders } from '@/testing/render';
import { loadedProgress } from '@/testing/tracking';
import { StatePanel } from './state-panel';

const ID = '9b2f6a40-3c1e-5a7d-8f21-6d0c4e5b7a13';
const tracking = loadedProgress();

async function trackingLine(): Promise<string> {
  renderWithProviders(
    <StatePanel aggregateId={ID} kind="rate_request" asOf={{ position: 7 }} onClose={() => undefined} />,
  );
  const line = await screen.findByTestId('as-of-tracking');
  return line.querySelector('strong')?.textContent ?? '';
}

describe("the audit state's tracking line", () => {
  const fetchMock = stubFetchEachTest();
  const answer = () =>
    fetchMock.mockResolvedValueOnce(
      envelope({
        aggregateId: ID,
        aggregateKind: 'RateRequest',
        version: 7,
        state: { id: ID, reference: 'FR-2612-0007', version: 7 },
        tracking,
      }),
    );

  afterEach(async () => {
    await act(() => setLanguage('en'));
  });

  it("is worded in Persian as the customer's tracking screen words it, not the server's English summary", async () => {
    await act(() => setLanguage('fa'));
    answer();
    const said = await trackingLine();
    expect(said).toBe(
      'بارگیری روی \u2068KING OF THE SEAS\u2069 در \u2068Bandar Abbas\u2069، رسیدن به \u2068Hamburg\u2069 در ۱۴۰۵/۱۰/۲۴، ۲ روز تأخیر',
    );
    expect(said.replace(/\u2068[^\u2069]*\u2069/g, '')).not.toMatch(/[A-Za-z]/);
  });

  it("is the server's summary in English", async () => {
    answer();
    expect(await trackingLine()).toBe(tracking.summary);
  });
});
