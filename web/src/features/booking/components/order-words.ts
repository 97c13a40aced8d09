/**
 * The order's field labels in the reader's language. The field list (src/lib/order-fields) names each field in
 * English for every screen; the booking catalogue says the customer's ones, keyed by the same wire key, and a
 * field it does not know keeps the list's own label.
 */
import i18next from 'i18next';

type Described = { key: string; label: string; unit?: string };

function words(section: 'orderFields' | 'freightWords'): Record<string, string> {
  return i18next.t(`booking:${section}`, { returnObjects: true }) as unknown as Record<string, string>;
}

/** The label of a field (or of a revision's wire key), with its unit: "Temperature (°C)" / "دما (°C)". */
export function orderFieldLabel(field: Described): string {
  const label = words('orderFields')[field.key === 'frightType' ? 'freightType' : field.key] ?? field.label;
  return field.unit ? `${label} (${field.unit})` : label;
}

/** A freight choice's word (the wire's 1 collect, 2 prepaid). */
export function freightWord(value: number, english: string | undefined): string {
  return words('freightWords')[String(value)] ?? english ?? '-';
}
