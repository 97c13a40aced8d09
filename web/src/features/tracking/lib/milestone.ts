import { parseMoment } from '@/lib/format';

/**
 * A milestone staff record by hand, as the DCSA TNT 3.0 event the door takes: the booking's
 * reference ties it; an equipment milestone names its container, a vessel's its vessel; the time typed is
 * UTC (every screen writes UTC).
 */
export const MILESTONES = [
  { code: 'GTIN', type: 'EQUIPMENT', words: 'Gated in' },
  { code: 'LOAD', type: 'EQUIPMENT', words: 'Loaded' },
  { code: 'DEPA', type: 'TRANSPORT', words: 'Vessel departed' },
  { code: 'ARRI', type: 'TRANSPORT', words: 'Vessel arrived' },
  { code: 'DISC', type: 'EQUIPMENT', words: 'Discharged' },
  { code: 'GTOT', type: 'EQUIPMENT', words: 'Gated out' },
  { code: 'DROP', type: 'EQUIPMENT', words: 'Delivered' },
] as const;
export type MilestoneCode = (typeof MILESTONES)[number]['code'];
export type Classifier = 'ACT' | 'EST' | 'PLN';

export interface MilestoneForm {
  reference: string;
  code: MilestoneCode;
  classifier: Classifier;
  container: string;
  port: string;
  vessel: string;
  /** As typed, in the one format: `YYYY/MM/DD HH:MM`, UTC. */
  at: string;
}

const STAFF = { partyCode: 'FRT', codeListProvider: 'ZZZ', codeListName: 'LCL', partyFunction: 'CA' };

export function isEquipment(code: MilestoneCode): boolean {
  return MILESTONES.find((m) => m.code === code)?.type === 'EQUIPMENT';
}

/** What is missing or malformed, by field (the server checks again and names what it refuses). */
export function milestoneProblems(form: MilestoneForm): Partial<Record<keyof MilestoneForm, string>> {
  const problems: Partial<Record<keyof MilestoneForm, string>> = {};
  if (!form.reference.trim()) problems.reference = 'The booking reference (FB-…)';
  if (isEquipment(form.code) && !/^[A-Z]{4}\d{7}$/.test(form.container.trim().toUpperCase()))
    problems.container = 'A container number: 4 letters and 7 digits';
  if (!/^[A-Z]{2}[A-Z2-9]{3}$/.test(form.port.trim().toUpperCase())) problems.port = 'A UN/LOCODE, like DEHAM';
  if (parseMoment(form.at) === null) problems.at = 'A time as YYYY/MM/DD HH:MM, in UTC';
  return problems;
}

export function milestoneEvent(form: MilestoneForm, eventId: string, now: Date): Record<string, unknown> {
  const type = isEquipment(form.code) ? 'EQUIPMENT' : 'TRANSPORT';
  const event: Record<string, unknown> = {
    eventRouting: { originatingParty: STAFF },
    eventID: eventId,
    eventDateTime: parseMoment(form.at),
    eventUpdatedDateTime: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    eventLocation: { UNLocationCode: form.port.trim().toUpperCase() },
    eventClassification: {
      eventTypeCode: type,
      eventClassifierCode: form.classifier,
      [type === 'EQUIPMENT' ? 'equipmentEventTypeCode' : 'transportEventTypeCode']: form.code,
    },
    shipmentDetails: { documentReference: { typeCode: 'BKG', reference: form.reference.trim().toUpperCase() } },
  };
  if (type === 'EQUIPMENT')
    event.equipmentDetails = { equipmentReference: form.container.trim().toUpperCase(), emptyIndicatorCode: 'LADEN' };
  if (form.vessel.trim())
    event.transportDetails = { transportCall: { modeOfTransport: 'VESSEL', vesselTransport: { vesselName: form.vessel.trim() } } };
  return event;
}
