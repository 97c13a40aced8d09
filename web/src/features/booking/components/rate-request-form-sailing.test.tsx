import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SailingView } from '@/components/sailing/sailing-facts';
import { stubFetchEachTest } from '@/testing/fetch';
import { envelope, renderWithProviders } from '@/testing/render';
import { RateRequestForm } from './rate-request-form';

// A sailing chosen on the new rate request belongs to its lane: changing either port drops it, so a
// customer who changes a port and back does not send a sailing she no longer sees chosen.
const PORTS = [
  { id: 1, name: 'Bandar Abbas (IRBND)' },
  { id: 2, name: 'Hamburg (DEHAM)' },
  { id: 3, name: 'Jebel Ali (AEJEA)' },
];

const sailing = (pol: string, pod: string): SailingView => ({
  serviceCode: 'FE3',
  serviceName: 'Far East 3',
  vesselName: 'KING OF THE SEAS',
  vesselIMONumber: '9811000',
  voyage: '2451W',
  importVoyage: '2451E',
  portOfLoading: pol,
  portOfDischarge: pod,
  departure: '2027-01-10T12:00:00Z',
  arrival: '2027-02-01T12:00:00Z',
  transitDays: 22,
  cutOffs: [],
  routingReference: `FE3-2451W-${pol}-${pod}`,
  estimated: false,
});

const fetchMock = stubFetchEachTest();

function serve() {
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://portal.test');
    if (url.pathname.endsWith('/port/loadings')) return envelope({ list: { list: PORTS } });
    if (url.pathname.endsWith('/sailings')) {
      const code = (id: string | null) => PORTS.find((p) => String(p.id) === id)?.name.slice(-6, -1) ?? '';
      return envelope({
        list: { list: [sailing(code(url.searchParams.get('polId')), code(url.searchParams.get('podId')))] },
      });
    }
    if (url.pathname.endsWith('/places')) return envelope([]);
    return envelope({ list: { list: [] } });
  });
}

// The ports by the contract's words (contract/field-labels.json), as every screen names them.
const PORT = { POL: 'Port of loading', POD: 'Port of discharge' } as const;

async function pick(field: 'POL' | 'POD', port: string) {
  fireEvent.click(screen.getByRole('combobox', { name: PORT[field] }));
  fireEvent.click(await screen.findByRole('option', { name: port }));
}

describe('the sailing chosen on a new rate request', () => {
  it.each(['POL', 'POD'] as const)('is dropped when the %s changes, and not chosen again on return', async (field) => {
    serve();
    renderWithProviders(<RateRequestForm onSaved={() => {}} />);
    await pick('POL', 'Bandar Abbas (IRBND)');
    await pick('POD', 'Hamburg (DEHAM)');
    const chosen = await screen.findByRole('radio', { name: /KING OF THE SEAS/ });
    fireEvent.click(chosen);
    expect((chosen as HTMLInputElement).checked).toBe(true);

    const [away, back] =
      field === 'POL' ? ['Jebel Ali (AEJEA)', 'Bandar Abbas (IRBND)'] : ['Jebel Ali (AEJEA)', 'Hamburg (DEHAM)'];
    await pick(field, away);
    await pick(field, back);
    const again = await screen.findByRole('radio', { name: /KING OF THE SEAS/ });
    expect((again as HTMLInputElement).checked).toBe(false);
    expect(
      (screen.getByRole('radio', { name: 'No particular sailing: we plan one from your date' }) as HTMLInputElement)
        .checked,
    ).toBe(true);
  });
});
