import { describe, expect, it } from 'vitest';
import { milestoneEvent, milestoneProblems, parseMilestoneMoment } from './milestone';
import type { MilestoneForm } from './milestone';

const loaded: MilestoneForm = {
  reference: 'fb-2027-000123',
  code: 'LOAD',
  classifier: 'ACT',
  container: 'segu5123408',
  port: 'irbnd',
  vessel: 'KING OF THE SEAS',
  at: '2027/01/06 08:30',
};

describe('a milestone recorded by hand', () => {
  it('becomes the TNT event of its kind, tied to the booking, its time in UTC', () => {
    const event = milestoneEvent(loaded, 'staff-1', new Date('2027-01-06T09:00:00.123Z'));
    expect(event).toMatchObject({
      eventID: 'staff-1',
      eventDateTime: '2027-01-06T08:30:00Z',
      eventUpdatedDateTime: '2027-01-06T09:00:00Z',
      eventLocation: { UNLocationCode: 'IRBND' },
      eventClassification: { eventTypeCode: 'EQUIPMENT', eventClassifierCode: 'ACT', equipmentEventTypeCode: 'LOAD' },
      shipmentDetails: { documentReference: { typeCode: 'BKG', reference: 'FB-2027-000123' } },
      equipmentDetails: { equipmentReference: 'SEGU5123408' },
      transportDetails: { transportCall: { vesselTransport: { vesselName: 'KING OF THE SEAS' } } },
    });
    const departed = milestoneEvent({ ...loaded, code: 'DEPA', container: '' }, 'staff-2', new Date());
    expect(departed.eventClassification).toEqual({
      eventTypeCode: 'TRANSPORT',
      eventClassifierCode: 'ACT',
      transportEventTypeCode: 'DEPA',
    });
    expect(departed.equipmentDetails).toBeUndefined();
    // As the screens write it, with its zone: the same instant.
    expect(milestoneEvent({ ...loaded, at: '2027/01/06 08:30 UTC' }, 'staff-3', new Date()).eventDateTime).toBe(
      '2027-01-06T08:30:00Z',
    );
  });

  it("names the booking by the kind of reference typed: its own (BKG), or its transport document's (TRD)", () => {
    // The shapes the tracking door takes (web/openapi.json, GET /v3/events): a transport document is `BL-` and
    // the booking's reference; a published event's TRD names it, BKG the booking (decision 3822).
    const documentOf = (reference: string) =>
      (milestoneEvent({ ...loaded, reference }, 'staff-4', new Date()).shipmentDetails as Record<string, unknown>)
        .documentReference;
    expect(documentOf(' bl-fb-2027-000123 ')).toEqual({ typeCode: 'TRD', reference: 'BL-FB-2027-000123' });
    expect(documentOf('FB-2027-000123')).toEqual({ typeCode: 'BKG', reference: 'FB-2027-000123' });
  });

  it('names what is missing: a container for equipment, a UN/LOCODE, the reference and the time', () => {
    expect(milestoneProblems(loaded)).toEqual({});
    expect(
      Object.keys(milestoneProblems({ ...loaded, container: 'ABC', port: 'Hamburg', reference: ' ', at: '' })).sort(),
    ).toEqual(['at', 'container', 'port', 'reference']);
    expect(milestoneProblems({ ...loaded, code: 'ARRI', container: '' })).toEqual({});
    // The one format only: the browser's own (01/06/2027) or an ISO value typed by hand is refused.
    for (const at of ['01/06/2027 08:30', '2027-01-06T08:30', '2027/02/30 08:30', '2027/01/06'])
      expect(milestoneProblems({ ...loaded, at }).at).toBe('A time as YYYY/MM/DD HH:MM, in UTC');
  });
});

describe('a milestone time typed in the Solar Hijri calendar', () => {
  it('reads a year below 1700 as Solar Hijri, with Latin or Persian digits, and sends the same UTC instant', () => {
    expect(parseMilestoneMoment('1405/10/24 08:30')).toBe('2027-01-14T08:30:00Z');
    expect(parseMilestoneMoment('۱۴۰۵/۱۰/۲۴ ۰۸:۳۰')).toBe('2027-01-14T08:30:00Z');
    expect(parseMilestoneMoment('۱۴۰۵/۰۱/۰۱ ۰۰:۰۰ UTC')).toBe('2026-03-21T00:00:00Z');
    expect(parseMilestoneMoment('2027/01/14 08:30')).toBe('2027-01-14T08:30:00Z');
    // No 31 Esfand in 1405, no 13th month, no 24:00.
    for (const typed of ['1405/12/31 08:30', '1405/13/01 08:30', '1405/10/24 24:00', '1405-10-24 08:30'])
      expect(parseMilestoneMoment(typed)).toBeNull();
  });
});
