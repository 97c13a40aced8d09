import { screen, waitFor } from '@testing-library/react';
import { i18next, setLanguage } from '@/i18n';
import { renderWithProviders as render } from '@/testing/render';
import { describe, expect, it, vi } from 'vitest';
import { fieldLabel } from '@/lib/field-words';
import { BookingSailingFacts, type BookingSailing, type SailingView } from './sailing-facts';

const estimate: SailingView = {
  serviceCode: '',
  serviceName: '',
  vesselName: null,
  vesselIMONumber: null,
  voyage: '',
  importVoyage: '',
  portOfLoading: 'CNSHA',
  portOfDischarge: 'SGSIN',
  departure: '2026-12-29T12:00:00Z',
  arrival: '2027-01-19T12:00:00Z',
  transitDays: 21,
  cutOffs: [{ code: 'DCO', name: 'Shipping instructions (documentation)', at: '2026-12-26T12:00:00Z' }],
  routingReference: '',
  estimated: true,
};

const booked = (sailing: SailingView, previous: SailingView | null = null): BookingSailing => ({
  sailing,
  previous,
  chosenBy: 'admin',
  remindersSent: [],
  orderSubmittedAt: null,
  orderLate: false,
});

describe('BookingSailingFacts', () => {
  it('says an estimated sailing is estimated, not an unnamed vessel on an empty voyage', () => {
    render(<BookingSailingFacts booked={booked(estimate)} />);
    expect(screen.getByText(/Estimated: the carrier has not named the vessel and voyage yet/)).toBeTruthy();
    expect(screen.queryByText(/voyage\s*·/)).toBeNull();
  });

  it('of a booking that ended without sailing, says what it was booked on, with no cut-off to meet', () => {
    const late = { ...booked(estimate), orderLate: true };
    const { unmount } = render(<BookingSailingFacts booked={late} />);
    expect(screen.getByRole('heading', { name: 'Sailing and cut-offs' })).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Cut-offs' })).toBeTruthy();
    expect(screen.getByText(/these times and cut-offs will change/)).toBeTruthy();
    unmount();

    render(<BookingSailingFacts booked={late} ended />);
    expect(screen.getByRole('heading', { name: 'The sailing it was booked on' })).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Cut-offs' })).toBeNull();
    expect(screen.queryByText(/will change/)).toBeNull();
    expect(screen.getByText('Estimated: the carrier had not named the vessel and voyage.')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull(); // nor that its order came late
  });

  it('once its vessel left, says when and on what, with no cut-off, estimate or move still ahead', () => {
    const moved = { ...booked(estimate, { ...estimate, departure: '2026-12-28T12:00:00Z' }), orderLate: true };
    const departed = { at: '2026-12-30T03:40:00+08:00', vesselName: 'KING OF THE SEAS', port: 'CNSHA' };
    render(<BookingSailingFacts booked={{ ...moved, departed }} />);
    expect(screen.getByRole('heading', { name: 'The sailing it left on' })).toBeTruthy();
    expect(screen.getByText('KING OF THE SEAS').closest('p')?.textContent).toBe('Left on KING OF THE SEAS');
    expect(screen.getByText(/^Departed/).closest('div')?.textContent).toContain('2026/12/29 19:40');
    expect(screen.queryByRole('list', { name: 'Cut-offs' })).toBeNull();
    expect(screen.queryByText(/Estimated/)).toBeNull();
    expect(screen.queryByText(/ETD/)).toBeNull();
    expect(screen.queryByRole('status')).toBeNull(); // nor a move of the plan, nor a late order
  });

  it('of a booking that ended, says what it was booked on though the vessel left', () => {
    const departed = { at: '2026-12-30T03:40:00+08:00', vesselName: 'KING OF THE SEAS', port: 'CNSHA' };
    render(<BookingSailingFacts booked={{ ...booked(estimate), departed }} ended />);
    expect(screen.getByRole('heading', { name: 'The sailing it was booked on' })).toBeTruthy();
    expect(screen.queryByText(/KING OF THE SEAS/)).toBeNull();
  });

  it('of a booking whose sailing nobody may change any more, says the estimate is the plan, not that it will change', () => {
    render(<BookingSailingFacts booked={booked(estimate)} settled />);
    expect(screen.getByRole('heading', { name: 'Sailing and cut-offs' })).toBeTruthy();
    expect(
      screen.getByText(
        'Estimated: no vessel and voyage were named for this booking; these are the times it was planned on.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/will change/)).toBeNull();
    expect(screen.getByRole('list', { name: 'Cut-offs' })).toBeTruthy(); // its cargo is still due by them
  });

  it('says of a schedule move only what moved: an unmoved departure is not said to have been elsewhen', () => {
    const named: SailingView = { ...estimate, vesselName: 'Kharg Star', voyage: '2407W', estimated: false };
    const later = { ...named, arrival: '2027-01-20T12:00:00Z' };
    const { unmount } = render(<BookingSailingFacts booked={booked(later, named)} />);
    const said = screen.getByRole('status').textContent ?? '';
    expect(said).toMatch(/^The carrier moved this sailing: arrival was /);
    expect(said).not.toContain('departure');
    unmount();
    const both = { ...later, departure: '2026-12-30T12:00:00Z' };
    render(<BookingSailingFacts booked={booked(both, named)} />);
    expect(screen.getByRole('status').textContent).toMatch(/departure was .*, arrival was /);
  });

  it('tells a named sailing that replaced an estimate apart from a schedule move', () => {
    const named: SailingView = {
      ...estimate,
      vesselName: 'Kharg Star',
      voyage: '2407W',
      serviceName: 'PGX',
      estimated: false,
    };
    render(<BookingSailingFacts booked={booked(named, estimate)} />);
    expect(screen.getByRole('status').textContent).toContain('The carrier named this sailing');
    expect(screen.queryByText(/The carrier moved this sailing/)).toBeNull();
  });

  it('writes departure and cut-offs in the port of loading time, the arrival in the port of discharge time', async () => {
    const places = [
      { code: 'CNSHA', name: 'Shanghai', timeZone: 'Asia/Shanghai' },
      { code: 'SGSIN', name: 'Singapore', timeZone: 'Asia/Singapore' },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ isSuccess: true, isError: false, response: places }))),
    );
    render(
      <BookingSailingFacts
        booked={booked({ ...estimate, portOfDischarge: 'IRBND', arrival: '2027-01-19T12:00:00Z' })}
      />,
    );
    const terms = () => [...document.querySelectorAll('dt')].map((dt) => dt.textContent);
    await waitFor(() => expect(terms()).toContain('ETD Shanghai'));
    expect(terms()).toContain('ETA IRBND');
    expect(screen.getByText('2026/12/29 20:00 local time (UTC+08:00)')).toBeTruthy();
    expect(screen.getByRole('list', { name: 'Cut-offs' }).textContent).toContain(
      '2026/12/26 20:00 local time (UTC+08:00)',
    );
    // A port the server could not place is written in UTC, never guessed.
    expect(screen.getByText('2027/01/19 12:00 UTC')).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('names the ports of departure and arrival in Persian, each port isolated', async () => {
    const places = [{ code: 'CNSHA', name: 'Shanghai', timeZone: 'Asia/Shanghai' }];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ isSuccess: true, isError: false, response: places }))),
    );
    await setLanguage('fa');
    try {
      render(<BookingSailingFacts booked={booked({ ...estimate, portOfDischarge: 'IRBND' })} />);
      const terms = () => [...document.querySelectorAll('dt')];
      await waitFor(() => expect(terms()[0].textContent).toBe('زمان حرکت از \u2068Shanghai\u2069'));
      expect(terms()[1].textContent).toBe('زمان رسیدن به \u2068IRBND\u2069');
      expect(terms()[0].querySelector('bdi')?.textContent).toBe('\u2068Shanghai\u2069');
      expect(screen.getByText('۱۴۰۵/۱۰/۰۸ ۲۰:۰۰ به وقت محلی (UTC+۰۸:۰۰)')).toBeTruthy();
    } finally {
      await i18next.changeLanguage('en');
      vi.unstubAllGlobals();
    }
  });

  it("says a sailing in the contract's word in either language: its region, its heading and its sentences", async () => {
    const departed = { at: '2026-12-30T03:40:00+08:00', vesselName: 'KING OF THE SEAS', port: 'CNSHA' };
    const moved = booked(estimate, { ...estimate, departure: '2026-12-28T12:00:00Z' });
    const sentences = ['theCarrierNamedThis', 'movedDeparture', 'movedArrival', 'movedBoth'] as const;
    for (const language of ['en', 'fa'] as const) {
      await setLanguage(language);
      try {
        const sailing = fieldLabel('sailing');
        const says = (text: string | null | undefined) => expect(text?.toLowerCase()).toContain(sailing.toLowerCase());
        for (const standing of [{}, { ended: true }, { booked: { ...moved, departed } }]) {
          const { unmount } = render(<BookingSailingFacts booked={moved} {...standing} />);
          says(screen.getByRole('region', { name: sailing }).querySelector('h3')?.textContent);
          unmount();
        }
        for (const key of sentences) says(i18next.t(`sailingFacts.${key}`, { ns: 'common' }));
      } finally {
        await setLanguage('en');
      }
    }
  });
});
