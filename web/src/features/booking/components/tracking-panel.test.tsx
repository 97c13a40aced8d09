import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import type { RateRequestDetail } from '../api/booking-api';
import { milestoneWords } from '../api/tracking-api';
import { TrackingPanel } from './tracking-panel';

const progress = {
  stage: 'loaded',
  summary: 'Loaded on KING OF THE SEAS at Bandar Abbas, arriving Hamburg 14 Jan, 2 days late',
  vesselName: 'KING OF THE SEAS',
  lastMilestoneAt: '2026-01-06T08:00:00Z',
  estimatedArrival: '2026-01-14T08:00:00Z',
  arrivalDelayHours: 48,
  milestones: 2,
};

function detail(withProgress: boolean): RateRequestDetail {
  return {
    id: 'r1',
    reference: 'FB-2026-000123',
    progress: withProgress ? progress : null,
  } as unknown as RateRequestDetail;
}

const events = [
  {
    eventID: 'gi',
    eventDateTime: '2026-01-05T08:00:00Z',
    eventClassification: { eventTypeCode: 'EQUIPMENT', eventClassifierCode: 'ACT', equipmentEventTypeCode: 'GTIN' },
    eventLocation: { UNLocationCode: 'IRBND' },
    equipmentDetails: { equipmentReference: 'HLXU8097389' },
  },
  {
    eventID: 'eta',
    eventDateTime: '2026-01-14T08:00:00Z',
    eventClassification: { eventTypeCode: 'TRANSPORT', eventClassifierCode: 'EST', transportEventTypeCode: 'ARRI' },
    eventLocation: { UNLocationCode: 'DEHAM' },
    transportDetails: { transportCall: { vesselTransport: { vesselName: 'KING OF THE SEAS' } } },
  },
];

afterEach(() => vi.unstubAllGlobals());

describe('TrackingPanel', () => {
  it('shows nothing before the first tracking event', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderWithProviders(<TrackingPanel detail={detail(false)} />);
    expect(screen.queryByTestId('tracking-panel')).toBeNull();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('tells where the cargo is and lists the milestones read through the standard door', async () => {
    const fetchSpy = vi.fn(async (_url: string) => new Response(JSON.stringify({ events }), { status: 200 }));
    vi.stubGlobal('fetch', fetchSpy);
    renderWithProviders(<TrackingPanel detail={detail(true)} />);
    expect(screen.getByRole('status').textContent).toBe(progress.summary);
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(2));
    const [first, second] = screen.getAllByRole('listitem');
    expect(first.textContent).toContain('Gated in at IRBND · HLXU8097389');
    expect(second.textContent).toContain('Arrival (estimated) at DEHAM · KING OF THE SEAS');
    expect(String(fetchSpy.mock.calls[0][0])).toBe('/v3/events?carrierBookingReference=FB-2026-000123');
  });

  it('writes each event in its port time by the port name, and drops an estimate the actual event replaced', async () => {
    const arrived = {
      eventID: 'ata',
      eventDateTime: '2026-01-15T07:00:00+01:00',
      eventClassification: { eventTypeCode: 'TRANSPORT', eventClassifierCode: 'ACT', transportEventTypeCode: 'ARRI' },
      eventLocation: { UNLocationCode: 'DEHAM', locationName: 'Hamburg' },
      transportDetails: { transportCall: { vesselTransport: { vesselName: 'KING OF THE SEAS' } } },
    };
    const places = [
      { code: 'DEHAM', name: 'Hamburg', timeZone: 'Europe/Berlin' },
      { code: 'IRBND', name: 'Bandar Abbas', timeZone: 'Asia/Tehran' },
    ];
    const fetchSpy = vi.fn(async (url: string) =>
      String(url).startsWith('/booking/api/v1/places')
        ? new Response(JSON.stringify({ isSuccess: true, isError: false, response: places }), { status: 200 })
        : new Response(JSON.stringify({ events: [...events, arrived] }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchSpy);
    renderWithProviders(<TrackingPanel detail={detail(true)} />);
    await waitFor(() => expect(screen.getAllByRole('listitem')[0].textContent).toContain('Bandar Abbas'));
    const rows = screen.getAllByRole('listitem').map((row) => row.textContent);
    expect(rows).toEqual([
      '2026/01/05 11:30 local time (UTC+03:30) Gated in at Bandar Abbas · HLXU8097389',
      '2026/01/15 07:00 local time (UTC+01:00) Arrival at Hamburg · KING OF THE SEAS',
    ]);
  });

  it('shows a booking that ended as tracked until then: what happened, no forecast or sailing plan', async () => {
    const ended = {
      ...progress,
      stage: 'gated-in',
      summary: 'Gated in at Bandar Abbas; tracking stopped when the booking ended',
      estimatedArrival: null,
      arrivalDelayHours: null,
      ended: true,
    };
    const fetchSpy = vi.fn(async (_url: string) => new Response(JSON.stringify({ events }), { status: 200 }));
    vi.stubGlobal('fetch', fetchSpy);
    const cancelled = { ...detail(true), progress: ended } as unknown as RateRequestDetail;
    renderWithProviders(<TrackingPanel detail={cancelled} />);
    const panel = screen.getByTestId('tracking-panel');
    expect(panel.dataset.ended).toBe('true');
    expect(screen.getByRole('heading', { name: 'Where your cargo was last reported' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(ended.summary);
    expect(panel.textContent).toContain('This booking has ended, so its tracking stopped');
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(screen.getByRole('listitem').textContent).toContain('Gated in at IRBND · HLXU8097389');
    // No sailing plan is asked for to fill in a booking that will not sail.
    const asked = fetchSpy.mock.calls.map(([url]) => String(url));
    expect(asked).toContain('/v3/events?carrierBookingReference=FB-2026-000123');
    expect(asked.filter((url) => url.includes('/sailing'))).toEqual([]);
  });

  it('names milestones in words', () => {
    expect(milestoneWords(events[0])).toBe('Gated in');
    expect(milestoneWords(events[1])).toBe('Arrival (estimated)');
  });
});
