import { currentLanguage } from '@/i18n';
import type { Language } from '@/i18n';
import { words } from '../../../../../contract/audit-words.json';

/** Between the items of a list whose items may hold commas of their own (each cut-off and its time): the
 * language's semicolon with its space, "; " or "؛ ", the words the audit trail and the server's trail use. */
export function itemsSeparator(language: Language = currentLanguage()): string {
  return words.items_separator[language];
}
