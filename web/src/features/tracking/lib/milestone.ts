import { i18next } from '@/i18n';
import { formatAt, latinDigits, momentField, parseMoment } from '@/lib/format';
import { gregorianDay } from '@/lib/solar-hijri';

/**
 * A milestone staff record by hand, as the DCSA TNT 3.0 event the door takes: the reference typed ties it, the
 * booking's own (BKG) or its transport document's (`BL-` and the booking's reference: TRD, decision 3830);
 * an equipment milestone names its container, a vessel's its vessel; the time typed is
 * UTC (every screen writes UTC). A year below 1700 is typed in the Solar Hijri calendar (1405 is 2026/27), as a
 * Persian reader reads every date; the wire takes the same Gregorian instant either way.
 */
export const MILESTONES = [
  { code: 'GTIN', type: 'EQUIPMENT' },
  { code: 'LOAD', type: 'EQUIPMENT' },
  { code: 'DEPA', type: 'TRANSPORT' },
  { code: 'ARRI', type: 'TRANSPORT' },
  { code: 'DISC', type: 'EQUIPMENT' },
  { code: 'GTOT', type: 'EQUIPMENT' },
  { code: 'DROP', type: 'EQUIPMENT' },
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

// A transport document's reference, as the tracking door names it (web/openapi.json, `transportDocumentReference`
// of GET /v3/events: `BL-` and the booking's reference; domain/booking/document_references.py).
const TRANSPORT_DOCUMENT_PREFIX = 'BL-';

/** The document a typed reference names, as the standard's document reference: the booking's transport document
 * (TRD) when it is one, else the booking (BKG). */
export function documentReference(typed: string): { typeCode: 'BKG' | 'TRD'; reference: string } {
  const reference = typed.trim().toUpperCase();
  return { typeCode: reference.startsWith(TRANSPORT_DOCUMENT_PREFIX) ? 'TRD' : 'BKG', reference };
}

export function isEquipment(code: MilestoneCode): boolean {
  return MILESTONES.find((m) => m.code === code)?.type === 'EQUIPMENT';
}

/** `1405/10/24 08:30` (Solar Hijri, Latin or Persian digits) or `2027/01/14 08:30` -> `2027-01-14T08:30:00Z`,
 * UTC; null when it is not that format or not a real moment (1405/12/31 in a common year, 2027/02/30). */
export function parseMilestoneMoment(text: string): string | null {
  const typed = latinDigits(text).trim();
  const match = /^(\d{4})\/(\d{2})\/(\d{2})( +\d{2}:\d{2}(?: *UTC)?)$/i.exec(typed);
  if (!match || Number(match[1]) >= 1700) return parseMoment(typed);
  const [year, month, day] = match.slice(1, 4).map(Number);
  const gregorian = gregorianDay(year, month, day);
  if (!gregorian) return null;
  const two = (n: number) => String(n).padStart(2, '0');
  return parseMoment(`${gregorian.year}/${two(gregorian.month)}/${two(gregorian.day)}${match[4]}`);
}

/** A moment as the time field shows it in the language: Solar Hijri with Persian digits in Persian. */
export function milestoneField(value: Date | string, language: 'en' | 'fa'): string {
  if (language === 'en') return momentField(value);
  return formatAt(typeof value === 'string' ? value : value.toISOString(), 'UTC', false, 'fa').replace(/ UTC$/, '');
}

/** What is missing or malformed, by field (the server checks again and names what it refuses). */
export function milestoneProblems(form: MilestoneForm): Partial<Record<keyof MilestoneForm, string>> {
  const problems: Partial<Record<keyof MilestoneForm, string>> = {};
  if (!form.reference.trim()) problems.reference = i18next.t('recordMilestone.problems.reference', { ns: 'tracking' });
  if (isEquipment(form.code) && !/^[A-Z]{4}\d{7}$/.test(form.container.trim().toUpperCase()))
    problems.container = i18next.t('recordMilestone.problems.container', { ns: 'tracking' });
  if (!/^[A-Z]{2}[A-Z2-9]{3}$/.test(form.port.trim().toUpperCase()))
    problems.port = i18next.t('recordMilestone.problems.port', { ns: 'tracking' });
  if (parseMilestoneMoment(form.at) === null)
    problems.at = i18next.t('recordMilestone.problems.at', { ns: 'tracking' });
  return problems;
}

export function milestoneEvent(form: MilestoneForm, eventId: string, now: Date): Record<string, unknown> {
  const type = isEquipment(form.code) ? 'EQUIPMENT' : 'TRANSPORT';
  const event: Record<string, unknown> = {
    eventRouting: { originatingParty: STAFF },
    eventID: eventId,
    eventDateTime: parseMilestoneMoment(form.at),
    eventUpdatedDateTime: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    eventLocation: { UNLocationCode: form.port.trim().toUpperCase() },
    eventClassification: {
      eventTypeCode: type,
      eventClassifierCode: form.classifier,
      [type === 'EQUIPMENT' ? 'equipmentEventTypeCode' : 'transportEventTypeCode']: form.code,
    },
    shipmentDetails: { documentReference: documentReference(form.reference) },
  };
  if (type === 'EQUIPMENT')
    event.equipmentDetails = { equipmentReference: form.container.trim().toUpperCase(), emptyIndicatorCode: 'LADEN' };
  if (form.vessel.trim())
    event.transportDetails = {
      transportCall: { modeOfTransport: 'VESSEL', vesselTransport: { vesselName: form.vessel.trim() } },
    };
  return event;
}
