/**
 * The order's words in the reader's language: a field's label comes from src/lib/order-fields (`fieldLabel`,
 * the booking catalogue's one set of field words, every screen's), a freight choice's word from here.
 */
import i18next from 'i18next';
import { fieldLabel } from '@/lib/order-fields';

type Described = { key: string; label: string; unit?: string };

/** The label of a field (or of a revision's wire key), with its unit: "Temperature (°C)" / "دما (°C)". */
export function orderFieldLabel(field: Described): string {
  return fieldLabel('orderFields', field);
}

/** A freight choice's word (the wire's 1 collect, 2 prepaid). */
export function freightWord(value: number, english: string | undefined): string {
  const words = i18next.t('booking:freightWords', { returnObjects: true }) as unknown as Record<string, string>;
  return words[String(value)] ?? english ?? '-';
}
