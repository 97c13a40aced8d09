/**
 * A person's data as the reader is told it. Once a person is erased, every personal field of theirs opens
 * as one marker (`contract/erased-person.json`, the server's `ERASED`); the screens say it in the reader's
 * words instead of showing the marker.
 */
import { currentLanguage } from '@/i18n';
import type { Language } from '@/i18n';
import erased from '../../../contract/erased-person.json';

export function personWords(text: string, language: Language = currentLanguage()): string {
  return text.includes(erased.marker) ? text.replaceAll(erased.marker, erased.words[language]) : text;
}

/** A name made of its parts (first and last): an erased person's parts are each the marker, said once, as the
 * server's `person_name` says it. */
export function personName(...parts: (string | null | undefined)[]): string {
  const given = parts.map((part) => (part ?? '').trim()).filter(Boolean);
  return given.length > 0 && given.every((part) => part === erased.marker) ? erased.marker : given.join(' ');
}
