import { i18next } from '@/i18n';

/**
 * A tracking milestone's name in the language shown, by its DCSA code ("Loaded", "Departure (estimated)"):
 * the tracking catalogue's `milestones` and `classifiers`, the one table every screen names milestones by (the
 * customer's timeline, staff's unmatched events). An unknown code is said as sent.
 */
export function milestoneName(code: string, classifier?: string | null): string {
  const words = i18next.t('tracking:milestones', { returnObjects: true }) as unknown as Record<string, string>;
  const kinds = i18next.t('tracking:classifiers', { returnObjects: true }) as unknown as Record<string, string>;
  const what = words[code] ?? code;
  return classifier && classifier !== 'ACT' && kinds[classifier] ? `${what} (${kinds[classifier]})` : what;
}

/** The classification of a TNT 3.0 event, as far as its name goes. */
export interface MilestoneClassification {
  eventClassifierCode?: string;
  equipmentEventTypeCode?: string;
  transportEventTypeCode?: string;
  shipmentEventTypeCode?: string;
}

/** What a TNT 3.0 event says happened, in words (its equipment, transport or shipment code). */
export function milestoneWords(event: { eventClassification?: MilestoneClassification }): string {
  const c = event.eventClassification ?? {};
  const code = c.equipmentEventTypeCode ?? c.transportEventTypeCode ?? c.shipmentEventTypeCode ?? '';
  return milestoneName(code, c.eventClassifierCode);
}
