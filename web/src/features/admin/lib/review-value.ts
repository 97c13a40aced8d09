import { localDigits } from '@/lib/format';
import { personWords } from '@/lib/people';

// A profile's Solar Hijri birth date is kept as it was typed (`1370/05/14`), not as a Gregorian day the
// formatters convert: it is written in the language's digits here, as every other Solar Hijri day is.
const SOLAR_HIJRI_DAYS = new Set(['birthDate']);

/** A customer's field as staff review it (a sign-up, a profile edit): an erased customer's value in the reader's
 * words, a list joined, and a Solar Hijri day in the language's digits. */
export function reviewValue(key: string, value: unknown): string {
  const text = personWords(Array.isArray(value) ? value.join(', ') : value == null ? '' : String(value));
  return SOLAR_HIJRI_DAYS.has(key) ? localDigits(text) : text;
}
