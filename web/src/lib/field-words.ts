/**
 * What a field is, in words, for people, from the one catalogue the server reads too
 * (contract/field-labels.json): staff saw `FirstName`, `EconimocCode`, `RegisterationCode`; customers saw
 * `contactPerson:`. The wire keeps its keys and the specification's spellings; screens say these words.
 * Takes a record key (`economicCode`), the review's field name (`EconimocCode`) or a domain name.
 */
import catalogue from '../../../contract/field-labels.json';
import { currentLanguage } from '@/i18n';

/** `person`: the fields `profile` words as a company's (`name`), said of a person's login instead. */
export type FieldArea = 'booking' | 'profile' | 'person';
type Labels = Record<string, Record<string, string>>;

const LABELS: Record<FieldArea, Labels> = {
  booking: catalogue.booking,
  profile: catalogue.profile,
  person: catalogue.person,
};
const ALIASES: Record<string, string> = catalogue.aliases;

/** `hsCode` -> `hs_code`, `EconimocCode` -> `econimoc_code`, `isSWBL` -> `is_swbl` (as the server does). */
export function snake(key: string): string {
  return key
    .replace(/([a-z0-9])(?=[A-Z])/g, '$1_')
    .replace(/-/g, '_')
    .toLowerCase();
}

/** The catalogue's words for a field of this area, or undefined where the area names no such field. */
export function namedFieldLabel(
  key: string,
  area: FieldArea,
  language: string = currentLanguage(),
): string | undefined {
  const name = ALIASES[snake(key)] ?? snake(key);
  return LABELS[area][name]?.[language] ?? LABELS[area][name]?.en;
}

/** In the language shown now unless told; a word the catalogue lacks in that language reads the English one. */
export function fieldLabel(key: string, area: FieldArea = 'booking', language: string = currentLanguage()): string {
  const known = namedFieldLabel(key, area, language);
  if (known) return known;
  const name = ALIASES[snake(key)] ?? snake(key);
  const words = name.replace(/_+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : key;
}

/** A profile field's words (the accounts' screens). */
export function fieldWords(key: string): string {
  return fieldLabel(key, 'profile');
}
