/**
 * A booking's tracking events, read through the DCSA Track & Trace 3.0 door with the session's
 * token: `GET /v3/events` answers the standard's body (no envelope), ordered by when each event happened.
 */
import { queryOptions } from '@tanstack/react-query';
import { bearerOfThisTab } from '@/lib/api-client';
import type { Schema } from '@/types/contract';

export type TrackingProgress = Schema<'TrackingProgress'>;

/** The few fields of a TNT 3.0 event the timeline shows. */
export interface TrackingEvent {
  eventID: string;
  eventDateTime: string;
  eventClassification?: {
    eventTypeCode?: string;
    eventClassifierCode?: string;
    equipmentEventTypeCode?: string;
    transportEventTypeCode?: string;
    shipmentEventTypeCode?: string;
  };
  eventLocation?: { UNLocationCode?: string; locationName?: string };
  equipmentDetails?: { equipmentReference?: string };
  transportDetails?: { transportCall?: { vesselTransport?: { vesselName?: string } } };
  /** Not an event: the booking's sailing's transport plan, shown where no planned event came. */
  fromSailing?: boolean;
}

/** The few fields of a booking's sailing the timeline takes its planned calls from. */
export interface SailingPlan {
  departure: string;
  arrival: string;
  portOfLoading: string;
  portOfDischarge: string;
  vesselName?: string | null;
}

function planned(id: string, code: 'DEPA' | 'ARRI', when: string, port: string, vessel?: string | null): TrackingEvent {
  return {
    eventID: id,
    eventDateTime: when,
    eventClassification: { eventTypeCode: 'TRANSPORT', eventClassifierCode: 'PLN', transportEventTypeCode: code },
    eventLocation: { UNLocationCode: port },
    ...(vessel ? { transportDetails: { transportCall: { vesselTransport: { vesselName: vessel } } } } : {}),
    fromSailing: true,
  };
}

/**
 * The timeline with the sailing's planned departure and arrival where the publishers sent no
 * planned event of that kind, in the order of their times.
 */
export function withSailingPlan(events: TrackingEvent[], sailing: SailingPlan | null | undefined): TrackingEvent[] {
  if (!sailing) return events;
  const plans = (code: string) =>
    events.some(
      (e) =>
        e.eventClassification?.transportEventTypeCode === code && e.eventClassification.eventClassifierCode === 'PLN',
    );
  const added = [
    ...(plans('DEPA')
      ? []
      : [planned('sailing-plan-depa', 'DEPA', sailing.departure, sailing.portOfLoading, sailing.vesselName)]),
    ...(plans('ARRI')
      ? []
      : [planned('sailing-plan-arri', 'ARRI', sailing.arrival, sailing.portOfDischarge, sailing.vesselName)]),
  ];
  const at = (e: TrackingEvent) => new Date(e.eventDateTime).getTime();
  return [...events, ...added].sort((a, b) => at(a) - at(b));
}

const portOf = (e: TrackingEvent) => e.eventLocation?.UNLocationCode ?? '';
const kindOf = (e: TrackingEvent) => {
  const c = e.eventClassification ?? {};
  return `${c.eventTypeCode ?? ''}/${c.equipmentEventTypeCode ?? c.transportEventTypeCode ?? c.shipmentEventTypeCode ?? ''}`;
};

/**
 * The timeline without the estimates that happened: once a milestone is actual (the vessel arrived at that
 * port), an estimate of the same milestone there is no longer news and would read as still to come.
 */
export function withoutStaleEstimates(events: TrackingEvent[]): TrackingEvent[] {
  const actual = new Set(
    events
      .filter((e) => e.eventClassification?.eventClassifierCode === 'ACT')
      .map((e) => `${kindOf(e)}@${portOf(e)}@${e.equipmentDetails?.equipmentReference ?? ''}`),
  );
  return events.filter(
    (e) =>
      e.eventClassification?.eventClassifierCode !== 'EST' ||
      !actual.has(`${kindOf(e)}@${portOf(e)}@${e.equipmentDetails?.equipmentReference ?? ''}`),
  );
}

/** "Loaded", "Departure (estimated)": what happened, in words (the tracking catalogue, by the DCSA code). */
export { milestoneWords } from '@/lib/milestone-words';

export async function fetchTrackingEvents(reference: string): Promise<TrackingEvent[]> {
  const answer = await fetch(`/v3/events?carrierBookingReference=${encodeURIComponent(reference)}`, {
    headers: bearerOfThisTab(),
  });
  if (!answer.ok) throw new Error(`Tracking events could not be read (${answer.status})`);
  const body = (await answer.json()) as { events?: TrackingEvent[] };
  return body.events ?? [];
}

export const trackingOptions = (reference: string) =>
  queryOptions({ queryKey: ['booking', 'tracking', reference], queryFn: () => fetchTrackingEvents(reference) });
