import { describe, expect, it } from 'vitest';
import { milestoneWords, withSailingPlan } from './tracking-api';
import type { TrackingEvent } from './tracking-api';

const sailing = {
  departure: '2027-01-06T18:00:00Z',
  arrival: '2027-01-12T08:00:00Z',
  portOfLoading: 'CNSHA',
  portOfDischarge: 'SGSIN',
  vesselName: 'Kharg Star',
};
const gateIn: TrackingEvent = {
  eventID: 'gi',
  eventDateTime: '2027-01-05T08:00:00Z',
  eventClassification: { eventTypeCode: 'EQUIPMENT', eventClassifierCode: 'ACT', equipmentEventTypeCode: 'GTIN' },
};
const plannedArrival: TrackingEvent = {
  eventID: 'pln',
  eventDateTime: '2027-01-13T08:00:00Z',
  eventClassification: { eventTypeCode: 'TRANSPORT', eventClassifierCode: 'PLN', transportEventTypeCode: 'ARRI' },
};

describe('withSailingPlan', () => {
  it("adds the sailing's planned departure and arrival in time order, marked as the schedule's", () => {
    const timeline = withSailingPlan([gateIn], sailing);
    expect(timeline.map((e) => [e.eventID, milestoneWords(e), e.eventLocation?.UNLocationCode])).toEqual([
      ['gi', 'Gated in', undefined],
      ['sailing-plan-depa', 'Departure (planned)', 'CNSHA'],
      ['sailing-plan-arri', 'Arrival (planned)', 'SGSIN'],
    ]);
    expect(timeline.filter((e) => e.fromSailing)).toHaveLength(2);
  });

  it('leaves out a plan a publisher sent, and everything without a sailing', () => {
    const timeline = withSailingPlan([gateIn, plannedArrival], sailing);
    expect(timeline.map((e) => e.eventID)).toEqual(['gi', 'sailing-plan-depa', 'pln']);
    expect(withSailingPlan([gateIn], null)).toEqual([gateIn]);
  });
});
