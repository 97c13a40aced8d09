import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SailingView } from '@/components/sailing';
import { stubFetchEachTest } from '@/testing/fetch';
import { readInPersian } from '@/testing/language';
import { envelope, renderWithProviders } from '@/testing/render';
import { PublishedSchedules } from './published-schedules';

const leg: SailingView = {
  serviceCode: 'AEX',
  serviceName: 'Asia Europe Express',
  vesselName: 'MSC Aurora',
  vesselIMONumber: '9876543',
  voyage: '001W',
  importVoyage: '001E',
  portOfLoading: 'IRBND',
  portOfDischarge: 'DEHAM',
  departure: '2026-12-29T12:00:00Z',
  arrival: '2027-01-19T12:00:00Z',
  transitDays: 21,
  cutOffs: [
    { code: 'DCO', name: 'Shipping instructions (documentation)', at: '2026-12-26T12:00:00Z' },
    { code: 'VCO', name: 'Verified gross mass (VGM)', at: '2026-12-27T12:00:00Z' },
  ],
  routingReference: 'r-1',
  estimated: false,
};
const service = {
  serviceCode: 'AEX',
  serviceName: 'Asia Europe Express',
  publishedAt: '2026-12-01T10:00:00Z',
  publishedBy: 'admin',
  publications: 1,
  sailings: [leg],
};

describe('the published schedules in Persian', () => {
  const fetchMock = stubFetchEachTest();
  readInPersian();

  it("lists a leg's cut-offs with the language's semicolon, as the audit trail does", async () => {
    fetchMock.mockImplementation((url: string) =>
      Promise.resolve(
        String(url).includes('vessel-schedules') ? envelope({ list: { list: [service] } }) : envelope([]),
      ),
    );
    renderWithProviders(<PublishedSchedules />);
    const cell = (await screen.findByText(/^DCO /)).closest('td');
    expect(cell?.textContent).toMatch(/^DCO .+؛ VCO .+$/);
    expect(cell?.textContent).not.toContain(';');
  });
});
