import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { RecordMilestone } from './tracking';

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function posted(fetchMock: ReturnType<typeof vi.fn>): { eventDateTime: string }[] {
  return fetchMock.mock.calls.flatMap(
    ([, init]) => (JSON.parse(String((init as RequestInit).body)) as { events: { eventDateTime: string }[] }).events,
  );
}

describe('recording a milestone by hand: the time in the one format, UTC', () => {
  let fetchMock: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    fetchMock = vi.fn().mockResolvedValue(new Response(JSON.stringify({ feedbackElements: [] }), { status: 201 }));
    vi.stubGlobal('fetch', fetchMock);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.unstubAllEnvs();
    vi.useRealTimers();
  });

  it('is a text field labelled UTC with the format shown, not the browser date-time picker', () => {
    renderWithProviders(<RecordMilestone />);
    const when = screen.getByLabelText<HTMLInputElement>('When (UTC)');
    expect(when.type).toBe('text');
    expect(when.placeholder).toBe('YYYY/MM/DD HH:MM');
    const hint = document.getElementById(when.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe('YYYY/MM/DD HH:MM in UTC, like 2027/01/14 08:30');
  });

  it('refuses the browser format and sends the typed time as the same ISO instant', async () => {
    renderWithProviders(<RecordMilestone />);
    type('Booking or bill of lading reference', 'FB-2027-000123');
    type('Container number', 'SEGU5123408');
    type('Port (UN/LOCODE)', 'IRBND');
    type('When (UTC)', '01/06/2027 08:30 PM');
    fireEvent.click(screen.getByRole('button', { name: 'Record milestone' }));
    await screen.findByText('A time as YYYY/MM/DD HH:MM, in UTC');
    expect(fetchMock).not.toHaveBeenCalled();

    type('When (UTC)', '2027/01/06 20:00');
    fireEvent.click(screen.getByRole('button', { name: 'Record milestone' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    expect(posted(fetchMock)[0].eventDateTime).toBe('2027-01-06T20:00:00Z');
  });

  it("sends a bill of lading's reference as its transport document (TRD), a booking's as the booking (BKG)", async () => {
    renderWithProviders(<RecordMilestone />);
    type('Booking or bill of lading reference', 'BL-FB-2027-000123');
    type('Container number', 'SEGU5123408');
    type('Port (UN/LOCODE)', 'IRBND');
    type('When (UTC)', '2027/01/06 20:00');
    fireEvent.click(screen.getByRole('button', { name: 'Record milestone' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    const [sent] = posted(fetchMock) as unknown as { shipmentDetails: { documentReference: unknown } }[];
    expect(sent.shipmentDetails.documentReference).toEqual({ typeCode: 'TRD', reference: 'BL-FB-2027-000123' });
  });

  it('"Now" writes the current moment in UTC, in the same format, whatever the browser zone', () => {
    vi.stubEnv('TZ', 'Asia/Tehran'); // +03:30: local time there is already 2026/11/27 03:15
    expect(new Date('2026-11-26T23:45:10Z').getDate()).toBe(27);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T23:45:10Z'));
    renderWithProviders(<RecordMilestone />);
    fireEvent.click(screen.getByRole('button', { name: 'Now' }));
    expect(screen.getByLabelText<HTMLInputElement>('When (UTC)').value).toBe('2026/11/26 23:45');
  });
});
